import { defaultLanguage, type Language, languages, type MessageKey, type MessageParams, matchLanguage } from '@qiming/shared';
import i18next from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
import { loadAntdLocale } from './antdLocale.ts';

export const languageCookie = 'language';

export const languageNames: Record<Language, string> = { en: 'English', zh: '中文', es: 'Español', ja: '日本語' };

const htmlLang: Record<Language, string> = { en: 'en', zh: 'zh-CN', es: 'es', ja: 'ja' };

type Strings = Record<string, unknown>;
type Catalogue = Record<string, Partial<Record<Language, string>>>;

/** The shared catalogue ('validation.mobile', ...) as nested resources, so `t('validation.mobile')` finds it. */
function sharedResources(messages: Catalogue, language: Language): Record<string, Record<string, string>> {
  const nested: Record<string, Record<string, string>> = {};
  for (const [key, texts] of Object.entries(messages)) {
    const [group = '', name = ''] = key.split('.', 2);
    nested[group] = { ...nested[group], [name]: texts[language] ?? '' };
  }
  return nested;
}

/** The shared catalogue in one language: vite.config.ts cuts the other three out at build time. */
const catalogues: Record<Language, () => Promise<{ messages: Catalogue }>> = {
  en: () => import('../../../../../packages/shared/src/i18n/messages.ts?language=en'),
  zh: () => import('../../../../../packages/shared/src/i18n/messages.ts?language=zh'),
  es: () => import('../../../../../packages/shared/src/i18n/messages.ts?language=es'),
  ja: () => import('../../../../../packages/shared/src/i18n/messages.ts?language=ja'),
};

/** The day names and months of dates the back-office formats; English is dayjs's own. */
const dayjsLocales: Record<Language, { name: string; load: () => Promise<unknown> }> = {
  en: { name: 'en', load: async () => undefined },
  zh: { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  es: { name: 'es', load: () => import('dayjs/locale/es') },
  ja: { name: 'ja', load: () => import('dayjs/locale/ja') },
};

/**
 * A language comes in parts, each a chunk of its own: what a signed-out visitor's pages say (sign-in,
 * error pages, the request client, the shared catalogue); the back-office's strings and date locale,
 * loaded once signed in (`loadBackOfficeStrings`); and the strings of the two areas with the most text,
 * the workflow and the cloud forms, loaded with their pages (`loadAreaStrings`). The sign-in page so
 * loads one language's few strings, and the dashboard none of the modeller's.
 */
type Part = 'signIn' | 'backOffice' | AreaPart;
export type AreaPart = 'workflow' | 'forms';
/** A part of the sign-in strings with the shared catalogue in the same language. */
const withCatalogue = (language: Language, ui: () => Promise<Strings>) => (): Promise<Strings> =>
  Promise.all([ui(), catalogues[language]()]).then(([strings, shared]) => ({ ...strings, ...sharedResources(shared.messages, language) }));
/** The back-office's strings with dayjs's and antd's texts in the same language. */
const withLocales = (language: Language, ui: () => Promise<Strings>) => (): Promise<Strings> =>
  Promise.all([ui(), dayjsLocales[language].load(), loadAntdLocale(language)]).then(([strings]) => strings);
const parts: Record<Part, Record<Language, () => Promise<Strings>>> = {
  signIn: {
    en: withCatalogue('en', () => import('./locales/signIn/en.ts').then((module) => module.signInEn)),
    zh: withCatalogue('zh', () => import('./locales/signIn/zh.ts').then((module) => module.signInZh)),
    es: withCatalogue('es', () => import('./locales/signIn/es.ts').then((module) => module.signInEs)),
    ja: withCatalogue('ja', () => import('./locales/signIn/ja.ts').then((module) => module.signInJa)),
  },
  backOffice: {
    en: withLocales('en', () => import('./locales/en.ts').then((module) => module.en)),
    zh: withLocales('zh', () => import('./locales/zh.ts').then((module) => module.zh)),
    es: withLocales('es', () => import('./locales/es.ts').then((module) => module.es)),
    ja: withLocales('ja', () => import('./locales/ja.ts').then((module) => module.ja)),
  },
  workflow: {
    en: () => import('./locales/bpm/en.ts').then((module) => ({ bpm: module.bpmEn })),
    zh: () => import('./locales/bpm/zh.ts').then((module) => ({ bpm: module.bpmZh })),
    es: () => import('./locales/bpm/es.ts').then((module) => ({ bpm: module.bpmEs })),
    ja: () => import('./locales/bpm/ja.ts').then((module) => ({ bpm: module.bpmJa })),
  },
  forms: {
    en: () =>
      Promise.all([import('./locales/formDesigner/en.ts'), import('./locales/formRun/en.ts')]).then(([designer, run]) => ({
        formDesigner: designer.formDesignerEn,
        formRun: run.formRunEn,
      })),
    zh: () =>
      Promise.all([import('./locales/formDesigner/zh.ts'), import('./locales/formRun/zh.ts')]).then(([designer, run]) => ({
        formDesigner: designer.formDesignerZh,
        formRun: run.formRunZh,
      })),
    es: () =>
      Promise.all([import('./locales/formDesigner/es.ts'), import('./locales/formRun/es.ts')]).then(([designer, run]) => ({
        formDesigner: designer.formDesignerEs,
        formRun: run.formRunEs,
      })),
    ja: () =>
      Promise.all([import('./locales/formDesigner/ja.ts'), import('./locales/formRun/ja.ts')]).then(([designer, run]) => ({
        formDesigner: designer.formDesignerJa,
        formRun: run.formRunJa,
      })),
  },
};

export type Resources = Record<Language, { translation: Strings }>;
/** The languages loaded so far, as i18next holds them. */
export const resources: Partial<Resources> = {};

/** The parts every language switched to needs: the back-office's once it has been entered. */
const wanted = new Set<Part>(['signIn']);
const loading = new Map<string, Promise<void>>();

function loadPart(part: Part, language: Language): Promise<void> {
  const key = `${part}:${language}`;
  let loaded = loading.get(key);
  if (!loaded) {
    loaded = parts[part][language]().then((strings) => {
      resources[language] = { translation: { ...resources[language]?.translation, ...strings } };
      // Before init the strings go in with the resources; after it, into the running instance.
      if (i18n.isInitialized) i18n.addResourceBundle(language, 'translation', strings, true, true);
    });
    loading.set(key, loaded);
  }
  return loaded;
}

/** Every part the pages seen so far need, in one language. */
export function loadLanguage(language: Language): Promise<void> {
  return Promise.all([...wanted].map((part) => loadPart(part, language))).then(() => undefined);
}

/** The back-office's strings and dates in the current language, and in any language switched to later. */
export async function loadBackOfficeStrings(): Promise<void> {
  wanted.add('backOffice');
  await loadLanguage(currentLanguage());
  await applyLanguage(currentLanguage());
}

/** An area's strings in the current language, and in any language switched to later. */
export function loadAreaStrings(areas: AreaPart[]): Promise<void> {
  for (const area of areas) wanted.add(area);
  return Promise.all(areas.map((area) => loadPart(area, currentLanguage()))).then(() => undefined);
}

/** The back-office's and the forms' strings in all four languages: for the form designer, which names new fields in every language. */
export function loadEveryLanguage(): Promise<void> {
  wanted.add('backOffice');
  wanted.add('forms');
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
// Tests render any page in any language without signing in: they get every part of all four at once.
if (import.meta.env.MODE === 'test') for (const part of Object.keys(parts) as Part[]) wanted.add(part);
await (import.meta.env.MODE === 'test' ? Promise.all(languages.map(loadLanguage)) : loadLanguage(firstLanguage));
await i18n.use(initReactI18next).init({
  resources,
  lng: firstLanguage,
  fallbackLng: false,
  // One placeholder style for the UI and the shared catalogue: {name}.
  interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  returnNull: false,
});

/** The page's language attribute, and the dates' locale once the back-office has loaded it. */
async function applyLanguage(language: Language): Promise<void> {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang[language];
  // dayjs is the back-office's: the sign-in page does not load it.
  if (wanted.has('backOffice')) (await import('dayjs')).default.locale(dayjsLocales[language].name);
}
await applyLanguage(i18n.language as Language);

export function currentLanguage(): Language {
  return i18n.language as Language;
}

/** A shared catalogue message (`error.badCredentials`, ...) in the given loaded language, `{name}` filled from `params`. */
export function formatMessage(key: MessageKey, language: Language, params: MessageParams = {}): string {
  return i18n.getFixedT(language)(key, params);
}

export async function changeLanguage(language: Language): Promise<void> {
  Cookies.set(languageCookie, language, { expires: 365, sameSite: 'lax' });
  await loadLanguage(language);
  await applyLanguage(language);
  await i18n.changeLanguage(language);
}
