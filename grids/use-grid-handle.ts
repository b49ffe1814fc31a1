// The handle a screen holds on its DataGrid: a record saved elsewhere (the record drawer) shown in its row, the
// rows read again, or rows selected from a linked view (the map, the calendar).
import type { GridApi, IRowNode } from 'ag-grid-community';
import { useImperativeHandle, type Ref, type RefObject } from 'react';
import type { ApiRecord } from '../src/api/records';

export interface DataGridHandle {
  /** Shows a saved record in its row (or reloads when it is not loaded). */
  applyRecord: (record: ApiRecord) => void;
  reload: () => void;
  /**
   * Selects exactly the loaded rows of `uuids` (no selection event for the screen) and scrolls to the first of
   * them (unless `reveal` is false: rows arriving later are selected where they are); answers whether the first one
   * was loaded.
   */
  select: (uuids: readonly string[], reveal?: boolean) => boolean;
  /** Whether the grid has loaded the row of this record. */
  loaded: (uuid: string) => boolean;
}

/** Selects exactly `uuids` among the loaded rows and brings the first into view (its page, then the row). */
function selectRows(api: GridApi<ApiRecord>, uuids: readonly string[], reveal: boolean): boolean {
  const wanted = new Set(uuids);
  const on: IRowNode<ApiRecord>[] = [];
  const off: IRowNode<ApiRecord>[] = [];
  api.forEachNode((node) => {
    const uuid = node.data?.uuid;
    if (!uuid) return;
    if (wanted.has(uuid)) on.push(node);
    else if (node.isSelected()) off.push(node);
  });
  if (off.length) api.setNodesSelected({ nodes: off, newValue: false, source: 'api' });
  if (on.length) api.setNodesSelected({ nodes: on, newValue: true, source: 'api' });
  const first = uuids[0] ? api.getRowNode(uuids[0]) : undefined;
  if (!first || first.rowIndex === null) return false;
  if (!reveal) return true;
  if (api.getGridOption('pagination')) {
    const size = api.paginationGetPageSize();
    const page = size > 0 ? Math.floor(first.rowIndex / size) : 0;
    if (page !== api.paginationGetCurrentPage()) api.paginationGoToPage(page);
  }
  api.ensureNodeVisible(first, 'middle');
  return true;
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
      select: (uuids, reveal = true) => (api.current ? selectRows(api.current, uuids, reveal) : false),
      loaded: (uuid) => Boolean(api.current?.getRowNode(uuid)?.data),
    }),
    [api],
  );
}
