// The charts and the dashboard tiles as the browser asks for them (docs/analytics-api.md): each for the selected
// settings group and properties; a chart for a period too. And where their links go.
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { http, type QueryValue } from '../../src/api/http';
import type { ListQuery } from '../../src/api/records';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import { selectedPropertiesAtom } from '../../src/state/context';
import { modulePageOf } from '../pages';
import { filteredPath, type GridLink } from './chart-data';
import type { Chart, ChartRow, Tile, TileReply } from '../../src/entities/analytics';

export type { Chart, ChartRow, Tile, TileReply };

/** The selected context every aggregate takes. */
export interface Selection {
  settingsGroupUuid: string | null;
  propertyUuids: readonly string[];
}

/** The model whose view right each chart needs (its rows come from that model's list scope). */
export const CHART_MODELS: Record<Chart, string> = {
  'budget-vs-actual': 'budget',
  consumption: 'measurement',
  'ticket-throughput': 'ticket',
  staffing: 'task_event',
  'contract-volume': 'contract',
};

/** The model each tile counts (the reply names it too). */
export const TILE_MODELS: Record<Tile, string> = {
  open_tickets: 'ticket',
  overdue_tickets: 'ticket',
  tasks_due_this_month: 'task_event',
  budgets_nearly_spent: 'budget',
  anomalous_readings: 'measurement',
  contracts_cancellation_near: 'contract',
  guarantees_expiring: 'guarantee',
  renewals_due: 'facility',
};

/** The tiles in the dashboard's order. */
export const TILES = Object.keys(TILE_MODELS) as Tile[];

function selectionQuery(selection: Selection): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = { settings_group_uuid: selection.settingsGroupUuid };
  if (selection.propertyUuids.length) query.property_uuids = selection.propertyUuids;
  return query;
}

/** `filter`: the list's filter of the chart's model as `filter[...]` parameters (a Chart view's grid filters). */
export const chartKey = (chart: Chart, selection: Selection, from: string, to: string, filter?: ListQuery) =>
  ['charts', chart, selection.settingsGroupUuid, selection.propertyUuids, from, to, filter ?? null] as const;

export const fetchChart = <C extends Chart>(
  chart: C,
  selection: Selection,
  from: string,
  to: string,
  signal?: AbortSignal,
  filter?: ListQuery,
) =>
  http.get<ChartRow<C>[]>(`charts/${chart}`, {
    query: { ...filter, ...selectionQuery(selection), from: from || undefined, to: to || undefined },
    signal,
    silent: true,
  });

export const tileKey = (tile: Tile, selection: Selection) =>
  ['dashboard', 'tiles', tile, selection.settingsGroupUuid, selection.propertyUuids] as const;

export const fetchTile = (tile: Tile, selection: Selection, signal?: AbortSignal) =>
  http.get<TileReply>(`dashboard/tiles/${tile}`, { query: selectionQuery(selection), signal, silent: true });

/** The module grid page of a model (not a settings page), if it has one. */
export const screenPathOf = (model: string) => modulePageOf(model)?.path;

/** The path a link opens: the model's grid with the filter; null for a model without a screen. */
export function linkPath(link: GridLink): string | null {
  const path = screenPathOf(link.model);
  return path ? filteredPath(path, link.filter) : null;
}

/** The selected settings group and properties, as the aggregates take them. */
export function useChartSelection(): Selection {
  const { current } = useSelectedSettingsGroup();
  const properties = useAtomValue(selectedPropertiesAtom);
  const settingsGroupUuid = current?.uuid ?? null;
  return useMemo(() => ({ settingsGroupUuid, propertyUuids: properties }), [settingsGroupUuid, properties]);
}
