// The grid's layout through the grid API: the column chooser's list and actions (show, move, pin), saving the
// layout (debounced, preferences.ts) and "reset to default" for this device.
import type { ColumnState, GridApi } from 'ag-grid-community';
import { useCallback, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '../src/i18n';
import type { ChooserColumn } from './column-chooser';
import { SELECTION_COLUMN, defaultWidth } from './columns';
import { headerOf } from './field-refs';
import type { GridDefinition } from './define-grid';
import type { StatusLimiter } from './list-query';
import { mergeLayout, settingsFromState, useSaveTableSettings, type GridLayout } from './preferences';
import type { ApiRecord } from '../src/api/records';

export function useGridLayout(
  grid: GridDefinition,
  api: RefObject<GridApi<ApiRecord> | null>,
  device: string,
  layout: GridLayout,
  limiter: StatusLimiter | null,
) {
  const { t } = useTranslation();
  const save = useSaveTableSettings(grid.table, device);
  const [chooser, setChooser] = useState<ChooserColumn[]>([]);
  const rowsPerPage = useRef(layout.rowsPerPage);

  const persist = useCallback(
    (statusLimiter = limiter) => {
      const current = api.current;
      if (!current) return;
      const state = current.getColumnState();
      save.schedule(settingsFromState(grid, state, { rowsPerPage: rowsPerPage.current, statusLimiter }));
    },
    [grid, limiter, save, api],
  );

  const refreshChooser = useCallback(() => {
    const state = api.current?.getColumnState() ?? [];
    setChooser(
      state
        .filter((s) => s.colId !== SELECTION_COLUMN)
        .map((s) => ({
          colId: s.colId,
          label: headerOf(t, grid.entity.name, s.colId),
          visible: !s.hide,
          pinned: Boolean(s.pinned),
        })),
    );
  }, [t, grid.entity.name, api]);

  /** Applies a column order; the checkbox column stays first. */
  const applyOrder = (state: ColumnState[]) =>
    api.current?.applyColumnState({
      state: [{ colId: SELECTION_COLUMN }, ...state.filter((s) => s.colId !== SELECTION_COLUMN)],
      applyOrder: true,
    });

  const changed = () => {
    refreshChooser();
    persist();
  };

  return {
    chooser,
    persist,
    refreshChooser,
    rowsPerPage,
    toggleColumn: (colId: string, visible: boolean) => {
      api.current?.setColumnsVisible([colId], visible);
      changed();
    },
    pinColumn: (colId: string, pinned: boolean) => {
      api.current?.applyColumnState({ state: [{ colId, pinned: pinned ? 'left' : null }] });
      changed();
    },
    moveColumn: (colId: string, delta: -1 | 1) => {
      const state = (api.current?.getColumnState() ?? []).filter((s) => s.colId !== SELECTION_COLUMN);
      const from = state.findIndex((s) => s.colId === colId);
      const to = from + delta;
      if (from < 0 || to < 0 || to >= state.length) return;
      [state[from], state[to]] = [state[to]!, state[from]!];
      applyOrder(state);
      changed();
    },
    /** Forgets the saved layout (DELETE) and applies the grid's defaults; returns them for the toolbar state. */
    resetLayout: async () => {
      await save.reset();
      const defaults = mergeLayout(grid, undefined);
      applyOrder(
        defaults.columns.map((c) => ({
          colId: c.colId,
          hide: c.hide,
          width: c.width ?? defaultWidth(grid, c.colId, t),
          pinned: c.pinned,
          sort: defaults.sort?.colId === c.colId ? defaults.sort.sort : null,
        })),
      );
      rowsPerPage.current = grid.rowsPerPage;
      api.current?.setGridOption('paginationPageSize', grid.rowsPerPage);
      refreshChooser();
      return defaults;
    },
  };
}
