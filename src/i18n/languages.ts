// Supported UI languages (docs/domain/browser-app.md, "Languages, formats and display"). Kept free of zod so the first screen stays
// small; it must match LOCALES in src/entities/account.ts.
import type { Locale } from '../entities/account';

export const LANGUAGES = ['en-us', 'de', 'de-ch'] as const satisfies readonly Locale[];
export const DEFAULT_LANGUAGE: Locale = 'en-us';
export const LANGUAGE_STORAGE_KEY = 'hauswerk.locale';

/** BCP 47 tags for Intl. */
export const INTL_LOCALE: Record<Locale, string> = { 'en-us': 'en-US', de: 'de-DE', 'de-ch': 'de-CH' };

export function isLanguage(value: unknown): value is Locale {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Best match for the browser's languages, e.g. de-CH → de-ch, de-AT → de, fr → en-us. */
export function languageFromNavigator(languages: readonly string[] = globalThis.navigator?.languages ?? []): Locale {
  for (const raw of languages) {
    const tag = raw.toLowerCase();
    if (isLanguage(tag)) return tag;
    if (tag.startsWith('de-ch') || tag.startsWith('gsw')) return 'de-ch';
    if (tag.startsWith('de')) return 'de';
    if (tag.startsWith('en')) return 'en-us';
  }
  return DEFAULT_LANGUAGE;
}
