// Paste mapping (docs/domain/spreadsheet.md, "Grid editing"): clipboard rows onto the displayed columns from the anchor, a block
// repeated over a range that is a whole multiple of it (one value fills a range; tile.ts), read-only columns are
// skipped and flagged, rows past the last one become new records, values are parsed per field kind and a value that
// does not parse is marked, never written. A block whose first line is a header row maps its columns by their headers
// instead (paste-header.ts), including the record template of each new row. Pure.
import type { Field } from '../../src/entities/fields';
import type { FromCell } from '../../src/domain/cells';
import { sameValue } from '../bulk-edit/bulk-ops';
import type { Bounds } from '../range/range';
import { pasteArea } from './tile';

/** The paste's column that names each new row's record template (a header row's "Template", paste-header.ts); its
 * value is sent as the bulk row's `template_uuid`. */
export const TEMPLATE_COLUMN = 'template_uuid';

export const isTemplateColumn = (column: { name: string }) => column.name === TEMPLATE_COLUMN;

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
  /** Rows past the last one that cannot become records (a model created by uploads only): left out. */
  notCreated: number;
  /** The first line was a header row: the columns went to the fields it names, the line itself was not pasted. */
  headerRow: boolean;
  /** Columns of a header row with an empty header: left out. */
  unnamedColumns: number;
  /** Rows that change a record and name a template: the template is for new records only, left aside. */
  templateIgnored: number;
}

export interface PasteInput {
  clip: readonly (readonly string[])[];
  bounds: Bounds;
  columns: readonly SheetColumn[];
  rowAt: (index: number) => RowSlot;
  parse: CellParser;
  /** The message of a value that does not parse. */
  invalid: (column: SheetColumn, raw: string) => string;
  /** False for a model whose records come from uploads only: rows past the last one are left out (counted). */
  canCreate?: boolean;
  /** The columns the clipboard's first line names (paste-header.ts): the block maps by them from its second line,
   * pasted once from the range's top row; null for a column with an empty header. */
  header?: readonly (SheetColumn | null)[] | null;
}

/**
 * A pasted cell: parsed for its column, compared with the row's value. The template column names a template for a
 * new row (`isNew`) only; on a row that changes a record it is checked but changes nothing.
 */
export function cellOf(
  raw: string,
  column: SheetColumn,
  before: unknown,
  input: Pick<PasteInput, 'parse' | 'invalid'>,
  isNew: boolean,
): PasteCell {
  const parsed = input.parse(raw, column, before);
  if (!parsed.ok)
    return { field: column.name, raw, before, value: null, changed: true, error: input.invalid(column, raw) };
  return {
    field: column.name,
    raw,
    before,
    value: parsed.value,
    changed: isTemplateColumn(column) ? isNew && parsed.value !== null : !sameValue(column.field, before, parsed.value),
    error: null,
  };
}

export function buildPastePlan(input: PasteInput): PastePlan {
  const { columns, header } = input;
  // a header row is not pasted; the block below it lands once from the range's top row
  const clip = header ? input.clip.slice(1) : input.clip;
  const bounds = header ? { ...input.bounds, bottom: input.bounds.top, right: input.bounds.left } : input.bounds;
  const area = pasteArea(clip, bounds);
  const { height, width } = area;
  const targets: readonly (SheetColumn | null)[] = header ?? columns.slice(bounds.left, bounds.left + width);
  const readOnly = targets.flatMap((c) => (c && !c.writable ? [c.name] : []));
  const plan: PastePlan = {
    rows: [],
    readOnly,
    unloaded: 0,
    locked: 0,
    overflowColumns: header ? 0 : Math.max(0, bounds.left + width - columns.length),
    notCreated: 0,
    headerRow: Boolean(header),
    unnamedColumns: header ? header.filter((c) => c === null).length : 0,
    templateIgnored: 0,
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
    if (ended && input.canCreate === false) {
      plan.notCreated++;
      continue;
    }
    const cells: PasteCell[] = [];
    targets.forEach((column, c) => {
      if (!column?.writable) return;
      const raw = area.at(r, c);
      const before = slot === 'end' ? null : slot.data[column.name];
      cells.push(cellOf(raw, column, before, input, slot === 'end'));
    });
    if (slot === 'end' && cells.every((cell) => cell.value === null && !cell.error)) continue; // blank new row
    if (slot !== 'end' && cells.some((cell) => cell.field === TEMPLATE_COLUMN && cell.value !== null))
      plan.templateIgnored++;
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
