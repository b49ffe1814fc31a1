// The spreadsheet layer of a DataGrid, composed from its pieces: range selection, clipboard (copy, cut, paste
// with preview), fill (Ctrl+D, Ctrl+R, the fill handle), Delete on a range, undo/redo keys and bulk edit of the
// selected rows. The grid spreads `gridProps` on AG Grid and `bodyProps` on the element around it, and renders
// `dialogs` (the dialogs and the fill handle's layer) next to it.
import type { ColDef, GridApi } from 'ag-grid-community';
import { useCallback, useState, type ClipboardEvent, type KeyboardEvent, type RefObject } from 'react';
import { clipboardRows, toHtmlTable, toTsv } from '../src/domain/clipboard';
import { notify, reportActionError } from '../src/components/notices';
import { useTranslation } from '../src/i18n';
import { buildPastePlan, type SheetColumn } from './clipboard/paste-plan';
import { cellParser, copyText } from './clipboard/sheet-cells';
import { pasteArea } from './clipboard/tile';
import type { GridDefinition } from './define-grid';
import { headerOf } from './field-refs';
import { applyEdit } from './fill/apply-edit';
import { clearRange, fillBlock, fillDown, fillRight, type Convert, type RangeEdit } from './fill/fill';
import { useFillHandle } from './fill/use-fill-handle';
import type { GridContext } from './grid-context';
import { unloadedRows, withRowsRead, type RowAt } from './paste/load-rows';
import { SpreadsheetDialogs, type PasteSession } from './spreadsheet-dialogs';
import { isSingleCell, type Bounds } from './range/range';
import { useRangeSelection } from './range/use-range-selection';
import type { ApiRecord } from './records-api';
import { rowSlot, sheetColumns } from './sheet-access';
import { redo, undo } from './undo/undo-run';
import { useUndoRefresh } from './undo/use-undo-refresh';
import './spreadsheet.css';

type Col = ColDef<ApiRecord, unknown>;

const isTextInput = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

export function useSpreadsheet(
  grid: GridDefinition,
  api: RefObject<GridApi<ApiRecord> | null>,
  context: RefObject<GridContext>,
) {
  const { t } = useTranslation();
  const { entity } = grid;
  const range = useRangeSelection(api);
  const [paste, setPaste] = useState<PasteSession | null>(null);
  const [bulkRows, setBulkRows] = useState<ApiRecord[] | null>(null);

  useUndoRefresh(api, entity.name);

  const header = useCallback((name: string) => headerOf(t, entity.name, name), [t, entity.name]);
  const parser = useCallback(() => {
    const parse = cellParser(context.current);
    const invalid = (column: SheetColumn) => t('sheet.paste.invalid', { field: header(column.name) });
    return { parse, invalid };
  }, [context, t, header]);

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

  /** A value carried into another column (fill right): as is for the same field, else through its text. */
  const convert = useCallback<Convert>(
    (value, from, to) => {
      if (JSON.stringify(from.field) === JSON.stringify(to.field)) return { value };
      const parsed = parser().parse(copyText(context.current, from, { [from.name]: value }), to, null);
      return parsed.ok ? { value: parsed.value } : null;
    },
    [context, parser],
  );

  /** The fill handle was dragged: the range grows to `target`, filled from `source` (one undo step). */
  const fillTo = useCallback(
    (source: Bounds, target: Bounds) => {
      range.select({ anchor: { row: target.top, col: target.left }, focus: { row: target.bottom, col: target.right } });
      const down = target.bottom > source.bottom;
      runEdit(
        (b, c) => fillBlock(source, b, c, rowAt, convert),
        down ? 'sheet.fill.label' : 'sheet.fill.rightLabel',
        target,
      );
    },
    [range, runEdit, rowAt, convert],
  );
  const fillLayer = useFillHandle(api, range, fillTo, t('sheet.fill.handle'));

  const copy = useCallback(
    (event: ClipboardEvent) => {
      const gridApi = api.current;
      const bounds = current();
      if (!gridApi || !bounds || isTextInput(event.target)) return false;
      const columns = sheetColumns(gridApi, grid).slice(bounds.left, bounds.right + 1);
      const rows: string[][] = [];
      for (let i = bounds.top; i <= bounds.bottom; i++) {
        const data = gridApi.getDisplayedRowAtIndex(i)?.data;
        rows.push(columns.map((column) => (data ? copyText(context.current, column, data) : '')));
      }
      event.clipboardData.setData('text/plain', toTsv(rows));
      event.clipboardData.setData('text/html', toHtmlTable(rows));
      event.preventDefault();
      return true;
    },
    [api, current, grid, context],
  );

  const onPaste = useCallback(
    (event: ClipboardEvent) => {
      const gridApi = api.current;
      const bounds = current();
      if (!gridApi || !bounds || isTextInput(event.target) || gridApi.getEditingCells().length > 0) return;
      const clip = clipboardRows(event.clipboardData.getData('text/plain'), event.clipboardData.getData('text/html'));
      event.preventDefault();
      if (clip.length === 0) return;
      const open = (at: RowAt) => {
        const columns = sheetColumns(gridApi, grid);
        const plan = buildPastePlan({
          clip,
          bounds,
          columns,
          rowAt: at,
          ...parser(),
          canCreate: !grid.entity.createdByUpload,
        });
        if (plan.rows.length === 0) {
          notify.info(t('sheet.paste.nothing'), { key: 'paste' });
          return;
        }
        setPaste({ plan, columns });
      };
      // Rows the paste reaches that the grid has not loaded are read first (in the grid's blocks).
      const missing = unloadedRows(rowAt, bounds.top, pasteArea(clip, bounds).height);
      if (missing.length === 0) return open(rowAt);
      notify.info(t('sheet.paste.loading', { count: missing.length }), { key: 'paste-loading' });
      withRowsRead(gridApi, missing).then(
        (at) => {
          notify.dismiss('paste-loading');
          if (at !== 'stale') return open(at);
          notify.warning(t('sheet.paste.stale'), { key: 'paste' });
        },
        (error: unknown) => {
          notify.dismiss('paste-loading');
          reportActionError(error);
        },
      );
    },
    [api, current, grid, parser, rowAt, t],
  );

  const onKeyDownCapture = useCallback(
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

  const bodyProps = {
    onKeyDownCapture,
    onCopy: (event: ClipboardEvent) => void copy(event),
    onCut: (event: ClipboardEvent) => {
      if (copy(event)) runEdit((b, c) => clearRange(b, c, rowAt), 'sheet.cut.label');
    },
    onPaste,
  };

  const gridProps = {
    onCellMouseDown: range.onCellMouseDown,
    onCellMouseOver: range.onCellMouseOver,
    onCellFocused: range.onCellFocused,
    navigateToNextCell: range.navigateToNextCell,
  };

  /** Every column gets the range's class rule. */
  const withRange = useCallback(
    (columns: Col[]): Col[] =>
      columns.map((c) => ({ ...c, cellClassRules: { ...c.cellClassRules, 'hw-range-cell': range.classRule } })),
    [range.classRule],
  );

  const display = useCallback(
    (column: SheetColumn, value: unknown) => copyText(context.current, column, { [column.name]: value }),
    [context],
  );

  const dialogs = (
    <>
      {fillLayer}
      <SpreadsheetDialogs
        grid={grid}
        api={api}
        paste={paste}
        bulkRows={bulkRows}
        header={header}
        display={display}
        parser={parser}
        onClosePaste={() => setPaste(null)}
        onCloseBulk={() => setBulkRows(null)}
      />
    </>
  );

  const openBulkEdit = useCallback(() => {
    const rows = api.current?.getSelectedNodes().flatMap((n) => (n.data ? [n.data] : [])) ?? [];
    if (rows.length > 0) setBulkRows(rows);
  }, [api]);

  return { range, gridProps, bodyProps, withRange, dialogs, openBulkEdit };
}
