// Display and locale-aware parsing of one field value per kind (docs/domain/spreadsheet.md, "Locale-aware parsing": de 1.234,56,
// de-ch 1'234.56, en-us 1,234.56). One exhaustive map, shared by grid cells, cards and the record form.
import type { Locale } from '../src/entities/account';
import { NUMERIC_PRECISION, type Field, type FieldKind } from '../src/entities/fields';
import { formatCurrency, formatDate, formatDateTime, formatNumber, type DateFormat } from '../src/i18n/format';
import { separators } from '../src/domain/parse';

// The parsers are shared with paste and import (src/domain/parse.ts).
export { parseDate, parseNumber, type Parsed } from '../src/domain/parse';

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

const INT: Intl.NumberFormatOptions = { maximumFractionDigits: 0, useGrouping: true };
const YEAR: Intl.NumberFormatOptions = { maximumFractionDigits: 0, useGrouping: false };
const PERCENT: Intl.NumberFormatOptions = { style: 'percent', maximumFractionDigits: NUMERIC_PRECISION.percent[1] };

const formatters = {
  text: str,
  long_text: str,
  email: str,
  phone: str,
  // Years read as 2026, not 2,026.
  int: (v, r, ctx) => formatNumber(str(v), ctx.locale, r.name.endsWith('year') ? YEAR : INT),
  decimal: num({ maximumFractionDigits: NUMERIC_PRECISION.decimal[1] }),
  money: (v, _r, ctx, row) =>
    formatCurrency(str(v), ctx.locale, typeof row?.currency === 'string' ? row.currency : ctx.currency),
  area: num({ minimumFractionDigits: NUMERIC_PRECISION.area[1], maximumFractionDigits: NUMERIC_PRECISION.area[1] }),
  percent: (v, _r, ctx) => formatNumber(Number(v) / 100, ctx.locale, PERCENT),
  geo: num({ maximumFractionDigits: NUMERIC_PRECISION.geo[1] }),
  bool: (v, _r, ctx) => ctx.t(v ? 'grid.yes' : 'grid.no'),
  date: (v, _r, ctx) => formatDate(str(v), ctx.dateFormat),
  datetime: (v, _r, ctx) => formatDateTime(str(v), ctx.dateFormat),
  enum: (v, r, ctx) => ctx.t(`enums.${r.model}.${r.name}.${str(v)}`),
  // the options' labels separated by `;` (as copied, exported and pasted)
  enums: (v, r, ctx) =>
    Array.isArray(v) ? v.map((x) => ctx.t(`enums.${r.model}.${r.name}.${String(x)}`)).join('; ') : '',
  ref: (v, r, ctx) => (r.field.kind === 'ref' ? (ctx.refTitle?.(r.field.model, str(v)) ?? '') : ''),
  // the titles separated by `;` (as copied, exported and pasted)
  refs: (v, { field }, ctx) =>
    field.kind === 'refs' && Array.isArray(v)
      ? v.map((u) => ctx.refTitle?.(field.model, String(u)) ?? String(u)).join('; ')
      : '',
  json: (v) => JSON.stringify(v),
} satisfies { [K in FieldKind]: Formatter };

/** The text a cell, card or read-only input shows; empty for null. */
export function formatValue(value: unknown, ref: FieldRef, ctx: FormatContext, row?: Record<string, unknown>): string {
  if (value === null || value === undefined || value === '') return '';
  if (value instanceof InvalidInput) return value.text; // kept in its cell until corrected (use-cell-edit.ts)
  return formatters[ref.field.kind](value, ref, ctx, row);
}

/**
 * A number as the user edits it (and as it is copied): the locale's decimal sign, no grouping, no trailing zeros
 * of the stored scale (a workload of 1.5000 is edited as 1.5, like Excel's formula bar).
 */
export function editText(value: unknown, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '';
  if (value instanceof InvalidInput) return value.text;
  let text = str(value);
  if (/^-?\d+\.\d+$/.test(text)) text = text.replace(/\.?0+$/, '');
  return text.replace('.', separators(locale).decimal);
}

/** What the user typed when it does not parse: never sent, shown as an error at the cell or field. */
export class InvalidInput {
  constructor(readonly text: string) {}
}
