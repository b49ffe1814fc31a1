// Spreadsheet cells per field kind (the Excel/CSV mapping adapter; docs/domain/architecture.md, "Field kinds"): what a value becomes
// in an exported cell, and what a cell read from a workbook, CSV or the clipboard becomes as an API value.
// Exhaustive over the field kinds, like every adapter.
import type { Field, FieldKind } from '../entities/fields';
import { excelSerialToDate, parseBool, parseDate, parseNumber, type DateFormatToken, type ParseLocale } from './parse';
import { formatStamp, isStamp, stampToIso } from '../entities/dates';

/** A cell as workbook libraries give and take it. */
export type CellValue = string | number | boolean | Date | null;

export interface CellContext {
  locale: ParseLocale;
  dateFormat: DateFormatToken;
  /** Enum values by their label in the user's language (lower-cased), for cells that carry labels. */
  enumByLabel?: (field: string, label: string) => string | undefined;
}

export type FromCell = { ok: true; value: string | number | boolean | null | object } | { ok: false };

interface CellAdapter {
  /** The typed cell of an API value (numbers as numbers, dates as dates) for export. */
  toCell: (value: unknown) => CellValue;
  fromCell: (raw: CellValue, field: Field, ctx: CellContext, name: string) => FromCell;
}

const text = (raw: CellValue) => (raw === null ? '' : raw instanceof Date ? raw.toISOString() : String(raw));
const asText: CellAdapter = {
  toCell: (v) => (v === null || v === undefined ? null : String(v)),
  fromCell: (raw) => {
    const s = text(raw).trim();
    return { ok: true, value: s === '' ? null : s };
  },
};
const numeric = (kind: FieldKind): CellAdapter => ({
  toCell: (v) => (v === null || v === undefined || v === '' ? null : Number(v)),
  fromCell: (raw, _f, ctx) => {
    if (typeof raw === 'number')
      return kind === 'int' && !Number.isInteger(raw)
        ? { ok: false }
        : { ok: true, value: kind === 'int' ? raw : String(raw) };
    return parseNumber(text(raw), kind, ctx.locale);
  },
});
const dateOnly: CellAdapter = {
  toCell: (v) => (typeof v === 'string' && v ? new Date(`${v}T00:00:00Z`) : null),
  fromCell: (raw, _f, ctx) => {
    if (raw instanceof Date) return { ok: true, value: raw.toISOString().slice(0, 10) };
    if (typeof raw === 'number') {
      const iso = excelSerialToDate(raw);
      return iso ? { ok: true, value: iso } : { ok: false };
    }
    return parseDate(text(raw), ctx.dateFormat);
  },
};

export const cellAdapters = {
  text: asText,
  long_text: asText,
  email: asText,
  phone: asText,
  int: numeric('int'),
  decimal: numeric('decimal'),
  money: numeric('money'),
  area: numeric('area'),
  percent: numeric('percent'),
  geo: numeric('geo'),
  bool: {
    toCell: (v) => (v === null || v === undefined ? null : Boolean(v)),
    fromCell: (raw) => {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      const parsed = parseBool(text(raw));
      return parsed.ok ? { ok: true, value: parsed.value === 1 } : parsed;
    },
  },
  date: dateOnly,
  // an instant; a field written as a stamp (`stamp`: yyyy-MM-dd HH:mm:ss in UTC) takes and gives one
  datetime: {
    toCell: (v) => (typeof v === 'string' && v ? new Date(isStamp(v) ? stampToIso(v) : v) : null),
    fromCell: (raw, field) => {
      if (raw === null || text(raw) === '') return { ok: true, value: null };
      const stamp = field.kind === 'datetime' && field.stamp === true;
      if (stamp && typeof raw === 'string' && isStamp(raw.trim())) return { ok: true, value: raw.trim() };
      const d = raw instanceof Date ? raw : new Date(text(raw));
      if (Number.isNaN(d.getTime())) return { ok: false };
      return { ok: true, value: stamp ? formatStamp(d) : d.toISOString() };
    },
  },
  enum: {
    toCell: (v) => (v === null || v === undefined ? null : String(v)),
    fromCell: (raw, field, ctx, name) => {
      const s = text(raw).trim();
      if (s === '') return { ok: true, value: null };
      const values = (field as Extract<Field, { kind: 'enum' }>).values;
      const exact = values.find((v) => v.toLowerCase() === s.toLowerCase());
      const byLabel = exact ?? ctx.enumByLabel?.(name, s.toLowerCase());
      return byLabel ? { ok: true, value: byLabel } : { ok: false };
    },
  },
  // the values (or their labels) separated by `;` or line breaks, as an export writes them; kept in the field's order
  enums: {
    toCell: (v) => (Array.isArray(v) ? (v.length ? v.map(String).join('; ') : null) : v == null ? null : String(v)),
    fromCell: (raw, field, ctx, name) => {
      const parts = text(raw)
        .split(/[;\n]/)
        .map((p) => p.trim())
        .filter(Boolean);
      if (!parts.length) return { ok: true, value: null };
      const values = (field as Extract<Field, { kind: 'enums' }>).values;
      const found = parts.map(
        (p) => values.find((v) => v.toLowerCase() === p.toLowerCase()) ?? ctx.enumByLabel?.(name, p.toLowerCase()),
      );
      if (found.some((v) => v === undefined)) return { ok: false };
      return { ok: true, value: values.filter((v) => found.includes(v)) };
    },
  },
  ref: asText,
  // titles (or numbers, or uuids) separated by `;`: the text is resolved to uuids where the titles are known (the
  // import's plan, the grid's paste), an export writes the titles joined so
  refs: {
    toCell: (v) => (Array.isArray(v) ? (v.length ? v.map(String).join('; ') : null) : v == null ? null : String(v)),
    fromCell: asText.fromCell,
  },
  // the value as JSON text
  json: {
    toCell: (v) => (v === null || v === undefined ? null : JSON.stringify(v)),
    fromCell: (raw) => {
      const s = text(raw).trim();
      if (s === '') return { ok: true, value: null };
      try {
        return { ok: true, value: JSON.parse(s) as object };
      } catch {
        return { ok: false };
      }
    },
  },
} satisfies { [K in FieldKind]: CellAdapter };

export const toCell = (field: Field, value: unknown) => cellAdapters[field.kind].toCell(value);
export const fromCell = (field: Field, name: string, raw: CellValue, ctx: CellContext) =>
  cellAdapters[field.kind].fromCell(raw, field, ctx, name);
