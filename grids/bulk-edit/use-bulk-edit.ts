// Bulk edit of the selected rows: the rows the dialog opened with (null while it is closed); it opens only when
// rows are selected.
import type { GridApi } from 'ag-grid-community';
import { useCallback, useState, type RefObject } from 'react';
import type { ApiRecord } from '../../src/api/records';

export function useBulkEdit(api: RefObject<GridApi<ApiRecord> | null>) {
  const [rows, setRows] = useState<ApiRecord[] | null>(null);
  const open = useCallback(() => {
    const selected = api.current?.getSelectedNodes().flatMap((n) => (n.data ? [n.data] : [])) ?? [];
    if (selected.length > 0) setRows(selected);
  }, [api]);
  return { rows, open, close: () => setRows(null) };
}
