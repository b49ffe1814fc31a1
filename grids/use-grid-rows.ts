// The grid's rows: the datasource for the list query (use-list-state.ts) with the quick search debounced, its first
// block asked for at once with the layout's sort and the table's column filters, and the footer's count, which
// re-renders the grid only when it changed (every new sort or search answers it again).
import { useCallback, useState } from 'react';
import type { AnyEntity } from '../src/entities/define';
import { useDebounced } from './ref-lookup';
import type { GridLayout } from './preferences';
import { useGridDatasource, type ListInfo } from './use-grid-datasource';
import type { ListState } from './use-list-state';

export function useGridRows(entity: AnyEntity, { base, tableFilters }: ListState, layout: GridLayout) {
  const [info, setInfo] = useState<ListInfo | null>(null);
  const showInfo = useCallback(
    (next: ListInfo) =>
      setInfo((old) =>
        old?.total === next.total &&
        old.totalAtLeast === next.totalAtLeast &&
        old.canCreate === next.canCreate &&
        old.notLoadedOffline === next.notLoadedOffline
          ? old
          : next,
      ),
    [],
  );
  const search = useDebounced(base.search, 300);
  const datasource = useGridDatasource(entity, { ...base, search }, showInfo, {
    sort: layout.sort,
    filterModel: tableFilters,
    size: layout.rowsPerPage,
  });
  return { datasource, info };
}
