// The handle a screen holds on its DataGrid: a record saved elsewhere (the record drawer) shown in its row, or
// the rows read again.
import type { GridApi } from 'ag-grid-community';
import { useImperativeHandle, type Ref, type RefObject } from 'react';
import type { ApiRecord } from '../src/api/records';

export interface DataGridHandle {
  /** Shows a saved record in its row (or reloads when it is not loaded). */
  applyRecord: (record: ApiRecord) => void;
  reload: () => void;
}

export function useGridHandle(handleRef: Ref<DataGridHandle> | undefined, api: RefObject<GridApi<ApiRecord> | null>) {
  useImperativeHandle(
    handleRef,
    () => ({
      applyRecord: (record) => {
        const node = api.current?.getRowNode(record.uuid);
        if (node) node.setData(record);
        else api.current?.refreshInfiniteCache();
      },
      reload: () => api.current?.refreshInfiniteCache(),
    }),
    [api],
  );
}
