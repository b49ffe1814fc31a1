// The UI's translations: an i18next instance with react-i18next (docs/decisions.md, "Client", i18n; the options it
// shares with the server are in options.ts). en-us (the default) is bundled with the first screen; de and de-ch are
// added when one of them is chosen, and the record screens' namespaces when a grid route asks for them
// (addResourceBundle after a dynamic import). de-ch falls back to de, then en-us.
import i18next from 'i18next';
import { initReactI18next, useTranslation as useI18nextTranslation } from 'react-i18next';
import type { Locale } from '../entities/account';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, isLanguage, languageFromNavigator } from './languages';
import { addFormatters, i18nOptions, type TFunction, type TranslateParams } from './options';
import { en } from './resources';

export { LANGUAGES, DEFAULT_LANGUAGE, isLanguage } from './languages';
export type { TFunction, TranslateParams } from './options';

type Namespaces = Readonly<Record<string, object>>;

/** Every namespace of the UI: the first screen's (resources.ts) and the record screens' (resources-records.ts). */
export const FIRST_SCREEN_NAMESPACES = Object.keys(en);
export const RECORD_NAMESPACES = [
  'admin',
  'calendar',
  'charts',
  'contracts',
  'entities',
  'enums',
  'grid',
  'map',
  'permissions',
  'planning',
  'records',
  'sheet',
  'transfer',
];

const instance = i18next.createInstance();
void instance.use(initReactI18next).init({
  ...i18nOptions([...FIRST_SCREEN_NAMESPACES, ...RECORD_NAMESPACES], 'common', true),
  lng: DEFAULT_LANGUAGE,
  resources: { [DEFAULT_LANGUAGE]: en },
  partialBundledLanguages: true,
  // every useTranslation() consumer re-renders with a new `t` when the language changes or namespaces arrive
  react: { useSuspense: false, bindI18n: 'languageChanged', bindI18nStore: 'added' },
});
addFormatters(instance);

/** Adds namespaces to a language (bundles arrive in any order: the base German one, the record screens'). */
function install(locale: Locale, namespaces: Namespaces): void {
  for (const [namespace, messages] of Object.entries(namespaces))
    instance.addResourceBundle(locale, namespace, messages, true, true);
}

function applyLanguage(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale === 'en-us' ? 'en-US' : locale === 'de-ch' ? 'de-CH' : locale;
}

function initialLanguage(): Locale {
  try {
    const saved = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // storage may be blocked; fall through
  }
  return languageFromNavigator();
}

let germanLoaded: Promise<void> | null = null;
/** Adds the German bundles (de and de-ch) once. */
function loadGerman(): Promise<void> {
  germanLoaded ??= import('./resources-de').then(
    ({ de, deCh }) => {
      install('de', de);
      install('de-ch', deCh);
    },
    (error: unknown) => {
      germanLoaded = null;
      throw error;
    },
  );
  return germanLoaded;
}

/** Switches the language for this page (resources first), without remembering it. */
async function changeLanguage(locale: Locale): Promise<void> {
  if (locale !== DEFAULT_LANGUAGE) await loadGerman();
  if (instance.language === locale) return;
  await instance.changeLanguage(locale);
  applyLanguage(locale);
}

let recordsLoaded: Promise<void> | null = null;
/** Adds the record screens' namespaces (entities, enums, grid, records, …) once; the grid routes await it. */
export function loadRecordTranslations(): Promise<void> {
  recordsLoaded ??= import('./resources-records').then(
    ({ en: enRecords, de, deCh }) => {
      install('en-us', enRecords);
      install('de', de);
      install('de-ch', deCh);
    },
    (error: unknown) => {
      recordsLoaded = null;
      throw error;
    },
  );
  return recordsLoaded;
}

/** The i18n object the call sites know: `i18n.t(…)`, `i18n.language`, `i18n.changeLanguage(…)`. */
export const i18n = {
  get language(): Locale {
    return instance.language as Locale;
  },
  t: ((key: string, params?: TranslateParams): string =>
    instance.t(key, params as Record<string, unknown>)) as TFunction,
  changeLanguage,
  /** The i18next instance itself (tests, formatters). */
  instance,
};
export type I18n = typeof i18n;

/** The translation hook: `const { t, i18n } = useTranslation()` (react-i18next's, with this module's `i18n`). */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const { t } = useI18nextTranslation();
  return { t: t as unknown as TFunction, i18n };
}

/** The current UI language, one of LANGUAGES. */
export function currentLanguage(): Locale {
  return instance.language as Locale;
}

/** Switches the UI language at once and remembers it for the next visit (before login). */
export async function setLanguage(locale: Locale): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // ignore
  }
  await changeLanguage(locale);
}

/** Resolves once the language of this visit is ready; main.tsx waits for it before the first render. */
export const i18nReady: Promise<void> = (async () => {
  try {
    await changeLanguage(initialLanguage());
  } catch (error) {
    console.error('[i18n]', error);
  }
  applyLanguage(currentLanguage());
})();
