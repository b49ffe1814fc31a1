// The spreadsheet layer of a DataGrid, composed from its pieces, each a hook of its own: range selection, cells as
// text, edits of a range, the fill handle, clipboard (copy, cut, paste with preview), the keys (undo/redo, fill,
// Delete on a range) and bulk edit of the selected rows. The grid spreads `gridProps` on AG Grid and `bodyProps` on
// the element around it, and renders `dialogs` (the dialogs and the fill handle's layer) next to it.
import type { ColDef, GridApi } from 'ag-grid-community';
import { useCallback, type RefObject } from 'react';
import { useBulkEdit } from './bulk-edit/use-bulk-edit';
import { useClipboard } from './clipboard/use-clipboard';
import type { GridDefinition } from './define-grid';
import { useHandleFill } from './fill/use-handle-fill';
import type { GridContext } from './grid-context';
import { SpreadsheetDialogs } from './spreadsheet-dialogs';
import { useRangeSelection } from './range/use-range-selection';
import type { ApiRecord } from '../src/api/records';
import { useUndoRefresh } from './undo/use-undo-refresh';
import { useCellText } from './use-cell-text';
import { useRangeEdit } from './use-range-edit';
import { useSheetKeys } from './use-sheet-keys';
import './spreadsheet.css';

type Col = ColDef<ApiRecord, unknown>;

export function useSpreadsheet(
  grid: GridDefinition,
  api: RefObject<GridApi<ApiRecord> | null>,
  context: RefObject<GridContext>,
) {
  const range = useRangeSelection(api);
  useUndoRefresh(api, grid.entity.name);
  const text = useCellText(grid, context);
  const edit = useRangeEdit(grid, api, range);
  const fillLayer = useHandleFill(api, range, edit, text.convert);
  const clipboard = useClipboard(grid, api, context, edit, text.parser, text.pasteHeaders);
  const onKeyDownCapture = useSheetKeys(api, range, edit, text.convert);
  const bulk = useBulkEdit(api);

  /** Every column gets the range's class rule. */
  const withRange = useCallback(
    (columns: Col[]): Col[] =>
      columns.map((c) => ({ ...c, cellClassRules: { ...c.cellClassRules, 'hw-range-cell': range.classRule } })),
    [range.classRule],
  );

  const gridProps = {
    onCellMouseDown: range.onCellMouseDown,
    onCellMouseOver: range.onCellMouseOver,
    onCellFocused: range.onCellFocused,
    navigateToNextCell: range.navigateToNextCell,
  };

  const dialogs = (
    <>
      {fillLayer}
      <SpreadsheetDialogs
        grid={grid}
        api={api}
        paste={clipboard.paste}
        bulkRows={bulk.rows}
        header={text.header}
        display={text.display}
        parser={text.parser}
        onClosePaste={clipboard.closePaste}
        onCloseBulk={bulk.close}
      />
    </>
  );

  return {
    range,
    gridProps,
    bodyProps: { onKeyDownCapture, ...clipboard.bodyProps },
    withRange,
    dialogs,
    openBulkEdit: bulk.open,
  };
}
