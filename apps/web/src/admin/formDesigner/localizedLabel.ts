import { type LocalizedText, localized } from '@qiming/shared';
import { currentLanguage } from '../../core/i18n/i18n.ts';

/** A field's or option's text in the language the designer is shown in. */
export const localizedLabel = (text: LocalizedText | undefined, fallback = '') =>
  (text ? localized(text, currentLanguage()) : '') || fallback;
