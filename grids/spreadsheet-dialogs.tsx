// The spreadsheet layer's dialogs of one grid: the paste preview (with the server's dry run and the apply) and
// bulk edit of the selected rows.
import type { GridApi } from 'ag-grid-community';
import { useMemo, type RefObject } from 'react';
import type { FromCell } from '../src/domain/cells';
import { BulkEditDialog } from './bulk-edit/bulk-edit-dialog';
import { fixCell } from './clipboard/paste-edits';
import type { CellParser, PastePlan, SheetColumn } from './clipboard/paste-plan';
import type { GridDefinition } from './define-grid';
import { PastePreviewDialog } from './paste/paste-preview-dialog';
import { applyPaste, checkPaste } from './paste/use-paste';
import type { ApiRecord } from '../src/api/records';

export interface PasteSession {
  plan: PastePlan;
  columns: SheetColumn[];
}

interface Props {
  grid: GridDefinition;
  api: RefObject<GridApi<ApiRecord> | null>;
  paste: PasteSession | null;
  bulkRows: ApiRecord[] | null;
  header: (name: string) => string;
  display: (column: SheetColumn, value: unknown) => string;
  parser: () => { parse: CellParser; invalid: (column: SheetColumn, raw: string) => string };
  onClosePaste: () => void;
  onCloseBulk: () => void;
}

export function SpreadsheetDialogs({ grid, api, paste, bulkRows, header, display, parser, ...props }: Props) {
  const { entity } = grid;
  const check = useMemo(() => (plan: PastePlan) => checkPaste(entity, plan), [entity]);
  const apply = async (plan: PastePlan) => {
    const result = await applyPaste(entity, plan);
    if (result && 'rows' in result) return result; // refused by the server: shown at the cells
    if (result) {
      for (const record of result.records) api.current?.getRowNode(record.uuid)?.setData(record);
      if (result.created.length > 0) api.current?.refreshInfiniteCache();
      props.onClosePaste();
    }
    return null;
  };
  return (
    <>
      {paste && (
        <PastePreviewDialog
          plan={paste.plan}
          columns={paste.columns}
          header={header}
          display={display}
          fix={(plan, row, column, raw) => fixCell(plan, row, column, raw, parser())}
          check={check}
          apply={apply}
          onClose={props.onClosePaste}
        />
      )}
      {bulkRows && (
        <BulkEditDialog
          grid={grid}
          rows={bulkRows}
          api={api}
          display={display}
          parse={(raw: string, column: SheetColumn): FromCell => parser().parse(raw, column, null)}
          onClose={props.onCloseBulk}
        />
      )}
    </>
  );
}
