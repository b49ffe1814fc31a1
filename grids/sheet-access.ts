// The grid as the spreadsheet pieces see it: the displayed columns (without the checkbox column) as writable or
// read-only fields, and each displayed row as a loaded record, a row not loaded yet, or the place after the end.
import type { Column, GridApi } from 'ag-grid-community';
import { isWritable } from '../src/entities/fields';
import type { SheetColumn, RowSlot, SheetRow } from './clipboard/paste-plan';
import { SELECTION_COLUMN } from './columns';
import type { GridDefinition } from './define-grid';
import { fieldRefOf } from './field-refs';
import type { ApiRecord } from '../src/api/records';

export const dataColumns = (api: GridApi<ApiRecord>): Column[] =>
  api.getAllDisplayedColumns().filter((c) => c.getColId() !== SELECTION_COLUMN);

export function sheetColumns(api: GridApi<ApiRecord>, grid: GridDefinition): SheetColumn[] {
  return dataColumns(api).flatMap((column) => {
    const name = column.getColId();
    const ref = fieldRefOf(grid, name);
    if (!ref) return [];
    return [{ name, field: ref.field, writable: name in grid.entity.fields && isWritable(ref.field) }];
  });
}

export const slotOf = (data: ApiRecord): SheetRow => ({
  uuid: data.uuid,
  updatedAt: data.updated_at,
  data,
  editable: Boolean(data.links.update),
});

export function rowSlot(api: GridApi<ApiRecord>, index: number): RowSlot {
  if (index >= api.getDisplayedRowCount()) return api.isLastRowIndexKnown() ? 'end' : 'unloaded';
  const data = api.getDisplayedRowAtIndex(index)?.data;
  return data ? slotOf(data) : 'unloaded';
}
