// The spreadsheet's keys while the grid has focus and no cell editor is open (docs/domain/spreadsheet.md, "Grid editing"):
// Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, Ctrl+D fills down, Ctrl+R fills right, Delete clears a range (on one
// cell it is the grid's own Delete, an inline edit).
import type { GridApi } from 'ag-grid-community';
import { useCallback, type KeyboardEvent, type RefObject } from 'react';
import { clearRange, fillDown, fillRight, type Convert } from './fill/fill';
import { isSingleCell } from './range/range';
import type { RangeSelection } from './range/use-range-selection';
import type { ApiRecord } from '../src/api/records';
import { isTextInput } from './text-input';
import { redo, undo } from './undo/undo-run';
import type { RangeEditing } from './use-range-edit';

export function useSheetKeys(
  api: RefObject<GridApi<ApiRecord> | null>,
  range: RangeSelection,
  { runEdit, rowAt }: RangeEditing,
  convert: Convert,
) {
  return useCallback(
    (event: KeyboardEvent) => {
      const gridApi = api.current;
      if (!gridApi || isTextInput(event.target) || gridApi.getEditingCells().length > 0) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      let handled = false;
      if (mod && !event.altKey) {
        if (key === 'z' && !event.shiftKey) void undo();
        else if (key === 'y' || (key === 'z' && event.shiftKey)) void redo();
        else if (key === 'd') runEdit((b, c) => fillDown(b, c, rowAt), 'sheet.fill.label');
        else if (key === 'r' && !event.shiftKey)
          runEdit((b, c) => fillRight(b, c, rowAt, convert), 'sheet.fill.rightLabel');
        else return;
        handled = true;
      } else if (!handled && event.key === 'Delete' && !mod) {
        const bounds = range.bounds();
        if (!bounds || isSingleCell(bounds)) return; // one cell: the grid's own Delete (an inline edit)
        runEdit((b, c) => clearRange(b, c, rowAt), 'sheet.clear.label');
        handled = true;
      }
      if (handled) {
        event.preventDefault();
        event.stopPropagation();
      }
    },
    [api, range, runEdit, rowAt, convert],
  );
}
