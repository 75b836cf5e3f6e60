import { defaultLanguage, type Language, languages, matchLanguage, messages } from '@qiming/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';

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

/**
 * Each language's UI strings are a chunk of their own: the sign-in page loads only the one it shows,
 * the back-office the others once signed in (`loadEveryLanguage`), where labels are written in all four.
 */
const uiLoaders: Record<Language, () => Promise<Record<string, unknown>>> = {
  en: () => import('./locales/en.ts').then((module) => module.en),
  zh: () => import('./locales/zh.ts').then((module) => module.zh),
  es: () => import('./locales/es.ts').then((module) => module.es),
  ja: () => import('./locales/ja.ts').then((module) => module.ja),
};

export type Resources = Record<Language, { translation: Record<string, unknown> }>;
/** The languages loaded so far, as i18next holds them. */
export const resources: Partial<Resources> = {};

const loading = new Map<Language, Promise<void>>();
export function loadLanguage(language: Language): Promise<void> {
  let loaded = loading.get(language);
  if (!loaded) {
    loaded = uiLoaders[language]().then((ui) => {
      const translation = { ...ui, ...sharedResources(language) };
      resources[language] = { translation };
      // Before init the bundle goes in with the resources; after it, into the running instance.
      if (i18n.isInitialized) i18n.addResourceBundle(language, 'translation', translation, true, true);
    });
    loading.set(language, loaded);
  }
  return loaded;
}

export function loadEveryLanguage(): Promise<void> {
  return Promise.all(languages.map(loadLanguage)).then(() => undefined);
}

/** The language cookie, else the browser's languages, else English (spec section 4). */
export function detectLanguage(): Language {
  return (
    matchLanguage([Cookies.get(languageCookie) ?? '', ...(typeof navigator === 'undefined' ? [] : navigator.languages)]) ?? defaultLanguage
  );
}

export const i18n = i18next.createInstance();

const firstLanguage = detectLanguage();
// Tests render in any language without signing in: they get all four at once.
await (import.meta.env.MODE === 'test' ? loadEveryLanguage() : loadLanguage(firstLanguage));
await i18n.use(initReactI18next).init({
  resources,
  lng: firstLanguage,
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
  await loadLanguage(language);
  applyLanguage(language);
  await i18n.changeLanguage(language);
}
