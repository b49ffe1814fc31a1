// i18next setup: en-us (default) is bundled with the first screen, de and de-ch load on demand;
// de-ch falls back to de, then en-us.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../entities/account';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, isLanguage, languageFromNavigator } from './languages';
import { en } from './resources';

export { LANGUAGES, DEFAULT_LANGUAGE, isLanguage } from './languages';

function initialLanguage(): Locale {
  try {
    const saved = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // storage may be blocked; fall through
  }
  return languageFromNavigator();
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { 'en-us': { translation: en } },
  lng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  lowerCaseLng: true,
  load: 'currentOnly',
  fallbackLng: { 'de-ch': ['de', DEFAULT_LANGUAGE], default: [DEFAULT_LANGUAGE] },
  interpolation: { escapeValue: false },
  initAsync: false,
});

function applyLanguage(lng: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lng === 'en-us' ? 'en-US' : lng === 'de-ch' ? 'de-CH' : lng;
}
i18n.on('languageChanged', applyLanguage);

let germanLoaded: Promise<void> | null = null;
/** Adds the German bundles (de and de-ch) once. */
function loadGerman(): Promise<void> {
  germanLoaded ??= import('./resources-de').then(({ de, deCh }) => {
    i18n.addResourceBundle('de', 'translation', de, true, true);
    i18n.addResourceBundle('de-ch', 'translation', deCh, true, true);
  });
  return germanLoaded;
}

/** The current UI language, one of LANGUAGES. */
export function currentLanguage(): Locale {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches the UI language at once and remembers it for the next visit (before login). */
export async function setLanguage(locale: Locale): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // ignore
  }
  if (locale !== DEFAULT_LANGUAGE) await loadGerman();
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

/** Resolves once the language of this visit is ready; main.tsx waits for it before the first render. */
export const i18nReady: Promise<void> = (async () => {
  const locale = initialLanguage();
  try {
    if (locale !== DEFAULT_LANGUAGE) await loadGerman();
    await i18n.changeLanguage(locale);
  } catch (error) {
    console.error('[i18n]', error);
  }
  applyLanguage(i18n.language);
})();
