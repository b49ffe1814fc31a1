// Locale-aware parsing of typed or pasted values (docs/domain/spreadsheet.md, "Locale-aware parsing"): numbers as de 1.234,56,
// de-ch 1'234.56 (also ’), en-us 1,234.56; dates in the user's date format, ISO, or Excel serial numbers. Pure:
// used by the grid, the record form, paste and the server's import alike.
import type { FieldKind } from '../entities/fields';

export type ParseLocale = 'en-us' | 'de' | 'de-ch';
export type DateFormatToken = 'DD.MM.YYYY' | 'MM/DD/YYYY' | 'YYYY-MM-DD' | 'DD/MM/YYYY';
export type Parsed = { ok: true; value: string | number | null } | { ok: false };

const INTL: Record<ParseLocale, string> = { 'en-us': 'en-US', de: 'de-DE', 'de-ch': 'de-CH' };

const SEPARATORS = new Map<ParseLocale, { decimal: string; group: string }>();

/** The locale's decimal and grouping signs (cached: a paste parses thousands of cells). */
export function separators(locale: ParseLocale) {
  let known = SEPARATORS.get(locale);
  if (!known) {
    const parts = new Intl.NumberFormat(INTL[locale]).formatToParts(12345.6);
    known = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
    };
    SEPARATORS.set(locale, known);
  }
  return known;
}

/**
 * Parses a number as people write it (docs/domain/spreadsheet.md, "Locale-aware parsing"; grouping signs, currency,
 * % and m² are ignored). Ints become numbers, decimal kinds strings (the API's decimal format). The number's own
 * shape decides where it can: with both a dot and a comma the last one is the decimal sign (1.234,50 and 1,234.50
 * alike), a sign repeated groups (1.234.567), a sign not followed by exactly three digits is the decimal sign (2,5
 * and 2.5 in every language), apostrophes and spaces group. Only a single sign before exactly three digits (1.234,
 * 1,234) is read as the user's language writes it: grouping where it is the language's grouping sign (de 1.234 →
 * 1234, en-us 1,234 → 1234), else a decimal sign (de-ch groups with apostrophes: 1,234 and 1.234 → 1.234).
 */
export function parseNumber(input: string, kind: FieldKind, locale: ParseLocale): Parsed {
  let text = input.trim().replace(/\u2212/g, '-');
  if (text === '') return { ok: true, value: null };
  // Currency, percent and unit decorations may be typed along; anything else makes it invalid.
  text = text.replace(/\s|\u00a0|\u202f|CHF|EUR|USD|Fr\.|[$€%]|m[²³]/gi, '');
  const shape = /^(-?)(\d[\d.,'’]*)$/.exec(text);
  if (!shape) return { ok: false };
  const [, sign, digits] = shape as unknown as [string, string, string];
  const decimal = decimalSign(digits, locale);
  const at = decimal ? digits.lastIndexOf(decimal) : -1;
  const whole = at < 0 ? digits : digits.slice(0, at);
  const fraction = at < 0 ? '' : digits.slice(at + 1);
  // grouping only in threes: 12'34.5 or 1.23.4 is a typing error, not 1234.5 or 1234
  if (decimal && whole.includes(decimal)) return { ok: false };
  if (!/^\d{1,3}([.,'’]\d{3})*$/.test(whole) && !/^\d+$/.test(whole)) return { ok: false };
  if (at >= 0 && !/^\d+$/.test(fraction)) return { ok: false };
  const number = `${sign}${whole.replace(/[.,'’]/g, '')}${at < 0 ? '' : `.${fraction}`}`;
  if (kind === 'int') return Number.isInteger(Number(number)) ? { ok: true, value: Number(number) } : { ok: false };
  return { ok: true, value: number };
}

/** The decimal sign of a number's digits (see parseNumber), or null when it has none. */
function decimalSign(digits: string, locale: ParseLocale): '.' | ',' | null {
  const dot = digits.lastIndexOf('.');
  const comma = digits.lastIndexOf(',');
  if (dot >= 0 && comma >= 0) return dot > comma ? '.' : ',';
  const only = dot >= 0 ? '.' : comma >= 0 ? ',' : null;
  if (!only) return null;
  if (digits.indexOf(only) !== digits.lastIndexOf(only)) return null; // repeated: grouping
  if (!/^\d{3}$/.test(digits.slice(digits.lastIndexOf(only) + 1))) return only;
  return separators(locale).group === only ? null : only;
}

/** Days of an Excel serial date (the 1900 system) to YYYY-MM-DD. */
export function excelSerialToDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  const ms = Date.UTC(1899, 11, 30) + Math.floor(serial) * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Parses a date typed in the user's date format, ISO or as an Excel serial into the API's YYYY-MM-DD;
 * two-digit years are 20xx. 31.02.2024 is refused, not rolled over.
 */
export function parseDate(input: string, format: DateFormatToken): Parsed {
  const text = input.trim();
  if (text === '') return { ok: true, value: null };
  if (/^\d{5}(\.\d+)?$/.test(text)) {
    const iso = excelSerialToDate(Number(text));
    return iso ? { ok: true, value: iso } : { ok: false };
  }
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else {
    const parts = text.split(/[./-]/).map(Number);
    if (parts.length !== 3 || parts.some((p) => !Number.isInteger(p))) return { ok: false };
    const order = format.split(/[./-]/);
    const at = (token: string) => parts[order.indexOf(token)] ?? NaN;
    [y, m, d] = [at('YYYY'), at('MM'), at('DD')];
    if (y < 100) y += 2000;
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (Number.isNaN(date.getTime()) || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return { ok: false };
  return { ok: true, value: date.toISOString().slice(0, 10) };
}

/**
 * Parses an instant typed as a date in the user's format (or ISO) and a time `H:mm` or `H:mm:ss` in the browser's
 * time zone — a date alone is its midnight — or a full ISO timestamp with its offset, into the API's ISO string.
 */
export function parseDateTime(input: string, format: DateFormatToken): Parsed {
  const text = input.trim();
  if (text === '') return { ok: true, value: null };
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const at = new Date(text);
    return Number.isNaN(at.getTime()) ? { ok: false } : { ok: true, value: at.toISOString() };
  }
  const [datePart = '', timePart, ...rest] = text.split(/\s+|T/);
  if (rest.length) return { ok: false };
  const day = parseDate(datePart, format);
  if (!day.ok || day.value === null) return { ok: false };
  const time = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(timePart ?? '0:00');
  if (!time) return { ok: false };
  const [h, min, sec] = [Number(time[1]), Number(time[2]), Number(time[3] ?? 0)];
  if (h > 23 || min > 59 || sec > 59) return { ok: false };
  const [y, m, d] = String(day.value).split('-').map(Number) as [number, number, number];
  const at = new Date(y, m - 1, d, h, min, sec);
  if (at.getFullYear() !== y) at.setFullYear(y); // years before 100 are not moved to the 1900s
  return { ok: true, value: at.toISOString() };
}

const TRUE = new Set(['1', 'true', 'yes', 'y', 'ja', 'j', 'x', '✓', 'wahr']);
const FALSE = new Set(['0', 'false', 'no', 'n', 'nein', '', 'falsch']);

export function parseBool(input: string): Parsed {
  const text = input.trim().toLowerCase();
  if (TRUE.has(text)) return { ok: true, value: 1 };
  if (FALSE.has(text)) return { ok: true, value: 0 };
  return { ok: false };
}
