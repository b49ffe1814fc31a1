// Server-side texts (API messages, validation messages, e-mails, export headers) in the three product languages,
// through an i18next instance of the server's own with the browser's options (src/i18n/options.ts): the catalogue
// is server/locales/<language>/messages.json in the browser's format ({{name}} placeholders, key_one / key_other
// plurals); export headers and enum labels read the browser's entities and enums namespaces (spreadsheet/labels.ts).
// The client translates its own screens; the server answers in the caller's language.
import i18next, { type TFunction } from 'i18next';
import type { Locale } from '../../src/entities/account';
import { addFormatters, i18nOptions } from '../../src/i18n/options';
import { formatAmount } from '../../src/i18n/format';
import { LANGUAGES } from '../../src/i18n/languages';
import en from '../locales/en-us/messages.json';
import de from '../locales/de/messages.json';
import deCh from '../locales/de-ch/messages.json';
import enEntities from '../../src/locales/en-us/entities.json';
import deEntities from '../../src/locales/de/entities.json';
import deChEntities from '../../src/locales/de-ch/entities.json';
import enEnums from '../../src/locales/en-us/enums.json';
import deEnums from '../../src/locales/de/enums.json';
import deChEnums from '../../src/locales/de-ch/enums.json';

/** 'a.b.c' for every text of a nested catalogue. */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type WithoutPlural<K extends string> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
  ? Base
  : K;
type CatalogueKey = Leaves<typeof en>;
/** A key of the server's catalogue; a plural is named without its suffix and chosen by `count`. */
export type MessageKey = CatalogueKey | WithoutPlural<CatalogueKey>;
/**
 * An amount of money inside a message (a decimal string): shown as the reader's language writes it, grouped, with
 * two decimals (de-ch 33’359.69, de 33.359,69, en-us 33,359.69), however the message words it.
 */
export class Amount {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}
export type MessageParams = Record<string, string | number | Amount>;

// Missing keys are errors outside production (logged; the test setup fails the test).
const reportMissing = process.env.NODE_ENV !== 'production';

export const serverI18n = i18next.createInstance();
void serverI18n.init({
  ...i18nOptions(['messages', 'entities', 'enums'], 'messages', reportMissing),
  lng: 'en-us',
  resources: {
    'en-us': { messages: en, entities: enEntities, enums: enEnums },
    de: { messages: de, entities: deEntities, enums: deEnums },
    'de-ch': { messages: deCh, entities: deChEntities, enums: deChEnums },
  },
});
addFormatters(serverI18n);

const fixed = Object.fromEntries(LANGUAGES.map((lng) => [lng, serverI18n.getFixedT(lng)])) as Record<Locale, TFunction>;

/** A message in the caller's language (an unknown language reads en-us). */
export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const language = Object.hasOwn(fixed, locale) ? locale : 'en-us';
  const shown: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params))
    shown[name] = value instanceof Amount ? formatAmount(value.value, language) : value;
  const text: unknown = fixed[language](key, shown);
  // a key built from a request (`export.valueOf`) must not find Object.prototype's members
  return typeof text === 'string' ? text : key;
}

/** Picks the caller's language from an Accept-Language header (the signed-in user's setting wins elsewhere). */
export function localeFromHeader(header: string | undefined): Locale {
  if (!header) return 'en-us';
  for (const part of header.toLowerCase().split(',')) {
    const tag = part.split(';')[0]!.trim();
    if (tag === 'de-ch') return 'de-ch';
    if (tag.startsWith('de')) return 'de';
    if (tag.startsWith('en')) return 'en-us';
  }
  return 'en-us';
}
