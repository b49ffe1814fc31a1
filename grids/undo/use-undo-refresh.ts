// A grid shows what an undo or redo wrote: changed records in their rows; rows that came or went reload it.
import type { GridApi } from 'ag-grid-community';
import { useEffect, type RefObject } from 'react';
import type { ApiRecord } from '../../src/api/records';
import { onUndoApplied } from './undo-run';

export function useUndoRefresh(api: RefObject<GridApi<ApiRecord> | null>, model: string): void {
  useEffect(
    () =>
      onUndoApplied((changed, records, reload) => {
        if (changed !== model) return;
        for (const record of records) api.current?.getRowNode(record.uuid)?.setData(record);
        if (reload) api.current?.refreshInfiniteCache();
      }),
    [api, model],
  );
}
