// Edits of cells as one bulk request and one undo step (fill/apply-edit.ts): the cells an edit covers (the selected
// range, else the focused cell), the edit run over them ("nothing to change" when it changes no cell), and a row
// of the grid by displayed index as the pure pieces read it.
import type { GridApi } from 'ag-grid-community';
import { useCallback, type RefObject } from 'react';
import { notify } from '../src/components/notices';
import { useTranslation } from '../src/i18n';
import type { SheetColumn } from './clipboard/paste-plan';
import type { GridDefinition } from './define-grid';
import { applyEdit } from './fill/apply-edit';
import type { RangeEdit } from './fill/fill';
import type { Bounds } from './range/range';
import type { RangeSelection } from './range/use-range-selection';
import type { ApiRecord } from '../src/api/records';
import { rowSlot, sheetColumns } from './sheet-access';

export type RangeEditing = ReturnType<typeof useRangeEdit>;

export function useRangeEdit(grid: GridDefinition, api: RefObject<GridApi<ApiRecord> | null>, range: RangeSelection) {
  const { t } = useTranslation();
  const { entity } = grid;

  /** The selected cells, or the focused one. */
  const current = useCallback((): Bounds | null => {
    const bounds = range.bounds();
    if (bounds) return bounds;
    const focused = api.current?.getFocusedCell();
    if (!focused || !api.current) return null;
    const col = sheetColumns(api.current, grid).findIndex((c) => c.name === focused.column.getColId());
    return col < 0 ? null : { top: focused.rowIndex, bottom: focused.rowIndex, left: col, right: col };
  }, [api, grid, range]);

  const runEdit = useCallback(
    (make: (bounds: Bounds, columns: SheetColumn[]) => RangeEdit, label: string, at?: Bounds) => {
      const gridApi = api.current;
      const bounds = at ?? current();
      if (!gridApi || !bounds) return;
      const edit = make(bounds, sheetColumns(gridApi, grid));
      if (edit.changes.length === 0) {
        notify.info(t('sheet.edit.nothing'), { key: 'sheet-edit' });
        return;
      }
      void applyEdit(entity, edit.changes, edit.versions, t(label, { count: edit.changes.length }), gridApi);
    },
    [api, current, entity, grid, t],
  );

  const rowAt = useCallback((i: number) => rowSlot(api.current!, i), [api]);

  return { current, runEdit, rowAt };
}
