// The renewal forecast as a stacked bar chart (one stack per year or tranche, one colour per renewal group or
// property or property group) with the backlog line under a budget cap, its table for the exports, and what the
// forecast left out. A bar opens the facilities of its group renewed in its year or tranche in their grid (a
// property group's: those of its properties).
import { Callout } from '@blueprintjs/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { http, type QueryValue } from '../../src/api/http';
import { recordKeys } from '../../src/api/records';
import { facility } from '../../src/entities/facility';
import { useTranslation } from '../../src/i18n';
import { type RENEWAL_GROUP_BY, type RenewalForecastReply } from '../../src/entities/analytics';
import { ChartCard } from '../charts/chart-card';
import { axes, MARGIN } from '../charts/charts';
import type { CsvColumn } from '../charts/chart-format';
import { linkPath } from '../charts/charts-api';
import { useChartContext } from '../charts/use-chart-context';
import '../charts/charts.css';

export interface ForecastChoice {
  years: number;
  groupBy: (typeof RENEWAL_GROUP_BY)[number];
  smoothing: 'none' | 'tranches' | 'budget_cap';
  budgetCap: string;
  budgetLine: 'none' | 'amount' | 'percent';
  budgetValue: string;
}

interface Point {
  label: string;
  year: number;
  total: number;
  deferred: number;
  backlog: number;
  [key: string]: string | number;
}

/** The budget line's label: above the line, at its right end. */
const LABEL_ABOVE_LINE = 'insideBottomRight';

/** The model the forecast keys by, by its plural. */
const PLURALS = {
  renewal_group: 'renewal-groups',
  property: 'properties',
  property_group: 'renewal-property-groups',
} as const satisfies Record<ForecastChoice['groupBy'], string>;

/** The names of the groups the forecast keys by: renewal groups, properties or property groups (only those it names). */
function useGroupNames(groupBy: ForecastChoice['groupBy'], settingsGroup: string | null, keys: readonly string[]) {
  const plural = PLURALS[groupBy];
  const uuids = keys.filter(Boolean);
  const names = useQuery({
    queryKey: ['renewal-group-names', plural, settingsGroup, ...uuids],
    queryFn: () =>
      http.get<{ uuid: string; name: string }[]>(plural, {
        query: { settings_group_uuid: settingsGroup, 'filter[uuid]': uuids, per_page: 500 },
      }),
    enabled: Boolean(settingsGroup) && uuids.length > 0,
    staleTime: 60_000,
  });
  return useMemo(() => new Map((names.data ?? []).map((r) => [r.uuid, r.name])), [names.data]);
}

export function RenewalChart({ choice }: { choice: ForecastChoice }) {
  const { t } = useTranslation();
  const { theme, format, selection, open } = useChartContext();
  const waiting = choice.smoothing === 'budget_cap' && !choice.budgetCap;
  const query: Record<string, QueryValue> = {
    settings_group_uuid: selection.settingsGroupUuid,
    years: String(choice.years),
    group_by: choice.groupBy,
    smoothing: choice.smoothing,
    ...(choice.smoothing === 'budget_cap' ? { budget_cap: choice.budgetCap } : {}),
    ...(choice.budgetLine !== 'none' && choice.budgetValue
      ? { [`budget_${choice.budgetLine}`]: choice.budgetValue }
      : {}),
    ...(selection.propertyUuids.length ? { property_uuids: selection.propertyUuids } : {}),
  };
  const forecast = useQuery({
    // under the facilities' lists: a facility written anywhere (a lifetime corrected in the grid) refetches it
    queryKey: [...recordKeys.lists(facility.name), 'renewal-forecast', query],
    queryFn: () => http.get<RenewalForecastReply>('renewal/forecast', { query }),
    enabled: Boolean(selection.settingsGroupUuid) && !waiting,
    placeholderData: keepPreviousData,
  });
  const data = forecast.data;
  const keys = useMemo(() => [...new Set((data?.years ?? []).flatMap((y) => Object.keys(y.groups)))].sort(), [data]);
  const names = useGroupNames(choice.groupBy, selection.settingsGroupUuid, keys);
  const nameOf = (key: string) => (key ? (names.get(key) ?? '…') : t(`charts.renewal.without.${choice.groupBy}`));
  const points: Point[] = (data?.years ?? []).map((y) => ({
    label: choice.smoothing === 'tranches' ? `${y.year}–${y.year + 4}` : String(y.year),
    year: y.year,
    total: Number(y.total),
    deferred: Number(y.deferred),
    backlog: Number(y.backlog),
    ...Object.fromEntries(Object.entries(y.groups).map(([k, v]) => [`g:${k}`, Number(v)])),
  }));
  const columns: CsvColumn<Point>[] = [
    { header: t('charts.renewal.year'), value: (p) => p.label },
    { header: t('charts.renewal.total'), value: (p) => p.total },
    ...keys.map((k) => ({ header: nameOf(k), value: (p: Point) => (p[`g:${k}`] as number | undefined) ?? 0 })),
    ...(choice.smoothing === 'budget_cap'
      ? [
          { header: t('charts.renewal.deferred'), value: (p: Point) => p.deferred },
          { header: t('charts.renewal.backlog'), value: (p: Point) => p.backlog },
        ]
      : []),
  ];
  const a = axes(theme);
  const openGroup = async (key: string, point: Point | undefined) => {
    // the bar's year (or tranche): the facilities the forecast counts there, repetitions too; under a budget cap a
    // bar also holds renewals moved from earlier years, so there the group's facilities of every year are listed
    const years =
      point && choice.smoothing !== 'budget_cap'
        ? { renews_in: { from: point.year, to: choice.smoothing === 'tranches' ? point.year + 4 : point.year } }
        : {};
    if (choice.groupBy !== 'property_group')
      return open({
        model: 'facility',
        filter: { [choice.groupBy === 'property' ? 'property_uuid' : 'renewal_group_uuid']: [key], ...years },
      });
    const properties = await http.get<{ uuid: string }[]>('properties', {
      query: {
        settings_group_uuid: selection.settingsGroupUuid,
        'filter[property_group_uuid]': key,
        per_page: 500,
        archived: 'all',
        status_limiter: 'all',
      },
    });
    open({ model: 'facility', filter: { property_uuid: properties.map((p) => p.uuid), ...years } });
  };
  const excludedPath = linkPath({ model: 'facility', filter: { excluded_from_renewal: '1' } });

  return (
    <>
      {waiting && <Callout intent="primary">{t('charts.renewal.capNeeded')}</Callout>}
      {data && (data.skipped_excluded > 0 || data.skipped_incomplete > 0) && (
        <Callout className="hw-renewal-skipped">
          {data.skipped_excluded > 0 && (
            <p>
              {excludedPath ? (
                <Link to={excludedPath}>{t('charts.renewal.excluded', { count: data.skipped_excluded })}</Link>
              ) : (
                t('charts.renewal.excluded', { count: data.skipped_excluded })
              )}
            </p>
          )}
          {data.skipped_incomplete > 0 && <p>{t('charts.renewal.incomplete', { count: data.skipped_incomplete })}</p>}
        </Callout>
      )}
      <ChartCard
        id="hw-chart-renewal"
        title={t('charts.renewal.title')}
        hint={t('charts.renewal.hint')}
        query={forecast}
        columns={columns}
        rows={points}
      >
        <ComposedChart data={points} margin={MARGIN} accessibilityLayer>
          <CartesianGrid {...a.grid} vertical={false} />
          <XAxis dataKey="label" {...a.axis} interval="preserveStartEnd" />
          <YAxis {...a.axis} tickFormatter={format.axis} width={72} />
          <Tooltip {...a.tooltip} formatter={(value) => format.money(Number(value))} />
          <Legend {...a.legend} />
          {keys.map((key, i) => (
            <Bar
              key={key}
              dataKey={`g:${key}`}
              name={nameOf(key)}
              stackId="renewal"
              fill={theme.series[i % theme.series.length]}
              style={key ? { cursor: 'pointer' } : undefined}
              onClick={(bar) => key && void openGroup(key, (bar as { payload?: Point }).payload)}
            />
          ))}
          {choice.smoothing === 'budget_cap' && (
            <Line
              type="stepAfter"
              dataKey="backlog"
              name={t('charts.renewal.backlog')}
              stroke={theme.alert}
              dot={false}
              strokeWidth={2}
            />
          )}
          {data?.budget_line && (
            <ReferenceLine
              y={Number(data.budget_line)}
              stroke={theme.text}
              strokeDasharray="6 4"
              strokeWidth={2}
              ifOverflow="extendDomain"
              label={{
                value: `${t('charts.renewal.budgetLine')}: ${format.money(Number(data.budget_line))}`,
                fill: theme.text,
                position: LABEL_ABOVE_LINE,
              }}
            />
          )}
        </ComposedChart>
      </ChartCard>
    </>
  );
}
