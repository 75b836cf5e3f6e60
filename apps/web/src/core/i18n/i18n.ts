import { defaultLanguage, type Language, matchLanguage, messages } from '@qiming/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en.ts';
import { es } from './locales/es.ts';
import { ja } from './locales/ja.ts';
import { zh } from './locales/zh.ts';

export const languageCookie = 'language';

export const languageNames: Record<Language, string> = { en: 'English', zh: '中文', es: 'Español', ja: '日本語' };

const dayjsLocales: Record<Language, string> = { en: 'en', zh: 'zh-cn', es: 'es', ja: 'ja' };
const htmlLang: Record<Language, string> = { en: 'en', zh: 'zh-CN', es: 'es', ja: 'ja' };

type Nested = Record<string, Record<string, string>>;

/** The shared catalogue ('validation.mobile', ...) as nested resources, so `t('validation.mobile')` finds it. */
function sharedResources(language: Language): Nested {
  const nested: Nested = {};
  for (const [key, texts] of Object.entries(messages)) {
    const [group = '', name = ''] = key.split('.', 2);
    nested[group] = { ...nested[group], [name]: texts[language] };
  }
  return nested;
}

const ui = { en, zh, es, ja };

export const resources: Record<Language, { translation: Record<string, unknown> }> = {
  en: { translation: { ...ui.en, ...sharedResources('en') } },
  zh: { translation: { ...ui.zh, ...sharedResources('zh') } },
  es: { translation: { ...ui.es, ...sharedResources('es') } },
  ja: { translation: { ...ui.ja, ...sharedResources('ja') } },
};

/** The language cookie, else the browser's languages, else English (spec section 4). */
export function detectLanguage(): Language {
  return (
    matchLanguage([Cookies.get(languageCookie) ?? '', ...(typeof navigator === 'undefined' ? [] : navigator.languages)]) ?? defaultLanguage
  );
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  fallbackLng: false,
  // One placeholder style for the UI and the shared catalogue: {name}.
  interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  returnNull: false,
});

function applyLanguage(language: Language): void {
  dayjs.locale(dayjsLocales[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang[language];
}
applyLanguage(i18n.language as Language);

export function currentLanguage(): Language {
  return i18n.language as Language;
}

export async function changeLanguage(language: Language): Promise<void> {
  Cookies.set(languageCookie, language, { expires: 365, sameSite: 'lax' });
  applyLanguage(language);
  await i18n.changeLanguage(language);
}
