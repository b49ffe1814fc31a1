// Per-device table preferences (docs/domain/preferences.md, "Table preferences"): loaded once per device, merged with the
// current column definitions (unknown columns dropped, new ones at their default place), saved debounced.
// `column_widths` lists every column known when the layout was saved, so a column missing from it is new.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { TableSettings } from '../src/entities/account';
import { http } from '../src/api/http';
import { allColumns, type GridDefinition } from './define-grid';
import { isSortable, type StatusLimiter } from './list-query';
import { MOBILE_BREAKPOINT, deviceString, settingsKey, tableSettingsQuery } from './table-settings-query';

export { MOBILE_BREAKPOINT, deviceString };
export const SAVE_DEBOUNCE_MS = 800;

export interface ColumnLayout {
  colId: string;
  hide: boolean;
  width: number | undefined;
  pinned: 'left' | 'right' | null;
}
export interface GridLayout {
  columns: ColumnLayout[];
  sort: { colId: string; sort: 'asc' | 'desc' } | null;
  rowsPerPage: number;
  statusLimiter: StatusLimiter;
}

/** The saved layout merged with the grid's current columns. */
export function mergeLayout(grid: GridDefinition, saved: TableSettings | undefined): GridLayout {
  const all = allColumns(grid);
  const defaultSort = grid.entity.defaultSort;
  const sortOf = (by: string | null | undefined, desc: boolean | undefined) =>
    by && isSortable(grid.entity, by) ? { colId: by, sort: desc ? ('desc' as const) : ('asc' as const) } : null;
  const base = {
    sort: sortOf(defaultSort?.field, defaultSort?.descending),
    rowsPerPage: saved?.rows_per_page ?? grid.rowsPerPage,
    statusLimiter: saved?.status_limiter ?? 'active',
  };
  const defaultPin = (c: string) => (grid.pinned.includes(c) ? ('left' as const) : null);
  if (!saved?.visible_columns) {
    return {
      ...base,
      columns: all.map((c) => ({ colId: c, hide: !grid.columns.includes(c), width: undefined, pinned: defaultPin(c) })),
    };
  }
  const visible = saved.visible_columns.split(',').filter((c, i, list) => all.includes(c) && list.indexOf(c) === i);
  const known = new Set([...visible, ...Object.keys(saved.column_widths ?? {})]);
  const order = [...visible];
  all.forEach((c, index) => {
    if (order.includes(c)) return;
    const before = all
      .slice(0, index)
      .reverse()
      .find((p) => order.includes(p));
    order.splice(before ? order.indexOf(before) + 1 : 0, 0, c);
  });
  return {
    ...base,
    sort: saved.sort_by === undefined ? base.sort : sortOf(saved.sort_by, saved.sort_descending),
    columns: order.map((c) => ({
      colId: c,
      hide: known.has(c) ? !visible.includes(c) : !grid.columns.includes(c),
      width: saved.column_widths?.[c],
      pinned: saved.pinned && known.has(c) ? (saved.pinned[c] ?? null) : defaultPin(c),
    })),
  };
}

export interface ColumnStateLike {
  colId: string;
  hide?: boolean | null;
  width?: number | null;
  pinned?: boolean | 'left' | 'right' | null;
  sort?: 'asc' | 'desc' | null;
}

/** The grid's column state (in display order) as the body of `PUT /user/table-settings/{table}`. */
export function settingsFromState(
  grid: GridDefinition,
  state: readonly ColumnStateLike[],
  extra: { rowsPerPage: number; statusLimiter: StatusLimiter | null },
): TableSettings {
  const all = new Set(allColumns(grid));
  const columns = state.filter((s) => all.has(s.colId));
  const sorted = columns.find((s) => s.sort);
  const settings: TableSettings = {
    visible_columns: columns
      .filter((s) => !s.hide)
      .map((s) => s.colId)
      .join(','),
    column_widths: Object.fromEntries(
      columns.map((s) => [s.colId, Math.min(2000, Math.max(20, Math.round(s.width ?? 150)))]),
    ),
    pinned: Object.fromEntries(
      columns.filter((s) => s.pinned).map((s) => [s.colId, s.pinned === 'right' ? 'right' : 'left'] as const),
    ),
    sort_by: sorted?.colId ?? null,
    sort_descending: sorted?.sort === 'desc',
    rows_per_page: Math.min(500, Math.max(10, extra.rowsPerPage)),
  };
  if (grid.entity.status && extra.statusLimiter) settings.status_limiter = extra.statusLimiter;
  return settings;
}

export function useTableSettings(device: string) {
  return useQuery(tableSettingsQuery(device));
}

/** Saves one table's settings, debounced; `reset` forgets them on the server (DELETE). */
export function useSaveTableSettings(table: string, device: string) {
  const client = useQueryClient();
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; settings: TableSettings } | null>(null);

  const put = useCallback(
    (settings: TableSettings) => {
      client.setQueryData<Record<string, TableSettings>>(settingsKey(device), (old) => ({ ...old, [table]: settings }));
      http
        .put(`user/table-settings/${table}`, settings, { query: { device } })
        .catch((error: unknown) => console.warn('[grid] preferences not saved', error));
    },
    [client, table, device],
  );
  const flush = useCallback(() => {
    if (!pending.current) return;
    clearTimeout(pending.current.timer);
    const { settings } = pending.current;
    pending.current = null;
    put(settings);
  }, [put]);
  const schedule = useCallback(
    (settings: TableSettings) => {
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = { settings, timer: setTimeout(flush, SAVE_DEBOUNCE_MS) };
    },
    [flush],
  );
  const reset = useCallback(async () => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    await http.delete(`user/table-settings/${table}`, { query: { device } });
    client.setQueryData<Record<string, TableSettings>>(settingsKey(device), (old) => {
      const { [table]: _dropped, ...rest } = old ?? {};
      return rest;
    });
  }, [client, table, device]);

  useEffect(() => flush, [flush]);
  return useMemo(() => ({ schedule, flush, reset }), [schedule, flush, reset]);
}

const mobileQuery = () => globalThis.matchMedia?.(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`);

/** True below the mobile breakpoint, kept live. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = mobileQuery();
      query?.addEventListener('change', notify);
      return () => query?.removeEventListener('change', notify);
    },
    () => mobileQuery()?.matches ?? false,
    () => false,
  );
}

/** The device string for the current viewport class. */
export function useDevice(): string {
  const mobile = useIsMobile();
  return useMemo(() => deviceString(mobile ? 0 : MOBILE_BREAKPOINT), [mobile]);
}
