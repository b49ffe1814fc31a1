// Saved views on one grid (docs/domain/preferences.md, "Saved views"): the view named in the URL (else the settings
// group's default view for a user without a layout of the table) is put on the grid once the list of views is there,
// and again whenever it changes; the grid's query now (with the sort AG Grid reports)
// feeds the "unsaved changes" chip.
import type { GridApi, SortChangedEvent } from 'ag-grid-community';
import { useQuery } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { fetchModelSettings, modelSettingsKeys } from '../src/api/model-settings.api';
import type { GridViewQuery } from '../src/entities/account';
import type { GridDefinition } from './define-grid';
import { fieldRefOf } from './field-refs';
import { useGridViews } from './grid-views';
import type { GridLayout } from './preferences';
import type { ApiRecord } from '../src/api/records';
import type { ListState } from './use-list-state';
import { stateOfViewQuery, viewQueryOf } from './view-query';

export function useSavedViews(
  grid: GridDefinition,
  api: RefObject<GridApi<ApiRecord> | null>,
  layout: GridLayout,
  list: ListState,
  /** Whether the user has a layout of this table on this device (`PUT /user/table-settings`). */
  hasLayout = true,
) {
  const { entity } = grid;
  const views = useGridViews(grid.table);
  useDefaultView(grid, views, !hasLayout, list.base.settingsGroupUuid);
  const [sort, setSort] = useState(layout.sort);
  const { setSearch, setLimiter } = list;

  /** Puts a saved view's query on the grid; `null` (the standard view) clears filters and search. */
  const applyQuery = useCallback(
    (query: GridViewQuery | null) => {
      const gridApi = api.current;
      if (!gridApi) return;
      setSearch(query?.search ?? '');
      gridApi.setFilterModel(query?.filters && Object.keys(query.filters).length > 0 ? query.filters : null);
      if (!query) return;
      const state = stateOfViewQuery(query, entity.status ? layout.statusLimiter : null);
      const sortable = state.sort && fieldRefOf(grid, state.sort.colId) ? state.sort : null;
      gridApi.applyColumnState({ state: sortable ? [sortable] : [], defaultState: { sort: null } });
      if (entity.status) setLimiter(state.statusLimiter);
    },
    [api, entity.status, grid, layout.statusLimiter, setSearch, setLimiter],
  );

  // After every render: the grid's API arrives once its UI is ready (GridHost), and its owner renders again then.
  const appliedView = useRef<string | null>(null);
  useEffect(() => {
    if (!api.current || !views.loaded) return;
    const target = views.active?.uuid ?? null;
    if (appliedView.current === target) return;
    appliedView.current = target;
    applyQuery(views.active?.query ?? null);
  });

  /** The grid's sort for the chip: set after the grid asked for its rows, not before. */
  const onSortChanged = useCallback((e: SortChangedEvent<ApiRecord>) => {
    const sorted = e.api.getColumnState().find((c) => c.sort);
    startTransition(() =>
      setSort(sorted ? { colId: sorted.colId, sort: sorted.sort === 'desc' ? 'desc' : 'asc' } : null),
    );
  }, []);

  const current = viewQueryOf({ sort, filters: list.tableFilters, search: list.search, statusLimiter: list.limiter });
  return { views, current, applyQuery, onSortChanged };
}

/**
 * The settings group's default view of the table (docs/domain/fields.md, "Model settings", `default_view`): a user
 * who has no layout of the table on this device and whose address names no view opens it, once per grid.
 */
function useDefaultView(
  grid: GridDefinition,
  views: ReturnType<typeof useGridViews>,
  wanted: boolean,
  settingsGroupUuid: string | null,
) {
  const decided = useRef(!wanted || views.activeUuid !== null);
  const settings = useQuery({
    queryKey: modelSettingsKeys.one(settingsGroupUuid ?? '', grid.entity.name),
    queryFn: () => fetchModelSettings(settingsGroupUuid!, grid.entity.name),
    enabled: !decided.current && Boolean(settingsGroupUuid),
    staleTime: 60_000,
  });
  const { select } = views;
  const target = typeof settings.data?.default_view === 'string' ? settings.data.default_view : '';
  const ready = views.loaded && (settings.isSuccess || settings.isError);
  useEffect(() => {
    if (decided.current || !ready) return;
    decided.current = true;
    if (target && views.views.some((view) => view.uuid === target && view.shared)) select(target);
  }, [ready, target, views.views, select]);
}
