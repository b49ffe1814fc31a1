// Copy, cut and paste on the element around the grid (docs/domain/spreadsheet.md, "Grid editing"): a copy writes the selected
// cells (or the focused one) as TSV and an HTML table, a cut copies and then clears them, a paste opens the
// preview; rows a paste reaches that the grid has not loaded are read first, in the grid's blocks. A block whose first
// line is a header row maps its columns by their headers (paste-header.ts).
import type { GridApi } from 'ag-grid-community';
import { useCallback, useState, type ClipboardEvent, type RefObject } from 'react';
import { clipboardRows, toHtmlTable, toTsv } from '../../src/domain/clipboard';
import { notify, reportActionError } from '../../src/components/notices';
import { useTranslation, type TFunction } from '../../src/i18n';
import type { GridDefinition } from '../define-grid';
import { clearRange } from '../fill/fill';
import type { GridContext } from '../grid-context';
import { unloadedRows, withRowsRead, type RowAt } from '../paste/load-rows';
import type { ApiRecord } from '../../src/api/records';
import { sheetColumns } from '../sheet-access';
import type { PasteSession } from '../spreadsheet-dialogs';
import { isTextInput } from '../text-input';
import type { CellText } from '../use-cell-text';
import type { RangeEditing } from '../use-range-edit';
import { headerTargets } from './paste-header';
import { buildPastePlan, type SheetColumn } from './paste-plan';
import { copyText } from './sheet-cells';
import { pasteArea } from './tile';

/** Reads the rows a paste reaches that the grid has not loaded, then opens the preview (unless the query changed). */
function readThenOpen(gridApi: GridApi<ApiRecord>, missing: number[], open: (at: RowAt) => void, t: TFunction) {
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
}

export function useClipboard(
  grid: GridDefinition,
  api: RefObject<GridApi<ApiRecord> | null>,
  context: RefObject<GridContext>,
  { current, runEdit, rowAt }: RangeEditing,
  parser: CellText['parser'],
  pasteHeaders: CellText['pasteHeaders'],
) {
  const { t } = useTranslation();
  const [paste, setPaste] = useState<PasteSession | null>(null);

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
      const header = headerTargets(clip, pasteHeaders());
      const open = (at: RowAt) => {
        const shown = sheetColumns(gridApi, grid);
        const plan = buildPastePlan({
          clip,
          bounds,
          columns: shown,
          rowAt: at,
          ...parser(),
          canCreate: !grid.entity.createdByUpload,
          header,
        });
        if (plan.rows.length === 0) {
          notify.info(t('sheet.paste.nothing'), { key: 'paste' });
          return;
        }
        // the preview knows the columns a header row named, shown in the grid or not
        const columns = header ? header.filter((c): c is SheetColumn => c !== null) : shown;
        setPaste({ plan, columns });
      };
      // Rows the paste reaches that the grid has not loaded are read first (in the grid's blocks).
      const height = header ? clip.length - 1 : pasteArea(clip, bounds).height;
      const missing = unloadedRows(rowAt, bounds.top, height);
      if (missing.length === 0) return open(rowAt);
      readThenOpen(gridApi, missing, open, t);
    },
    [api, current, grid, parser, pasteHeaders, rowAt, t],
  );

  const bodyProps = {
    onCopy: (event: ClipboardEvent) => void copy(event),
    onCut: (event: ClipboardEvent) => {
      if (copy(event)) runEdit((b, c) => clearRange(b, c, rowAt), 'sheet.cut.label');
    },
    onPaste,
  };
  return { bodyProps, paste, closePaste: () => setPaste(null) };
}
