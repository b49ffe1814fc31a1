// Display and locale-aware parsing of one field value per kind (workspace-ux.md §5: de 1.234,56, de-ch 1'234.56,
// en-us 1,234.56). One exhaustive map, shared by grid cells, cards and the record form.
import type { Locale } from '../src/entities/account';
import { NUMERIC_PRECISION, type Field, type FieldKind } from '../src/entities/fields';
import { formatCurrency, formatDate, formatDateTime, formatNumber, type DateFormat } from '../src/i18n/format';
import { INTL_LOCALE } from '../src/i18n/languages';

export interface FormatContext {
  locale: Locale;
  dateFormat: DateFormat;
  /** The settings group's currency (a record's own `currency` field wins). */
  currency: string;
  t: (key: string) => string;
  /** The title of a referenced record when it is known already. */
  refTitle?: (model: string, uuid: string) => string | undefined;
}

/** A field with its model and name, as the adapters see it. */
export interface FieldRef {
  model: string;
  name: string;
  field: Field;
}

type Formatter = (value: unknown, ref: FieldRef, ctx: FormatContext, row?: Record<string, unknown>) => string;

const str = (value: unknown) => String(value);
const num =
  (options: Intl.NumberFormatOptions): Formatter =>
  (v, _r, ctx) =>
    formatNumber(str(v), ctx.locale, options);

const formatters = {
  text: str,
  long_text: str,
  email: str,
  phone: str,
  // Years read as 2026, not 2,026.
  int: (v, r, ctx) =>
    formatNumber(str(v), ctx.locale, { maximumFractionDigits: 0, useGrouping: !r.name.endsWith('year') }),
  decimal: num({ maximumFractionDigits: NUMERIC_PRECISION.decimal[1] }),
  money: (v, _r, ctx, row) =>
    formatCurrency(str(v), ctx.locale, typeof row?.currency === 'string' ? row.currency : ctx.currency),
  area: num({ minimumFractionDigits: NUMERIC_PRECISION.area[1], maximumFractionDigits: NUMERIC_PRECISION.area[1] }),
  percent: (v, _r, ctx) =>
    formatNumber(Number(v) / 100, ctx.locale, {
      style: 'percent',
      maximumFractionDigits: NUMERIC_PRECISION.percent[1],
    }),
  geo: num({ maximumFractionDigits: NUMERIC_PRECISION.geo[1] }),
  bool: (v, _r, ctx) => ctx.t(v ? 'grid.yes' : 'grid.no'),
  date: (v, _r, ctx) => formatDate(str(v), ctx.dateFormat),
  datetime: (v, _r, ctx) => formatDateTime(str(v), ctx.dateFormat),
  enum: (v, r, ctx) => ctx.t(`enums.${r.model}.${r.name}.${str(v)}`),
  ref: (v, r, ctx) => (r.field.kind === 'ref' ? (ctx.refTitle?.(r.field.model, str(v)) ?? '') : ''),
} satisfies { [K in FieldKind]: Formatter };

/** The text a cell, card or read-only input shows; empty for null. */
export function formatValue(value: unknown, ref: FieldRef, ctx: FormatContext, row?: Record<string, unknown>): string {
  if (value === null || value === undefined || value === '') return '';
  return formatters[ref.field.kind](value, ref, ctx, row);
}

function separators(locale: Locale) {
  const parts = new Intl.NumberFormat(INTL_LOCALE[locale]).formatToParts(12345.6);
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}

/** A number as the user edits it: the locale's decimal sign, no grouping, full scale. */
export function editText(value: unknown, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '';
  const text = str(value);
  return text.replace('.', separators(locale).decimal);
}

/**
 * Parses a date typed in the user's date format (or ISO) into the API's YYYY-MM-DD; two-digit years are 20xx.
 */
export function parseDate(input: string, format: DateFormat): Parsed {
  const text = input.trim();
  if (text === '') return { ok: true, value: null };
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
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

/** What the user typed when it does not parse: never sent, shown as an error at the cell or field. */
export class InvalidInput {
  constructor(readonly text: string) {}
}

export type Parsed = { ok: true; value: string | number | null } | { ok: false };

/**
 * Parses a number typed in the user's language (grouping signs, currency, % and m² are ignored). Ints become
 * numbers, decimal kinds strings (the API's decimal format). A lone dot in German input is a decimal sign
 * unless exactly three digits follow it (1.5 → 1.5, 1.234 → 1234).
 */
export function parseNumber(input: string, kind: FieldKind, locale: Locale): Parsed {
  let text = input.trim().replace(/\u2212/g, '-');
  if (text === '') return { ok: true, value: null };
  // Currency, percent and unit decorations may be typed along; anything else makes it invalid.
  text = text.replace(/\s|CHF|EUR|USD|Fr\.|[$€%]|m[²³]/gi, '');
  const { decimal, group } = separators(locale);
  if (decimal === ',' && !text.includes(',') && /^-?\d+\.\d+$/.test(text) && !/\.\d{3}$/.test(text)) {
    // German input with a dot as the decimal sign
  } else {
    text = text.replace(/['’]/g, '');
    if (group !== "'" && group !== '’') text = text.split(group).join('');
    if (decimal !== '.') text = text.replace(decimal, '.');
  }
  if (!/^-?\d+(\.\d+)?$/.test(text)) return { ok: false };
  if (kind === 'int') return Number.isInteger(Number(text)) ? { ok: true, value: Number(text) } : { ok: false };
  return { ok: true, value: text };
}
