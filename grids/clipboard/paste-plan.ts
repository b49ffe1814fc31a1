// Paste mapping (workspace-ux.md §3): clipboard rows onto the displayed columns from the anchor, one value into a
// range fills it, read-only columns are skipped and flagged, rows past the last one become new records, values
// are parsed per field kind and a value that does not parse is marked, never written. Pure.
import type { Field } from '../../src/entities/fields';
import type { FromCell } from '../../src/domain/cells';
import { sameValue } from '../bulk-edit/bulk-ops';
import { isSingleCell, type Bounds } from '../range/range';

export interface SheetColumn {
  name: string;
  field: Field;
  writable: boolean;
}

export interface SheetRow {
  uuid: string;
  updatedAt: string;
  data: Record<string, unknown>;
  /** The user may change it (the record's `links.update`). */
  editable: boolean;
}

/** A displayed row, a row the grid has not loaded, or the place after the last row. */
export type RowSlot = SheetRow | 'unloaded' | 'end';

/** Parses a pasted text for a column; `before` lets a ref column keep its record when the text is its title. */
export type CellParser = (raw: string, column: SheetColumn, before: unknown) => FromCell;

export interface PasteCell {
  field: string;
  raw: string;
  before: unknown;
  value: unknown;
  changed: boolean;
  /** Why the value cannot be written (client parsing or the server's dry run); null when it can. */
  error: string | null;
}

export interface PasteRow {
  /** The displayed row index the row lands on. */
  index: number;
  /** null: a new record. */
  uuid: string | null;
  updatedAt: string | null;
  cells: PasteCell[];
}

export interface PastePlan {
  rows: PasteRow[];
  /** Columns the paste reached that cannot be written. */
  readOnly: string[];
  /** Rows the grid had not loaded and rows the user may not change: left alone. */
  unloaded: number;
  locked: number;
  /** Pasted columns beyond the last displayed one. */
  overflowColumns: number;
}

export interface PasteInput {
  clip: readonly (readonly string[])[];
  bounds: Bounds;
  columns: readonly SheetColumn[];
  rowAt: (index: number) => RowSlot;
  parse: CellParser;
  /** The message of a value that does not parse. */
  invalid: (column: SheetColumn) => string;
}

function cellOf(raw: string, column: SheetColumn, before: unknown, input: PasteInput): PasteCell {
  const parsed = input.parse(raw, column, before);
  if (!parsed.ok) return { field: column.name, raw, before, value: null, changed: true, error: input.invalid(column) };
  return {
    field: column.name,
    raw,
    before,
    value: parsed.value,
    changed: !sameValue(column.field, before, parsed.value),
    error: null,
  };
}

export function buildPastePlan(input: PasteInput): PastePlan {
  const { clip, bounds, columns } = input;
  const fill = clip.length === 1 && clip[0]!.length === 1 && !isSingleCell(bounds);
  const height = fill ? bounds.bottom - bounds.top + 1 : clip.length;
  const width = fill ? bounds.right - bounds.left + 1 : Math.max(0, ...clip.map((r) => r.length));
  const targets = columns.slice(bounds.left, bounds.left + width);
  const readOnly = targets.filter((c) => !c.writable).map((c) => c.name);
  const plan: PastePlan = {
    rows: [],
    readOnly,
    unloaded: 0,
    locked: 0,
    overflowColumns: Math.max(0, bounds.left + width - columns.length),
  };
  let ended = false;
  for (let r = 0; r < height; r++) {
    const index = bounds.top + r;
    const slot: RowSlot = ended ? 'end' : input.rowAt(index);
    if (slot === 'unloaded') {
      plan.unloaded++;
      continue;
    }
    if (slot !== 'end' && !slot.editable) {
      plan.locked++;
      continue;
    }
    ended = slot === 'end';
    const source = fill ? clip[0]! : clip[r]!;
    const cells: PasteCell[] = [];
    targets.forEach((column, c) => {
      if (!column.writable) return;
      const raw = fill ? source[0]! : (source[c] ?? '');
      const before = slot === 'end' ? null : slot.data[column.name];
      cells.push(cellOf(raw, column, before, input));
    });
    if (slot === 'end' && cells.every((cell) => cell.value === null && !cell.error)) continue; // blank new row
    plan.rows.push({
      index,
      uuid: slot === 'end' ? null : slot.uuid,
      updatedAt: slot === 'end' ? null : slot.updatedAt,
      cells,
    });
  }
  return plan;
}

export interface PasteCounts {
  changes: number;
  newRows: number;
  errors: number;
  errorRows: number;
}

export const rowHasError = (row: PasteRow) => row.cells.some((cell) => cell.error !== null);

export function pasteCounts(plan: PastePlan): PasteCounts {
  const counts: PasteCounts = { changes: 0, newRows: 0, errors: 0, errorRows: 0 };
  for (const row of plan.rows) {
    if (row.uuid === null) counts.newRows++;
    const errors = row.cells.filter((cell) => cell.error !== null).length;
    counts.errors += errors;
    if (errors > 0) counts.errorRows++;
    // changes of rows that will be written (a row with an error is left out as a whole)
    else if (row.uuid !== null) counts.changes += row.cells.filter((cell) => cell.changed).length;
  }
  return counts;
}

/** A cell fixed in the preview: parsed again; its server error (if any) is gone until the next dry run. */
export function fixCell(
  plan: PastePlan,
  rowIndex: number,
  column: SheetColumn,
  raw: string,
  input: Pick<PasteInput, 'parse' | 'invalid'>,
): PastePlan {
  const rows = plan.rows.map((row, i) => {
    if (i !== rowIndex) return row;
    return {
      ...row,
      cells: row.cells.map((cell) =>
        cell.field === column.name ? cellOf(raw, column, cell.before, input as PasteInput) : cell,
      ),
    };
  });
  return { ...plan, rows };
}

/** Server errors keyed `rows.N.field` (N: the position in `sent`) put onto the plan's cells. */
export function withServerErrors(
  plan: PastePlan,
  sent: readonly number[],
  errors: Record<string, readonly string[]>,
): PastePlan {
  const byRow = new Map<number, Map<string, string>>();
  for (const [key, messages] of Object.entries(errors)) {
    const m = /^rows\.(\d+)\.(.+)$/.exec(key);
    const at = m ? sent[Number(m[1])] : undefined;
    if (at === undefined) continue;
    const fields = byRow.get(at) ?? new Map<string, string>();
    fields.set(m![2]!, messages.join(' '));
    byRow.set(at, fields);
  }
  if (byRow.size === 0) return plan;
  const rows = plan.rows.map((row, i) => {
    const fields = byRow.get(i);
    if (!fields) return row;
    const cells = row.cells.map((cell) =>
      fields.has(cell.field) ? { ...cell, error: fields.get(cell.field)! } : cell,
    );
    // An error on a field the paste did not touch (e.g. a required one of a new record) shows on the row's first cell.
    const other = [...fields].filter(([field]) => !row.cells.some((cell) => cell.field === field));
    if (other.length > 0 && cells[0]) cells[0] = { ...cells[0], error: other.map(([, m]) => m).join(' ') };
    return { ...row, cells };
  });
  return { ...plan, rows };
}

/** What the apply sends: changed values of rows without errors, split into updates and new records. */
export function planRequests(plan: PastePlan) {
  const updates: { row: number; uuid: string; updatedAt: string; changes: Record<string, unknown> }[] = [];
  const creates: { row: number; values: Record<string, unknown> }[] = [];
  plan.rows.forEach((row, i) => {
    if (rowHasError(row)) return;
    if (row.uuid === null) {
      creates.push({ row: i, values: Object.fromEntries(row.cells.map((cell) => [cell.field, cell.value])) });
      return;
    }
    const changed = row.cells.filter((cell) => cell.changed);
    if (changed.length === 0) return;
    updates.push({
      row: i,
      uuid: row.uuid,
      updatedAt: row.updatedAt ?? '',
      changes: Object.fromEntries(changed.map((cell) => [cell.field, cell.value])),
    });
  });
  return { updates, creates };
}
