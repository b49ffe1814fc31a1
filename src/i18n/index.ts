// The UI's translations (in-house, ~1 KB instead of i18next's ~22 KB): en-us (default) is bundled with the
// first screen, de and de-ch load on demand; de-ch falls back to de, then en-us (translate.ts). The language
// is a tiny external store, so every useTranslation() consumer re-renders when it changes.
import { useSyncExternalStore } from 'react';
import type { Locale } from '../entities/account';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, isLanguage, languageFromNavigator } from './languages';
import { en } from './resources';
import { translate, type Messages, type TFunction, type TranslateParams } from './translate';

export { LANGUAGES, DEFAULT_LANGUAGE, isLanguage } from './languages';
export type { TFunction, TranslateParams } from './translate';

const resources: Partial<Record<Locale, Messages>> = { 'en-us': en };

/** What consumers read: the language and a `t` bound to it (a new `t` whenever the language changes). */
export interface I18nSnapshot {
  readonly language: Locale;
  readonly t: TFunction;
}

function snapshotFor(language: Locale): I18nSnapshot {
  return { language, t: (key, params) => translate(resources, language, key, params) };
}

let snapshot = snapshotFor(DEFAULT_LANGUAGE);
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getSnapshot = (): I18nSnapshot => snapshot;

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

/** Adds namespaces to a language (bundles arrive in any order: the base German one, the record screens'). */
function install(locale: Locale, messages: Messages): void {
  resources[locale] = { ...(resources[locale] ?? {}), ...messages };
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
  if (snapshot.language === locale) return;
  snapshot = snapshotFor(locale);
  applyLanguage(locale);
  for (const listener of listeners) listener();
}

let recordsLoaded: Promise<void> | null = null;
/** Adds the record screens' namespaces (entities, enums, grid, records) once; the grid routes await it. */
export function loadRecordTranslations(): Promise<void> {
  recordsLoaded ??= import('./resources-records').then(
    ({ en: enRecords, de, deCh }) => {
      install('en-us', enRecords);
      install('de', de);
      install('de-ch', deCh);
      snapshot = snapshotFor(snapshot.language); // a new `t`, so every consumer re-renders with the new keys
      for (const listener of listeners) listener();
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
    return snapshot.language;
  },
  t: (key: string, params?: TranslateParams): string => snapshot.t(key, params),
  changeLanguage,
};
export type I18n = typeof i18n;

/** The translation hook: `const { t, i18n } = useTranslation()`. */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const { t } = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { t, i18n };
}

/** The current UI language, one of LANGUAGES. */
export function currentLanguage(): Locale {
  return snapshot.language;
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
  applyLanguage(snapshot.language);
})();
