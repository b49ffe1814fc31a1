// The grid's list query outside AG Grid (docs/domain/api.md, "List query"): the quick search, the status limiter, the
// archived switch, the selected settings group and context; the column filters and the search are kept per table for
// the browser session (src/state/context.ts).
// Built here once; the rows (use-grid-rows.ts, with the search debounced), the export and the saved views read it.
import { useAtom, useAtomValue } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { useSelectedSettingsGroup } from '../src/components/use-settings-group';
import { filtersAtom, searchesAtom, selectedPartitionsAtom, selectedPropertiesAtom } from '../src/state/context';
import type { GridDefinition } from './define-grid';
import type { StatusLimiter } from './list-query';
import type { ListQuery } from '../src/api/records';
import type { GridLayout } from './preferences';
import type { BaseQueryState } from './use-grid-datasource';

export type ListState = ReturnType<typeof useListState>;

/** `extra`: parameters the screen adds to the list (the map's `bbox`); memoise it. */
export function useListState(grid: GridDefinition, layout: GridLayout, extra?: ListQuery) {
  const { current: group } = useSelectedSettingsGroup();
  const propertyUuids = useAtomValue(selectedPropertiesAtom);
  const partitionUuids = useAtomValue(selectedPartitionsAtom);
  const [filters, setFilters] = useAtom(filtersAtom);
  const [searches, setSearches] = useAtom(searchesAtom);
  const search = searches[grid.table] ?? '';
  const setSearch = useCallback(
    (value: string) =>
      setSearches(({ [grid.table]: _old, ...others }) => (value ? { ...others, [grid.table]: value } : others)),
    [grid.table, setSearches],
  );
  const [limiter, setLimiter] = useState<StatusLimiter | null>(grid.entity.status ? layout.statusLimiter : null);
  const [archived, setArchived] = useState(false);
  const settingsGroupUuid = group?.uuid ?? null;

  const base = useMemo<BaseQueryState>(
    () => ({
      search,
      statusLimiter: limiter,
      archived: archived ? '1' : '0',
      settingsGroupUuid,
      propertyUuids,
      partitionUuids,
      extra,
    }),
    [search, limiter, archived, settingsGroupUuid, propertyUuids, partitionUuids, extra],
  );

  const tableFilters = filters[grid.table] ?? {};
  const setTableFilters = useCallback(
    (model: Record<string, unknown>) => setFilters((all) => ({ ...all, [grid.table]: model })),
    [grid.table, setFilters],
  );

  return {
    base,
    search,
    setSearch,
    limiter,
    setLimiter,
    archived,
    setArchived,
    tableFilters,
    filtered: Object.keys(tableFilters).length > 0,
    setTableFilters,
  };
}
