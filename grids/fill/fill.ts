// Fill-down (Ctrl+D) and clearing a range (Delete) as lists of cell changes, the shape the undo stack keeps.
// Only loaded rows the user may change and writable columns take part; required fields are not cleared. Pure.
import { sameValue } from '../bulk-edit/bulk-ops';
import type { SheetColumn, RowSlot, SheetRow } from '../clipboard/paste-plan';
import type { Bounds } from '../range/range';

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
  /** Cells left alone: unloaded or locked rows, read-only columns, required fields (clear). */
  skipped: number;
}

type Target = (row: SheetRow, column: SheetColumn) => { after: unknown } | null;

function editRange(
  bounds: Bounds,
  columns: readonly SheetColumn[],
  rowAt: (i: number) => RowSlot,
  firstRow: number,
  target: Target,
): RangeEdit {
  const edit: RangeEdit = { changes: [], versions: {}, skipped: 0 };
  const cols = columns.slice(bounds.left, bounds.right + 1);
  for (let index = firstRow; index <= bounds.bottom; index++) {
    const slot = rowAt(index);
    if (slot === 'end') break;
    if (slot === 'unloaded' || !slot.editable) {
      edit.skipped += cols.length;
      continue;
    }
    for (const column of cols) {
      const next = column.writable ? target(slot, column) : null;
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

/** The top row's values copied into every row below it in the range. */
export function fillDown(bounds: Bounds, columns: readonly SheetColumn[], rowAt: (i: number) => RowSlot): RangeEdit {
  const top = rowAt(bounds.top);
  if (typeof top !== 'object') return { changes: [], versions: {}, skipped: 0 };
  return editRange(bounds, columns, rowAt, bounds.top + 1, (_row, column) => ({
    after: top.data[column.name] ?? null,
  }));
}

/** Every writable, optional cell of the range emptied. */
export function clearRange(bounds: Bounds, columns: readonly SheetColumn[], rowAt: (i: number) => RowSlot): RangeEdit {
  return editRange(bounds, columns, rowAt, bounds.top, (_row, column) =>
    column.field.required ? null : { after: null },
  );
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
