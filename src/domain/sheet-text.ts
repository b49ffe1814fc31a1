// Text of exported cells: formula-injection escaping, CSV lines, numbers and dates written in the user's
// locale and date format (docs/domain/spreadsheet.md, "Locale-aware parsing"). Pure; used by the server's export and its tests.
import type { DateFormatToken, ParseLocale } from './parse';
import { separators } from './parse';

/** A text starting with = + - @, a tab or a carriage return would run as a formula in Excel: prefix a quote. */
export function escapeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Reverses escapeFormula when a round-trip export comes back in. */
export function unescapeFormula(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** One CSV record: fields quoted when they hold the delimiter, a quote or a line break; CRLF at the end. */
export function csvLine(fields: readonly string[], delimiter: ',' | ';'): string {
  return `${fields
    .map((f) => (f.includes(delimiter) || /["\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f))
    .join(delimiter)}\r\n`;
}

/** A number as the user would type it (no grouping, the locale's decimal sign), e.g. 1234,5 in German. */
export function numberText(value: number | string, locale: ParseLocale): string {
  const text = String(value);
  const { decimal } = separators(locale);
  return decimal === '.' ? text : text.replace('.', decimal);
}

/** YYYY-MM-DD in the user's date format. */
export function dateText(iso: string, format: DateFormatToken): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return format.replace('YYYY', y!).replace('MM', m!).replace('DD', d!);
}

/** The Excel number format of a date in the user's date format. */
export function excelDateFormat(format: DateFormatToken): string {
  return format.replace('YYYY', 'yyyy').replace('MM', 'mm').replace('DD', 'dd');
}

/** A worksheet name: at most 31 characters, none of []:*?/\ (Excel refuses them). */
export function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';
}
