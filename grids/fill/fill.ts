// Filling (Ctrl+D, Ctrl+R, the fill handle) and clearing a range (Delete) as lists of cell changes, the shape the
// undo stack keeps. Only loaded rows the user may change and writable columns take part; required fields are not
// cleared. Pure.
import { decToString, round, toDec, type Dec } from '../../src/domain/decimal';
import { isNumericKind } from '../../src/entities/fields';
import { sameValue } from '../bulk-edit/bulk-ops';
import type { SheetColumn, RowSlot, SheetRow } from '../clipboard/paste-plan';
import { inBounds, type Bounds } from '../range/range';

export interface CellChange {
  uuid: string;
  field: string;
  before: unknown;
  after: unknown;
}

export interface RangeEdit {
  changes: CellChange[];
  /** The version each changed record had (the bulk request's precondition). */
  versions: Record<string, string>;
  /** Cells left alone: unloaded or locked rows, read-only columns, required fields (clear), values that do not fit. */
  skipped: number;
}

/** The value a target cell gets (its row, column, displayed row and column index), or null to leave it alone. */
type Target = (row: SheetRow, column: SheetColumn, index: number, col: number) => { after: unknown } | null;

/** The cell changes of `bounds`; `skip` leaves cells out (not counted). */
function editRange(
  bounds: Bounds,
  columns: readonly SheetColumn[],
  rowAt: (i: number) => RowSlot,
  target: Target,
  skip: (index: number, col: number) => boolean = () => false,
): RangeEdit {
  const edit: RangeEdit = { changes: [], versions: {}, skipped: 0 };
  for (let index = bounds.top; index <= bounds.bottom; index++) {
    const cols: number[] = [];
    for (let col = bounds.left; col <= bounds.right && col < columns.length; col++)
      if (!skip(index, col)) cols.push(col);
    if (cols.length === 0) continue;
    const slot = rowAt(index);
    if (slot === 'end') break;
    if (slot === 'unloaded' || !slot.editable) {
      edit.skipped += cols.length;
      continue;
    }
    for (const col of cols) {
      const column = columns[col]!;
      const next = column.writable ? target(slot, column, index, col) : null;
      if (!next) {
        edit.skipped++;
        continue;
      }
      const before = slot.data[column.name] ?? null;
      if (sameValue(column.field, before, next.after)) continue;
      edit.changes.push({ uuid: slot.uuid, field: column.name, before, after: next.after });
      edit.versions[slot.uuid] = slot.updatedAt;
    }
  }
  return edit;
}

/**
 * A value carried from one column into another (Ctrl+R, the fill handle dragged right): `{ value }` to write, null
 * when it does not fit the target column.
 */
export type Convert = (value: unknown, from: SheetColumn, to: SheetColumn) => { value: unknown } | null;

/** Without a converter a value only goes into a column of the same field definition. */
const sameFieldOnly: Convert = (value, from, to) =>
  JSON.stringify(from.field) === JSON.stringify(to.field) ? { value } : null;

/**
 * The cells of `target` outside `source` filled with the source block, repeated down and to the right (the fill
 * handle; Ctrl+D and Ctrl+R are its one-row and one-column cases). `source` is the top-left corner of `target`.
 * Values are copied, except that a column whose source cells (two or more, filled downwards) hold numbers or dates
 * in equal steps continues the series, as Excel's fill handle does (1, 2 → 3, 4; 1.5, 1.75 → 2.00; dates step
 * by days).
 */
export function fillBlock(
  source: Bounds,
  target: Bounds,
  columns: readonly SheetColumn[],
  rowAt: (i: number) => RowSlot,
  convert: Convert = sameFieldOnly,
): RangeEdit {
  const height = source.bottom - source.top + 1;
  const width = source.right - source.left + 1;
  const sources = new Map<number, RowSlot>();
  const sourceRow = (i: number) => {
    if (!sources.has(i)) sources.set(i, rowAt(i));
    return sources.get(i)!;
  };
  const series = new Map<number, ((step: number) => unknown) | null>();
  const seriesAt = (col: number) => {
    if (!series.has(col)) {
      const column = columns[col];
      const values: unknown[] = [];
      for (let i = source.top; i <= source.bottom; i++) {
        const slot = sourceRow(i);
        values.push(typeof slot === 'object' && column ? (slot.data[column.name] ?? null) : null);
      }
      series.set(col, column && target.bottom > source.bottom ? seriesOf(values, column) : null);
    }
    return series.get(col)!;
  };
  return editRange(
    target,
    columns,
    rowAt,
    (_row, column, index, col) => {
      const continued = col <= source.right && index > source.bottom ? seriesAt(col) : null;
      if (continued) return { after: continued(index - source.top) };
      const from = sourceRow(source.top + ((index - target.top) % height));
      const fromColumn = columns[source.left + ((col - target.left) % width)];
      if (typeof from !== 'object' || !fromColumn) return null;
      const value = from.data[fromColumn.name] ?? null;
      const next = fromColumn === column ? { value } : convert(value, fromColumn, column);
      return next && { after: next.value };
    },
    (index, col) => inBounds(source, index, col),
  );
}

const DAY_MS = 86_400_000;

/**
 * A column's source values as a series: the value `k` rows below the first, or null when they are not two or more
 * numbers (or dates) in equal, non-zero steps (then the block is copied).
 */
export function seriesOf(values: readonly unknown[], column: SheetColumn): ((k: number) => unknown) | null {
  if (values.length < 2) return null;
  const kind = column.field.kind;
  if (isNumericKind(kind)) {
    const decs = values.map(toDec);
    if (!decs.every((d): d is Dec => d !== null)) return null;
    // exact in units of the finest decimal place the source has
    const places = Math.max(...decs.map((d) => d.scale));
    const units = decs.map((d) => round(d, places).units);
    const step = units[1]! - units[0]!;
    if (step === 0n || units.some((u, i) => i > 0 && u - units[i - 1]! !== step)) return null;
    const asNumber = values.every((v) => typeof v === 'number');
    return (k) => {
      const text = decToString({ units: units[0]! + step * BigInt(k), scale: places });
      return asNumber ? Number(text) : text;
    };
  }
  if (kind === 'date') {
    const days = values.map((v) =>
      typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) / DAY_MS : NaN,
    );
    if (days.some((d) => !Number.isInteger(d))) return null;
    const step = days[1]! - days[0]!;
    if (step === 0 || days.some((d, i) => i > 0 && d - days[i - 1]! !== step)) return null;
    return (k) => new Date((days[0]! + step * k) * DAY_MS).toISOString().slice(0, 10);
  }
  return null;
}

/** Ctrl+D: the top row's values copied into every row below it in the range. */
export const fillDown = (bounds: Bounds, columns: readonly SheetColumn[], rowAt: (i: number) => RowSlot) =>
  fillBlock({ ...bounds, bottom: bounds.top }, bounds, columns, rowAt);

/** Ctrl+R: the left column's values carried into every column right of it in the range. */
export const fillRight = (
  bounds: Bounds,
  columns: readonly SheetColumn[],
  rowAt: (i: number) => RowSlot,
  convert?: Convert,
) => fillBlock({ ...bounds, right: bounds.left }, bounds, columns, rowAt, convert);

/** Every writable, optional cell of the range emptied. */
export function clearRange(bounds: Bounds, columns: readonly SheetColumn[], rowAt: (i: number) => RowSlot): RangeEdit {
  return editRange(bounds, columns, rowAt, (_row, column) => (column.field.required ? null : { after: null }));
}

/** Changes grouped per record as bulk rows: `{ uuid, updated_at, …fields }`. */
export function bulkRows(
  changes: readonly CellChange[],
  versions: Readonly<Record<string, string>>,
  side: 'before' | 'after' = 'after',
): Record<string, unknown>[] {
  const rows = new Map<string, Record<string, unknown>>();
  for (const change of changes) {
    const row = rows.get(change.uuid) ?? { uuid: change.uuid, updated_at: versions[change.uuid] };
    row[change.field] = change[side];
    rows.set(change.uuid, row);
  }
  return [...rows.values()];
}
