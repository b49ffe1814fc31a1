// The translation lookup (no React, no state): nested keys with dots, {{name}} interpolation, plurals as
// key_one / key_other chosen by Intl.PluralRules when params.count is a number, and a fallback chain per
// language (de-ch → de → en-us); a key found nowhere is returned as it is.
import type { Locale } from '../entities/account';
import { INTL_LOCALE } from './languages';

export interface Messages {
  readonly [key: string]: string | Messages;
}
export type TranslateParams = Readonly<Record<string, unknown>>;
export type TFunction = (key: string, params?: TranslateParams) => string;

export const FALLBACKS: Record<Locale, readonly Locale[]> = {
  'en-us': ['en-us'],
  de: ['de', 'en-us'],
  'de-ch': ['de-ch', 'de', 'en-us'],
};

function lookup(messages: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<Locale, Intl.PluralRules>();
function pluralForm(locale: Locale, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(INTL_LOCALE[locale]);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/** {{name}} → params.name; null becomes '', a missing value keeps the placeholder (as i18next did). */
function interpolate(text: string, params: TranslateParams | undefined): string {
  if (!params || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (placeholder, name: string) => {
    if (!(name in params) || params[name] === undefined) return placeholder;
    const value = params[name];
    return value === null ? '' : String(value);
  });
}

export function translate(
  resources: Partial<Record<Locale, Messages>>,
  locale: Locale,
  key: string,
  params?: TranslateParams,
): string {
  const count = params?.count;
  for (const code of FALLBACKS[locale]) {
    const messages = resources[code];
    const text =
      (typeof count === 'number' ? lookup(messages, `${key}_${pluralForm(code, count)}`) : undefined) ??
      lookup(messages, key);
    if (text !== undefined) return interpolate(text, params);
  }
  return key;
}
