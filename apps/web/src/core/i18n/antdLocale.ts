import type { Language } from '@qiming/shared';
import type { Locale } from 'antd/es/locale';

/** antd's own texts (pickers, pagination, empty lists) in the languages loaded so far. */
export const antdLocales: Partial<Record<Language, Locale>> = {};

const loaders: Record<Language, () => Promise<{ default: Locale }>> = {
  en: () => import('antd/es/locale/en_US'),
  zh: () => import('antd/es/locale/zh_CN'),
  es: () => import('antd/es/locale/es_ES'),
  ja: () => import('antd/es/locale/ja_JP'),
};

/** One language's antd texts, loaded with the back-office's strings (i18n.ts) rather than all four up front. */
export async function loadAntdLocale(language: Language): Promise<void> {
  antdLocales[language] ??= (await loaders[language]()).default;
}
