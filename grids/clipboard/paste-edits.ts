// Edits of a paste plan after it was built: a cell fixed in the preview, the server's errors put on their cells,
// and the requests the apply sends (valid rows only). Pure.
import { TEMPLATE_COLUMN } from './paste-header';
import { cellOf, rowHasError, type PasteInput, type PastePlan, type PasteRow, type SheetColumn } from './paste-plan';

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
        cell.field === column.name ? cellOf(raw, column, cell.before, input, row.uuid === null) : cell,
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

/**
 * A new record's values: its pasted cells. One that names a record template sends it as `template_uuid` and leaves
 * its empty cells out, so the template's values fill them and its own non-empty cells win (as an import row does).
 */
function createValues(row: PasteRow): Record<string, unknown> {
  const template = row.cells.find((cell) => cell.field === TEMPLATE_COLUMN)?.value ?? null;
  const cells = row.cells.filter(
    (cell) => cell.field !== TEMPLATE_COLUMN && (template === null || cell.value !== null),
  );
  const values: Record<string, unknown> = Object.fromEntries(cells.map((cell) => [cell.field, cell.value]));
  if (template !== null) values[TEMPLATE_COLUMN] = template;
  return values;
}

/** What the apply sends: changed values of rows without errors, split into updates and new records. */
export function planRequests(plan: PastePlan) {
  const updates: { row: number; uuid: string; updatedAt: string; changes: Record<string, unknown> }[] = [];
  const creates: { row: number; values: Record<string, unknown> }[] = [];
  plan.rows.forEach((row, i) => {
    if (rowHasError(row)) return;
    if (row.uuid === null) {
      creates.push({ row: i, values: createValues(row) });
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
