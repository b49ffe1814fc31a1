// A module's Chart view (docs/decisions.md, "Charts in the linked selection"): the chart of the module's records
// beside its grid, on the screen's one selection (src/state/selection.ts). A click on a bar, slice or point selects
// the records behind it (the list asked with the mark's filter, at most SELECT_CAP); the selected records (the first
// HIGHLIGHT_CAP, read by uuid) outline the marks they belong to and dim the others. Loaded only when the Chart view
// is shown (with recharts). The chart counts what the grid lists: the table's column filters and a link's filter are
// sent with it, and with the list a mark's pick reads.
import { Callout, Classes, Tag } from '@blueprintjs/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useSearchParams } from 'react-router';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { AnyEntity } from '../../src/entities/define';
import { listRecords, type ApiRecord, type ListQuery } from '../../src/api/records';
import { reportActionError } from '../../src/components/notices';
import { useTranslation } from '../../src/i18n';
import { selectionAtom } from '../../src/state/selection';
import { filtersAtom } from '../../src/state/context';
import { columnFilterQuery } from '../../grids/list-query';
import { linkFilterQuery } from '../records/url-filter';
import { ChartPeriod, useChartPeriod } from './chart-period';
import {
  HIGHLIGHT_CAP,
  highlightedMarks,
  MODULE_CHARTS,
  pickSelection,
  SELECT_CAP,
  uuidBatches,
  type ChartRowOf,
} from './chart-selection';
import { ChartFilterContext, type ChartLinking } from './chart-marks';
import { chartKey, useChartSelection, type Selection } from './charts-api';
import { ChartOf } from './charts';

const CHART = 'chart';
const pad = (n: number) => String(n).padStart(2, '0');
const localToday = (d = new Date()) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The selected context as list parameters (settings group, properties). */
const scopeQuery = (scope: Selection): ListQuery => ({
  settings_group_uuid: scope.settingsGroupUuid,
  ...(scope.propertyUuids.length ? { property_uuids: scope.propertyUuids } : {}),
});

interface Props {
  entity: AnyEntity;
  /** The grid's table: its column filters (kept for the session) narrow the chart as they narrow the grid. */
  table: string;
  selectionKey: string;
}

/** The grid's filters as the chart takes them: the table's column filters and a link's filter (`?filter=`), as
 * `filter[...]` parameters (the link's wins on the same field, as in the grid); undefined without any. */
function useGridFilter(entity: AnyEntity, columnFilters: Record<string, unknown> | undefined): ListQuery | undefined {
  const [params] = useSearchParams();
  const link = params.get('filter');
  return useMemo(() => {
    const linked = linkFilterQuery(link) ?? {};
    delete linked.status_limiter; // the charts count every state; a link's filter says which
    const query = { ...columnFilterQuery(entity, columnFilters ?? {}), ...linked };
    return Object.keys(query).length ? query : undefined;
  }, [entity, columnFilters, link]);
}

export function ModuleChartView({ entity, table, selectionKey }: Props) {
  const { t } = useTranslation();
  const [filters, setFilters] = useAtom(filtersAtom);
  const listFilter = useGridFilter(entity, filters[table]);
  const tableFiltered = Object.keys(filters[table] ?? {}).length > 0;
  const moduleChart = MODULE_CHARTS[entity.name]!;
  const [selection, setSelection] = useAtom(selectionAtom(selectionKey));
  const scope = useChartSelection();
  const period = useChartPeriod();
  const client = useQueryClient();
  const [focus, setFocus] = useState<string | null>(null);
  const [capped, setCapped] = useState<number | null>(null);
  // records read once (by a pick or by uuid) are not asked again while the view is shown
  const known = useRef(new Map<string, ApiRecord>());
  const wanted = useMemo(() => selection.uuids.slice(0, HIGHLIGHT_CAP), [selection.uuids]);

  const records = useQuery({
    queryKey: ['records', entity.name, 'chart-selection', scope.settingsGroupUuid, wanted],
    queryFn: async ({ signal }) => {
      const missing = wanted.filter((uuid) => !known.current.has(uuid));
      for (const batch of uuidBatches(missing)) {
        const reply = await listRecords(
          entity,
          { settings_group_uuid: scope.settingsGroupUuid, 'filter[uuid]': batch, status_limiter: 'all', per_page: 200 },
          signal,
        );
        for (const record of reply.data) known.current.set(record.uuid, record);
      }
      return wanted.flatMap((uuid) => known.current.get(uuid) ?? []);
    },
    enabled: wanted.length > 0 && Boolean(scope.settingsGroupUuid),
    placeholderData: keepPreviousData,
  });

  const highlighted = useMemo(
    () =>
      highlightedMarks(moduleChart, wanted.length ? (records.data ?? []) : [], localToday(), selection.uuids.length),
    [moduleChart, records.data, wanted.length, selection.uuids.length],
  );

  const pick = useCallback(
    (mark: string, additive: boolean) => {
      // the mark's rows as the chart drew them (the same query, charts.tsx), with the server's filter of each mark
      const rows = client.getQueryData<ChartRowOf[]>(
        chartKey(moduleChart.chart, scope, period.from, period.to, listFilter),
      );
      const filter = moduleChart.filterOf(mark, rows ?? []);
      const query = filter && linkFilterQuery(JSON.stringify(filter));
      if (!query) return;
      listRecords(entity, { ...listFilter, ...query, ...scopeQuery(scope), per_page: SELECT_CAP })
        .then((reply) => {
          for (const record of reply.data) known.current.set(record.uuid, record);
          const total = reply.meta.total ?? reply.meta.total_at_least ?? reply.data.length;
          setCapped(total > reply.data.length ? total : null);
          const uuids = reply.data.map((record) => record.uuid);
          setSelection((current) => ({ uuids: pickSelection(current.uuids, uuids, additive), source: CHART }));
        })
        .catch(reportActionError);
    },
    [entity, moduleChart, scope, setSelection, listFilter, client, period.from, period.to],
  );

  const linked: ChartLinking = useMemo(() => ({ highlighted, pick, focus, setFocus }), [highlighted, pick, focus]);
  return (
    <div className="hw-module-chart" data-selected-marks={highlighted ? [...highlighted].join(' ') : ''}>
      <ChartPeriod period={period}>
        <span className={Classes.TEXT_MUTED}>{t('charts.module.hint')}</span>
      </ChartPeriod>
      {tableFiltered && (
        <Tag
          minimal
          intent="primary"
          className="hw-module-chart-filtered"
          onRemove={() => setFilters((all) => ({ ...all, [table]: {} }))}
        >
          {t('charts.module.filtered')}
        </Tag>
      )}
      {capped !== null && (
        <Callout compact intent="warning">
          {t('charts.module.capped', { count: SELECT_CAP, total: capped })}
        </Callout>
      )}
      {selection.uuids.length > HIGHLIGHT_CAP && (
        <Callout compact>{t('charts.module.highlightCap', { count: HIGHLIGHT_CAP })}</Callout>
      )}
      {period.reversed ? (
        <Callout intent="warning">{t('charts.period.reversed')}</Callout>
      ) : (
        <ChartFilterContext.Provider value={listFilter}>
          <ChartOf chart={moduleChart.chart} from={period.from} to={period.to} linking={linked} />
        </ChartFilterContext.Provider>
      )}
    </div>
  );
}
