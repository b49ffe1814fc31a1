// The five charts (docs/analytics-api.md, "Charts"), recharts, each fed by its endpoint for the selected settings group
// and properties and a period. A click on a bar, point or slice opens the grid of what it counts (chart-data.ts);
// numbers follow the UI language, colours the theme (chart-theme.ts). Used by the charts screen and, compact, by the
// home dashboard.
import { HTMLSelect, Switch } from '@blueprintjs/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memo, useContext, useMemo, useState, type ComponentType, type CSSProperties } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  Rectangle,
  Sector,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
  type PieSectorShapeProps,
} from 'recharts';
import { useTranslation } from '../../src/i18n';
import {
  budgetPoints,
  consumptionShape,
  counterLabel,
  markFiltersOf,
  markLink,
  staffingPoints,
  throughputPoints,
  volumePoints,
  type BudgetPoint,
  type StaffingPoint,
  type ThroughputPoint,
  type VolumePoint,
} from './chart-data';
import { monthLabel, weekLabel, type CsvColumn } from './chart-format';
import { ChartCard } from './chart-card';
import type { ChartTheme } from './chart-theme';
import { chartKey, fetchChart, type Chart, type ChartRow } from './charts-api';
import { ChartFilterContext, ChartLinkContext, LinkedMark, type ChartLinking } from './chart-marks';
import { markKey } from './chart-selection';
import { useChartContext } from './use-chart-context';
import './charts.css';

export interface ChartProps {
  from: string;
  to: string;
  /** The home dashboard's small version: lower, without exports. */
  compact?: boolean;
  /**
   * In a module's Chart view: the marks share the screen's selection (chart-marks.tsx, through ChartLinkContext)
   * instead of opening the grid (docs/decisions.md, "Charts in the linked selection").
   */
  linked?: boolean;
}

function useChart<C extends Chart>(chart: C, from: string, to: string) {
  const { selection } = useChartContext();
  const filter = useContext(ChartFilterContext);
  return useQuery({
    queryKey: chartKey(chart, selection, from, to, filter),
    queryFn: ({ signal }) => fetchChart(chart, selection, from, to, signal, filter),
    enabled: Boolean(selection.settingsGroupUuid),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Axis, grid and tooltip props in the theme's colours. */
export function axes(theme: ChartTheme) {
  const tick = { fill: theme.muted, fontSize: 11 };
  return {
    grid: { stroke: theme.grid, strokeDasharray: '3 3' },
    axis: { tick, stroke: theme.grid, tickLine: { stroke: theme.grid } },
    tooltip: {
      contentStyle: {
        background: theme.tooltip.background,
        borderColor: theme.tooltip.border,
        color: theme.tooltip.text,
        fontSize: 12,
      } satisfies CSSProperties,
      labelStyle: { color: theme.tooltip.text, fontWeight: 600 },
      itemStyle: { color: theme.tooltip.text },
      cursor: { fill: theme.grid, fillOpacity: 0.3 },
    },
    legend: { wrapperStyle: { fontSize: 11, color: theme.muted }, itemSorter: null },
  };
}

const clickable = { cursor: 'pointer' } as const;

/** What recharts gives a line's dot renderer. */
interface DotProps {
  cx?: number;
  cy?: number;
  payload?: Record<string, unknown>;
  index?: number;
}

/** The first bar drawn (series by series) that has a value: the chart's tab stop until another mark is focused. */
function firstBar<P>(points: readonly P[], series: readonly (keyof P & string)[], category: (point: P) => string) {
  for (const name of series)
    for (const point of points) if (Number(point[name]) > 0) return markKey(name, category(point));
  return '';
}

/** In a Chart view, a bar's shape: recharts' rectangle as a mark of the linked selection named by its series and
 * the category of its data point. */
function linkedBar<P>(series: string, category: (point: P) => string, label: (point: P) => string, firstMark: string) {
  function LinkedBar(props: BarShapeProps) {
    const point = props.payload as P;
    const value = Array.isArray(props.value) ? props.value[1] - props.value[0] : props.value;
    if (!value) return <Rectangle {...props} />; // no bar, no button
    const mark = markKey(series, category(point));
    return (
      <LinkedMark mark={mark} label={label(point)} first={mark === firstMark}>
        <Rectangle {...props} />
      </LinkedMark>
    );
  }
  return LinkedBar;
}
export const MARGIN = { top: 8, right: 8, bottom: 0, left: 4 };

// ---- budget vs actual

export function BudgetVsActualChart({ from, to, compact, linked }: ChartProps) {
  const { t } = useTranslation();
  const { theme, format, open } = useChartContext();
  const query = useChart('budget-vs-actual', from, to);
  const points = useMemo(() => budgetPoints(query.data ?? []), [query.data]);
  const label = (p: BudgetPoint) => `${p.costGroup ?? t('charts.budget.noCostGroup')} ${p.year}`;
  const columns: CsvColumn<BudgetPoint>[] = [
    { header: t('charts.columns.year'), value: (p) => p.year },
    { header: t('charts.columns.costGroup'), value: (p) => p.costGroup ?? t('charts.budget.noCostGroup') },
    { header: t('charts.budget.budget'), value: (p) => p.budget },
    { header: t('charts.budget.actual'), value: (p) => p.actual },
  ];
  const a = axes(theme);
  const first = firstBar(points, ['budget', 'actual'], (p) => p.key);
  // the same shapes from render to render (chart-marks.tsx)
  const bars = useMemo(() => {
    const click = (series: 'budget' | 'actual') => (data: { payload?: BudgetPoint }) =>
      open(data.payload && markLink('budget', data.payload, series));
    const name = (p: BudgetPoint) => `${p.costGroup ?? t('charts.budget.noCostGroup')} ${p.year}`;
    const bar = (series: 'budget' | 'actual') =>
      linked
        ? {
            isAnimationActive: false,
            shape: linkedBar<BudgetPoint>(
              series,
              (p) => p.key,
              (p) => `${t(`charts.budget.${series}`)}, ${name(p)}`,
              first,
            ),
          }
        : { onClick: click(series), style: clickable };
    return { budget: bar('budget'), actual: bar('actual') };
  }, [linked, first, open, t]);
  return (
    <ChartCard
      id="hw-chart-budget"
      title={t('charts.budget.title')}
      hint={t('charts.budget.hint')}
      query={query}
      columns={columns}
      rows={points}
      compact={compact}
    >
      <BarChart data={points} margin={MARGIN} accessibilityLayer>
        <CartesianGrid {...a.grid} vertical={false} />
        <XAxis dataKey={label} {...a.axis} interval="preserveStartEnd" />
        <YAxis {...a.axis} tickFormatter={format.axis} width={64} />
        <Tooltip {...a.tooltip} formatter={(value) => format.money(Number(value))} />
        <Legend {...a.legend} />
        <Bar dataKey="budget" name={t('charts.budget.budget')} fill={theme.series[0]} {...bars.budget} />
        <Bar dataKey="actual" name={t('charts.budget.actual')} fill={theme.series[2]} {...bars.actual}>
          {points.map((p) => (
            <Cell key={p.key} fill={p.actual > p.budget ? theme.alert : theme.series[2]} />
          ))}
        </Bar>
      </BarChart>
    </ChartCard>
  );
}

// ---- consumption

interface ConsumptionRow {
  month: string;
  counter: string;
  unit: string;
  consumption: number;
  perM2: number | null;
  anomalies: number;
}

export function ConsumptionChart({ from, to, compact, linked }: ChartProps) {
  const { t } = useTranslation();
  const { theme, format, open, locale } = useChartContext();
  const query = useChart('consumption', from, to);
  const [perM2, setPerM2] = useState(false);
  const [unit, setUnit] = useState<string | undefined>(undefined);
  const shape = useMemo(() => consumptionShape(query.data ?? [], perM2, unit), [query.data, perM2, unit]);
  const rows: ConsumptionRow[] = useMemo(
    () =>
      (query.data ?? []).map((r: ChartRow<'consumption'>) => ({
        month: r.month,
        counter: r.counter,
        unit: r.unit ?? '',
        consumption: Number(r.consumption),
        perM2: r.per_m2 === null ? null : Number(r.per_m2),
        anomalies: r.anomalies,
      })),
    [query.data],
  );
  const columns: CsvColumn<ConsumptionRow>[] = [
    { header: t('charts.columns.month'), value: (r) => r.month },
    { header: t('charts.columns.counter'), value: (r) => r.counter },
    { header: t('charts.columns.unit'), value: (r) => r.unit },
    { header: t('charts.consumption.consumption'), value: (r) => r.consumption },
    { header: t('charts.consumption.perM2'), value: (r) => r.perM2 },
    { header: t('charts.consumption.anomalies'), value: (r) => r.anomalies },
  ];
  const a = axes(theme);
  const units = new Map(shape.counters.map((c) => [c.uuid, c.unit ?? '']));
  const firstCounter = shape.counters[0]?.uuid ?? '';
  const firstMonth = shape.data.find((d) => d[firstCounter] != null)?.month;
  const firstPoint = firstMonth ? markKey(firstCounter, String(firstMonth)) : '';
  // one dot renderer per meter, the same from render to render (a new one draws the dots anew: chart-marks.tsx):
  // the point of the valid readings' consumption
  const dots = useMemo(
    () =>
      shape.counters.map((counter, i) => (props: DotProps) => {
        const { cx, cy, payload, index } = props;
        const key = `${counter.uuid}-${index}`;
        const month = String(payload?.month ?? '');
        if (cx === undefined || cy === undefined || payload?.[counter.uuid] == null) return <g key={key} />;
        const fill = theme.series[i % theme.series.length];
        if (linked) {
          const mark = markKey(counter.uuid, month);
          const value = `${format.number(Number(payload[counter.uuid]))} ${counter.unit ?? ''}`.trim();
          return (
            <LinkedMark
              key={key}
              mark={mark}
              label={`${counterLabel(counter)}, ${monthLabel(month, locale)}: ${value}`}
              first={mark === firstPoint}
            >
              <circle cx={cx} cy={cy} r={4} fill={fill} />
            </LinkedMark>
          );
        }
        return (
          <circle
            key={key}
            cx={cx}
            cy={cy}
            r={3}
            fill={fill}
            style={clickable}
            onClick={() => open(markLink('measurement', markFiltersOf(payload, counter.uuid), 'consumption'))}
          />
        );
      }),
    [shape.counters, linked, firstPoint, format, locale, theme, open],
  );
  // and its anomalies' marker: a ring around the point (at 0 without a valid reading), not their value, which would
  // set the axis (docs/analytics-api.md, "Charts"); it opens the anomalous readings
  const markers = useMemo(
    () =>
      shape.counters.map((counter) => (props: DotProps) => {
        const { cx, cy, payload, index } = props;
        const key = `${counter.uuid}-m-${index}`;
        const month = String(payload?.month ?? '');
        if (cx === undefined || cy === undefined || payload?.[`${counter.uuid}:m`] == null) return <g key={key} />;
        return (
          <circle
            key={key}
            cx={cx}
            cy={cy}
            r={7}
            fill="none"
            stroke={theme.alert}
            strokeWidth={3}
            className="hw-chart-anomaly"
            role={linked ? undefined : 'button'}
            aria-label={t('charts.consumption.anomalyAt', {
              counter: counterLabel(counter),
              month: monthLabel(month, locale),
            })}
            style={linked ? { pointerEvents: 'none' } : { ...clickable, pointerEvents: 'stroke' }}
            onClick={
              linked
                ? undefined
                : () => open(markLink('measurement', markFiltersOf(payload, counter.uuid), 'anomalies'))
            }
          />
        );
      }),
    [shape.counters, linked, locale, theme, open, t],
  );
  return (
    <ChartCard
      id="hw-chart-consumption"
      title={t('charts.consumption.title')}
      hint={
        <>
          {t('charts.consumption.anomalyHint', { count: shape.anomalies })}
          {shape.inUnit > shape.counters.length && (
            <span>{t('charts.consumption.top', { shown: shape.counters.length, count: shape.inUnit })}</span>
          )}
          {!compact && shape.units.length > 1 && (
            <HTMLSelect
              minimal
              value={shape.unit}
              aria-label={t('charts.columns.unit')}
              options={shape.units.map((u) => ({ value: u, label: u || '–' }))}
              onChange={(e) => setUnit(e.currentTarget.value)}
            />
          )}
          {!compact && (
            <Switch
              inline
              className="hw-chart-switch"
              checked={perM2}
              label={t('charts.consumption.perM2')}
              onChange={(e) => setPerM2(e.currentTarget.checked)}
            />
          )}
        </>
      }
      query={query}
      columns={columns}
      rows={rows}
      compact={compact}
    >
      <LineChart data={shape.data} margin={MARGIN} accessibilityLayer>
        <CartesianGrid {...a.grid} vertical={false} />
        <XAxis dataKey="month" {...a.axis} tickFormatter={(m: string) => monthLabel(m, locale)} />
        <YAxis {...a.axis} tickFormatter={format.axis} width={64} />
        <Tooltip
          {...a.tooltip}
          labelFormatter={(m) => monthLabel(String(m), locale)}
          formatter={(value, _name, item) => {
            const uuid = String(item.dataKey);
            const anomalies = Number((item.payload as Record<string, unknown>)[`${uuid}:a`] ?? 0);
            const text = `${format.number(Number(value))} ${units.get(uuid) ?? ''}${perM2 ? '/m²' : ''}`.trim();
            return anomalies ? `${text} · ${t('charts.consumption.anomalyCount', { count: anomalies })}` : text;
          }}
        />
        <Legend {...a.legend} />
        {shape.counters.map((counter, i) => (
          <Line
            key={counter.uuid}
            dataKey={counter.uuid}
            name={counter.unit ? `${counterLabel(counter)} (${counter.unit})` : counterLabel(counter)}
            stroke={theme.series[i % theme.series.length]}
            strokeWidth={2}
            connectNulls
            isAnimationActive={false}
            activeDot={false}
            dot={dots[i]}
          />
        ))}
        {shape.counters.map((counter, i) => (
          <Line
            key={`${counter.uuid}:m`}
            dataKey={`${counter.uuid}:m`}
            stroke="none"
            legendType="none"
            tooltipType="none"
            isAnimationActive={false}
            activeDot={false}
            dot={markers[i]}
          />
        ))}
      </LineChart>
    </ChartCard>
  );
}

// ---- ticket throughput

export function TicketThroughputChart({ from, to, compact, linked }: ChartProps) {
  const { t } = useTranslation();
  const { theme, format, open } = useChartContext();
  const query = useChart('ticket-throughput', from, to);
  const points = useMemo(() => throughputPoints(query.data ?? []), [query.data]);
  const prefix = t('charts.weekPrefix');
  const columns: CsvColumn<ThroughputPoint>[] = [
    { header: t('charts.columns.week'), value: (p) => p.week },
    { header: t('charts.tickets.opened'), value: (p) => p.opened },
    { header: t('charts.tickets.closed'), value: (p) => p.closed },
    { header: t('charts.tickets.overdue'), value: (p) => p.overdue },
  ];
  const overdue = points.reduce((sum, p) => sum + p.overdue, 0);
  const a = axes(theme);
  const first = firstBar(points, ['opened', 'closed', 'overdue'], (p) => p.week);
  // the same shapes from render to render (chart-marks.tsx)
  const bars = useMemo(() => {
    const clickOn = (series: 'opened' | 'closed' | 'overdue') => (data: { payload?: ThroughputPoint }) =>
      open(data.payload && markLink('ticket', data.payload, series));
    const bar = (series: 'opened' | 'closed' | 'overdue') =>
      linked
        ? {
            isAnimationActive: false,
            shape: linkedBar<ThroughputPoint>(
              series,
              (p) => p.week,
              (p) => `${t(`charts.tickets.${series}`)}, ${weekLabel(p.week, prefix)}: ${format.number(p[series])}`,
              first,
            ),
          }
        : { onClick: clickOn(series), style: clickable };
    return { opened: bar('opened'), closed: bar('closed'), overdue: bar('overdue') };
  }, [linked, first, open, t, prefix, format]);
  return (
    <ChartCard
      id="hw-chart-tickets"
      title={t('charts.tickets.title')}
      hint={t('charts.tickets.hint', { count: overdue })}
      query={query}
      columns={columns}
      rows={points}
      compact={compact}
    >
      <BarChart data={points} margin={MARGIN} accessibilityLayer>
        <CartesianGrid {...a.grid} vertical={false} />
        <XAxis dataKey="week" {...a.axis} tickFormatter={(w: string) => weekLabel(w, prefix)} />
        <YAxis {...a.axis} tickFormatter={format.axis} width={40} allowDecimals={false} />
        <Tooltip
          {...a.tooltip}
          labelFormatter={(w) => weekLabel(String(w), prefix)}
          formatter={(v) => format.number(Number(v))}
        />
        <Legend {...a.legend} />
        <Bar dataKey="opened" name={t('charts.tickets.opened')} fill={theme.series[0]} {...bars.opened} />
        <Bar dataKey="closed" name={t('charts.tickets.closed')} fill={theme.series[1]} {...bars.closed} />
        <Bar dataKey="overdue" name={t('charts.tickets.overdue')} fill={theme.alert} {...bars.overdue} />
      </BarChart>
    </ChartCard>
  );
}

// ---- staffing

export function StaffingChart({ from, to, compact }: ChartProps) {
  const { t } = useTranslation();
  const { theme, format, open, locale } = useChartContext();
  const query = useChart('staffing', from, to);
  const points = useMemo(() => staffingPoints(query.data ?? []), [query.data]);
  const columns: CsvColumn<StaffingPoint>[] = [
    { header: t('charts.columns.month'), value: (p) => p.month },
    { header: t('charts.staffing.hours'), value: (p) => p.hours },
    { header: t('charts.staffing.cost'), value: (p) => p.cost },
  ];
  const a = axes(theme);
  const click = (data: { payload?: StaffingPoint }) =>
    open(data.payload && markLink('task_event', data.payload, 'hours'));
  return (
    <ChartCard
      id="hw-chart-staffing"
      title={t('charts.staffing.title')}
      hint={t('charts.staffing.hint')}
      query={query}
      columns={columns}
      rows={points}
      compact={compact}
    >
      <ComposedChart data={points} margin={MARGIN} accessibilityLayer>
        <CartesianGrid {...a.grid} vertical={false} />
        <XAxis dataKey="month" {...a.axis} tickFormatter={(m: string) => monthLabel(m, locale)} />
        <YAxis yAxisId="h" {...a.axis} tickFormatter={format.axis} width={48} />
        <YAxis yAxisId="c" orientation="right" {...a.axis} tickFormatter={format.axis} width={64} />
        <Tooltip
          {...a.tooltip}
          labelFormatter={(m) => monthLabel(String(m), locale)}
          formatter={(value, name) =>
            name === t('charts.staffing.cost')
              ? format.money(Number(value))
              : t('charts.staffing.hoursValue', { hours: format.number(Number(value)) })
          }
        />
        <Legend {...a.legend} />
        <Bar
          yAxisId="h"
          dataKey="hours"
          name={t('charts.staffing.hours')}
          fill={theme.series[3]}
          onClick={click}
          style={clickable}
        />
        <Line
          yAxisId="c"
          dataKey="cost"
          name={t('charts.staffing.cost')}
          stroke={theme.series[2]}
          strokeWidth={2}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ChartCard>
  );
}

// ---- contract volume

export function ContractVolumeChart({ from, to, compact, linked }: ChartProps) {
  const { t } = useTranslation();
  const { theme, format, open } = useChartContext();
  const query = useChart('contract-volume', from, to);
  const points = useMemo(() => volumePoints(query.data ?? []), [query.data]);
  const typeLabel = (type: string) => t(`enums.contract.contract_type.${type}`, { defaultValue: type });
  const named = points.map((p) => ({ ...p, name: typeLabel(p.type) }));
  const columns: CsvColumn<VolumePoint>[] = [
    { header: t('charts.columns.type'), value: (p) => typeLabel(p.type) },
    { header: t('charts.volume.count'), value: (p) => p.count },
    { header: t('charts.volume.volume'), value: (p) => p.volume },
  ];
  const a = axes(theme);
  const firstSlice = markKey('slice', named.find((p) => p.volume > 0)?.type ?? '');
  const sliceProps = useMemo(
    () =>
      linked
        ? {
            shape: (props: PieSectorShapeProps) => {
              const point = props.payload as VolumePoint & { name: string };
              const mark = markKey('slice', point.type);
              return (
                <LinkedMark
                  key={mark}
                  mark={mark}
                  label={`${point.name}: ${format.money(point.volume)}`}
                  first={mark === firstSlice}
                >
                  <Sector {...props} />
                </LinkedMark>
              );
            },
          }
        : {
            onClick: (data: { payload?: VolumePoint }) =>
              open(data.payload && markLink('contract', data.payload, 'slice')),
            style: clickable,
          },
    [linked, firstSlice, format, open],
  );
  return (
    <ChartCard
      id="hw-chart-contracts"
      title={t('charts.volume.title')}
      hint={t('charts.volume.hint')}
      query={query}
      columns={columns}
      rows={points}
      compact={compact}
    >
      <PieChart accessibilityLayer>
        <Tooltip
          {...a.tooltip}
          formatter={(value, _name, item) =>
            `${format.money(Number(value))} · ${t('charts.volume.contracts', { count: (item.payload as VolumePoint).count })}`
          }
        />
        <Legend {...a.legend} />
        <Pie
          data={named}
          dataKey="volume"
          nameKey="name"
          innerRadius="45%"
          outerRadius="80%"
          stroke={theme.background}
          isAnimationActive={false}
          {...sliceProps}
        >
          {named.map((p, i) => (
            <Cell key={p.type} fill={theme.series[i % theme.series.length]} aria-label={p.name} />
          ))}
        </Pie>
      </PieChart>
    </ChartCard>
  );
}

const CHART_COMPONENTS: Record<Chart, ComponentType<ChartProps>> = {
  'budget-vs-actual': BudgetVsActualChart,
  consumption: ConsumptionChart,
  'ticket-throughput': TicketThroughputChart,
  staffing: StaffingChart,
  'contract-volume': ContractVolumeChart,
};

/** One chart by its name (the charts screen loads this module lazily). */
/**
 * The charts of a Chart view are not drawn again when only the selection or the keyboard's mark changes: that reaches
 * the marks through ChartLinkContext, while recharts would draw every bar anew (and lose the focus).
 */
const LINKED_COMPONENTS = Object.fromEntries(
  Object.entries(CHART_COMPONENTS).map(([chart, component]) => [chart, memo(component)]),
) as Partial<Record<Chart, ComponentType<ChartProps>>>;

export function ChartOf({ chart, linking, ...props }: ChartProps & { chart: Chart; linking?: ChartLinking }) {
  if (!linking) {
    const Component = CHART_COMPONENTS[chart];
    return <Component {...props} />;
  }
  const Linked = LINKED_COMPONENTS[chart]!;
  return (
    <ChartLinkContext.Provider value={linking}>
      <Linked {...props} linked />
    </ChartLinkContext.Provider>
  );
}
