// Numbers on the charts' axes and tooltips in the UI language (1'234 and 1'234.50 CHF in de-ch, 1.234,50 EUR in de,
// 1,234.50 USD in en-us; docs/decisions.md, "Charts and the home dashboard"), and the CSV of a chart's data in the
// export's conventions (docs/spreadsheet-api.md, "Export"). Pure, unit-tested.
import type { Locale } from '../../src/entities/account';
import { formatNumber } from '../../src/i18n/format';
import { INTL_LOCALE } from '../../src/i18n/languages';

const INTEGER: Intl.NumberFormatOptions = { maximumFractionDigits: 0 };
const COMPACT: Intl.NumberFormatOptions = { notation: 'compact', maximumFractionDigits: 1 };
const MONEY: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
const DECIMAL: Intl.NumberFormatOptions = { maximumFractionDigits: 2 };

export interface ChartFormat {
  /** An axis tick: whole numbers grouped, from a million on compact (1,2 Mio.). */
  axis: (value: number) => string;
  /** A tooltip's number: grouped, up to two decimals. */
  number: (value: number) => string;
  /** Money: grouped with two decimals and the currency code after it. */
  money: (value: number) => string;
}

export function chartFormat(locale: Locale, currency: string): ChartFormat {
  return {
    axis: (value) => formatNumber(value, locale, Math.abs(value) >= 1_000_000 ? COMPACT : INTEGER),
    number: (value) => formatNumber(value, locale, DECIMAL),
    money: (value) => `${formatNumber(value, locale, MONEY)} ${currency}`,
  };
}

const monthFormats = new Map<Locale, Intl.DateTimeFormat>();
/** `2026-03` → `Mar 26` (en-us), `März 26` (de). */
export function monthLabel(month: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  let format = monthFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: 'short', year: '2-digit', timeZone: 'UTC' });
    monthFormats.set(locale, format);
  }
  return format.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/** `2026-W05` → `W05/26` (the prefix is the language's: KW in German). */
export const weekLabel = (week: string, prefix = 'W') => {
  const match = /^(\d{4})-W(\d{2})$/.exec(week);
  return match ? `${prefix}${match[2]}/${match[1]!.slice(2)}` : week;
};

// ---- CSV

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
}

/** `;` where the decimal sign is a comma or Excel expects it (de, de-ch), `,` in en-us. */
export const csvDelimiter = (locale: Locale) => (locale === 'en-us' ? ',' : ';');

/** A number with the locale's decimal sign and no grouping (de `1234,5`, de-ch and en-us `1234.5`). */
export const csvNumber = (value: number, locale: Locale) =>
  formatNumber(value, locale, { useGrouping: false, maximumFractionDigits: 6 });

function csvCell(value: string | number | null | undefined, locale: Locale, delimiter: string): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? csvNumber(value, locale) : value;
  // formula injection: a text starting with = + - @ tab or CR is prefixed with '
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /["\r\n]/.test(text) || text.includes(delimiter) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** UTF-8 with BOM, CRLF lines, a header line. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[], locale: Locale): string {
  const d = csvDelimiter(locale);
  const lines = [columns.map((c) => csvCell(c.header, locale, d)).join(d)];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row), locale, d)).join(d));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
