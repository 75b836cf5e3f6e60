import { type Language, type LocalizedText, languages } from '@qiming/shared';
import '../../core/i18n/everyLanguage.ts';
import { i18n } from '../../core/i18n/i18n.ts';
import type { FieldNaming } from './schemaEditing.ts';

function inEveryLanguage(text: (language: Language) => string): LocalizedText {
  const texts = Object.fromEntries(languages.map((language) => [language, text(language)]));
  return { ...texts, zh: texts.zh ?? '' };
}

/** A new field is labelled with its kind's name, and options numbered, in the four languages at once. */
export const fieldNaming: FieldNaming = {
  label: (kind) => inEveryLanguage((language) => i18n.getFixedT(language)(`formDesigner.kinds.${kind}`)),
  option: (n) => inEveryLanguage((language) => i18n.getFixedT(language)('formDesigner.option', { n })),
};
