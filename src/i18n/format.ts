// Intl helpers per UI language and the user's date format (DD and YYYY are shown as dd and yyyy; docs/domain/browser-app.md,
// "Languages, formats and display").
import type { Locale, User } from '../entities/account';
import { INTL_LOCALE } from './languages';

export type DateFormat = User['date_format'];

/** Kept in step with DEFAULT_DATE_FORMAT in src/entities/account.ts (not imported, to keep zod off the first screen). */
export const DEFAULT_DATE_FORMATS: Record<Locale, DateFormat> = {
  'en-us': 'MM/DD/YYYY',
  de: 'DD.MM.YYYY',
  'de-ch': 'DD.MM.YYYY',
};
export const DATE_FORMAT_OPTIONS: readonly DateFormat[] = ['DD.MM.YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD/MM/YYYY'];

/**
 * Default currency per language when the settings group names none: CHF for de-ch (docs/domain/fields.md, "Numbers,
 * money and dates").
 */
export const DEFAULT_CURRENCY: Record<Locale, string> = { 'en-us': 'USD', de: 'EUR', 'de-ch': 'CHF' };

/** 'DD.MM.YYYY' → 'dd.MM.yyyy', the way the format is shown to users. */
export function displayDateFormat(format: DateFormat): string {
  return format.replace('DD', 'dd').replace('YYYY', 'yyyy');
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** Parses 'YYYY-MM-DD' as a local calendar date (no time-zone shift), anything else via Date. */
export function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
    // 'yyyy-MM-dd HH:mm:ss' on the wire is UTC (docs/domain/notifications.md, "System notifications").
    const wire = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
    if (wire) {
      const [, y, mo, d, h, mi, s] = wire.map(Number) as [number, number, number, number, number, number, number];
      return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
    }
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date in the user's format, e.g. 31.12.2026 or 12/31/2026. */
export function formatDate(value: Date | string | number | null | undefined, format: DateFormat): string {
  const date = toDate(value);
  if (!date) return '';
  return format
    .replace('DD', pad(date.getDate()))
    .replace('MM', pad(date.getMonth() + 1))
    .replace('YYYY', String(date.getFullYear()));
}

/** Date and 24-hour time in the user's format, e.g. 31.12.2026 14:05. */
export function formatDateTime(value: Date | string | number | null | undefined, format: DateFormat): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date, format)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** yyyy-MM-dd HH:mm:ss in local time (the system notification format). */
export function formatTimestamp(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** yyyy-MM-dd HH:mm:ss in UTC, the wire format. */
export function toWireTimestamp(date: Date): string {
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/** Parses a local 'yyyy-MM-dd HH:mm:ss' (as typed by a user); null when it does not match. */
export function parseLocalTimestamp(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, s);
  return date.getMonth() === mo - 1 && date.getDate() === d ? date : null;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
/** By options object first: grid cells format thousands of values with the same few option objects. */
const formatsByOptions = new WeakMap<Intl.NumberFormatOptions, Map<Locale, Intl.NumberFormat>>();
function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let perLocale = formatsByOptions.get(options);
  const known = perLocale?.get(locale);
  if (known) return known;
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], options);
    numberFormats.set(key, format);
  }
  if (!perLocale) formatsByOptions.set(options, (perLocale = new Map()));
  perLocale.set(locale, format);
  return format;
}

const currencyOptions = new Map<string, Intl.NumberFormatOptions>();
const currencyFormat = (currency: string) => {
  let options = currencyOptions.get(currency);
  if (!options) currencyOptions.set(currency, (options = { style: 'currency', currency }));
  return options;
};

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

/** A number in the language's grouping, e.g. 1,234.5 (en-us), 1.234,5 (de), 1'234.5 (de-ch). */
export function formatNumber(
  value: number | string | null | undefined,
  locale: Locale,
  options: Intl.NumberFormatOptions = {},
): string {
  const number = toNumber(value);
  return number === null ? '' : numberFormat(locale, options).format(number);
}

const AMOUNT: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/**
 * An amount without its currency sign (a decimal string is formatted digit for digit, not through a float), grouped
 * with two decimals: 33,359.69 (en-us), 33.359,69 (de), 33'359.69 (de-ch). A text that is no number stays as it is.
 */
export function formatAmount(value: string, locale: Locale): string {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value;
  return numberFormat(locale, AMOUNT).format(value as `${number}`);
}

/**
 * Money (decimal strings from the API are accepted), e.g. $1,234.50, 1.234,50 €, CHF 1'234.50.
 * de-ch keeps Intl's Swiss apostrophe grouping as Intl produces it (ICU versions differ: ' or ’).
 */
export function formatCurrency(value: number | string | null | undefined, locale: Locale, currency?: string): string {
  const number = toNumber(value);
  if (number === null) return '';
  return numberFormat(locale, currencyFormat(currency ?? DEFAULT_CURRENCY[locale])).format(number);
}
