// The i18next set-up the browser (src/i18n/index.ts) and the server (server/i18n/messages.ts) share, so both read
// the same catalogue format (JSON per language and namespace, nested keys, {{name}} placeholders, key_one /
// key_other plurals by Intl.PluralRules) the same way (docs/decisions.md, "Client", i18n).
// A key is written with its namespace as the first part, 'auth.login.title' (namespace auth, key login.title):
// the namespace separator is the dot too, which i18next resolves for the namespaces listed in `ns`.
import type { i18n as I18nInstance, InitOptions } from 'i18next';
import type { Locale } from '../entities/account';
import { DEFAULT_DATE_FORMATS, formatDate, formatDateTime, type DateFormat } from './format';
import { LANGUAGES } from './languages';

export type TranslateParams = Readonly<Record<string, unknown>>;
export type TFunction = (key: string, params?: TranslateParams) => string;

/** de-ch → de → en-us; de → en-us. */
export const FALLBACK_LANGUAGES = { 'de-ch': ['de', 'en-us'], de: ['en-us'], default: ['en-us'] };

type MissingKeyListener = (languages: readonly string[], key: string) => void;
const listeners: MissingKeyListener[] = [];

/**
 * Tests listen here (tests/setup/missing-keys.ts fails the test that asked for a missing key; a test expecting one
 * listens itself, and the latest listener alone hears it); without a listener a missing key is logged as an error.
 */
export function onMissingKey(listener: MissingKeyListener): () => void {
  listeners.push(listener);
  return () => {
    const at = listeners.lastIndexOf(listener);
    if (at >= 0) listeners.splice(at, 1);
  };
}

function reportMissingKey(languages: readonly string[], namespace: string, key: string): void {
  const full = `${namespace}.${key}`;
  const listener = listeners.at(-1);
  if (listener) listener(languages, full);
  else console.error(`[i18n] missing key: ${full} (${languages.join(', ')})`);
}

/**
 * The options both instances start with. `namespaces` lists every namespace the instance may hold (loaded or not
 * yet), so 'grid.x' finds namespace grid; `reportMissing` turns on the missing-key report (the browser always:
 * a console error the journeys fail on, tests/e2e/fixtures.ts; the server outside production).
 */
export function i18nOptions(namespaces: readonly string[], defaultNamespace: string, reportMissing: boolean) {
  return {
    supportedLngs: [...LANGUAGES],
    lowerCaseLng: true,
    load: 'currentOnly',
    fallbackLng: FALLBACK_LANGUAGES,
    ns: [...namespaces],
    defaultNS: defaultNamespace,
    fallbackNS: false,
    nsSeparator: '.',
    keySeparator: '.',
    // React and the server's HTML mails escape where they write; messages are plain text.
    interpolation: { escapeValue: false },
    returnNull: false,
    // a missing key shows as itself, namespace included ('auth.login.title')
    appendNamespaceToMissingKey: true,
    saveMissing: reportMissing,
    missingKeyHandler: reportMissing ? reportMissingKey : false,
    initAsync: false,
  } satisfies InitOptions;
}

/**
 * Formatters for values inside messages: `{{date, date}}` and `{{when, datetime}}` in the user's date format (the
 * `dateFormat` param, else the language's default), next to i18next's own `number`, `currency` and `list`.
 */
export function addFormatters(instance: I18nInstance): void {
  const formatOf = (lng: string | undefined, options: { dateFormat?: DateFormat } | undefined): DateFormat =>
    options?.dateFormat ?? DEFAULT_DATE_FORMATS[(lng ?? 'en-us') as Locale] ?? DEFAULT_DATE_FORMATS['en-us'];
  instance.services.formatter?.add('date', (value: Date | string | number, lng, options) =>
    formatDate(value, formatOf(lng, options as { dateFormat?: DateFormat })),
  );
  instance.services.formatter?.add('datetime', (value: Date | string | number, lng, options) =>
    formatDateTime(value, formatOf(lng, options as { dateFormat?: DateFormat })),
  );
}
