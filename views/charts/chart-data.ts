// The charts' rows (docs/analytics-api.md, "Charts") shaped for recharts, and the grid each bar, point or slice opens
// (a list filter in the URL form, `?filter=<json>`, views/records/url-filter.ts). Pure, unit-tested.
import type { ChartRow } from '../../src/entities/analytics';

/** A list filter in the list query's URL form: `{ field: value | values[] | { from, to } }`. */
export type ListFilter = Record<string, unknown>;

/** Where a click goes: a grid screen's model and the filter it opens with. */
export interface GridLink {
  model: string;
  filter: ListFilter;
}

const num = (value: string | number | null | undefined) => {
  const n = typeof value === 'number' ? value : Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** Per series of a chart's row, the list filter of what its mark counts. */
export type MarkFilters = Record<string, ListFilter>;

/**
 * Where a mark goes: the model's grid with the list filter the server gave the mark's row for that series
 * (docs/analytics-api.md, "Charts: marks"), the one definition of what the mark counts; null for a mark without one.
 */
export function markLink(model: string, row: { filters?: MarkFilters }, series: string): GridLink | null {
  const filter = row.filters?.[series];
  return filter ? { model, filter } : null;
}

// ---- budget vs actual: one bar pair per year and cost group

export interface BudgetPoint {
  key: string;
  year: number;
  costGroupUuid: string | null;
  costGroup: string | null;
  budget: number;
  actual: number;
  filters: MarkFilters;
}

export function budgetPoints(rows: readonly ChartRow<'budget-vs-actual'>[]): BudgetPoint[] {
  return rows.map((r) => ({
    key: `${r.year}|${r.cost_group_uuid ?? ''}`,
    year: r.year,
    costGroupUuid: r.cost_group_uuid,
    costGroup: r.cost_group,
    budget: num(r.budget),
    actual: num(r.actual),
    filters: r.filters,
  }));
}

// ---- consumption: a line per counter over the months, anomalies marked

export interface CounterSeries {
  uuid: string;
  name: string;
  /** The meter's number and its property's name (none when the caller cannot see it): meters are told apart. */
  counterId: string;
  property: string | null;
  unit: string | null;
}

/** A meter as its line is named: name, number and property (many meters share a name such as "Gas heating"). */
export const counterLabel = (c: Pick<CounterSeries, 'name' | 'counterId' | 'property'>) =>
  [c.name, c.counterId, c.property].filter(Boolean).join(' · ');

export interface ConsumptionShape {
  /**
   * One entry per month: `month`, per counter uuid the consumption of its valid readings (anomalous ones are not
   * summed, docs/analytics-api.md, "Charts"), `<uuid>:a` its anomalous readings, `<uuid>:m` where their marker sits
   * (at the value, or at 0 without a valid reading) and `<uuid>:f` the filters of its marks.
   */
  data: Record<string, unknown>[];
  /** The counters drawn: those of the unit with the most consumption, at most `limit`. */
  counters: CounterSeries[];
  /** The units of all counters, the one drawn, and how many counters it has in all. */
  units: string[];
  unit: string;
  inUnit: number;
  /** The anomalous readings of the counters drawn. */
  anomalies: number;
}

/** Meters of different units share no axis, and a few dozen lines are none to read: one unit's top `limit` meters. */
export function consumptionShape(
  rows: readonly ChartRow<'consumption'>[],
  perM2 = false,
  wanted?: string,
  limit = 6,
): ConsumptionShape {
  const totals = new Map<string, number>();
  const byUnit = new Map<string, number>();
  const counters = new Map<string, CounterSeries>();
  for (const r of rows) {
    const unit = r.unit ?? '';
    if (!counters.has(r.counter_uuid))
      counters.set(r.counter_uuid, {
        uuid: r.counter_uuid,
        name: r.counter,
        counterId: r.counter_id,
        property: r.property,
        unit: r.unit,
      });
    totals.set(r.counter_uuid, (totals.get(r.counter_uuid) ?? 0) + Math.abs(num(r.consumption)));
    byUnit.set(unit, (byUnit.get(unit) ?? 0) + 1);
  }
  const units = [...byUnit.keys()].sort((a, b) => a.localeCompare(b));
  const unit =
    wanted !== undefined && byUnit.has(wanted)
      ? wanted
      : ([...byUnit.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '');
  const inUnit = [...counters.values()].filter((c) => (c.unit ?? '') === unit);
  const shown = inUnit
    .sort((a, b) => (totals.get(b.uuid) ?? 0) - (totals.get(a.uuid) ?? 0) || a.name.localeCompare(b.name))
    .slice(0, limit);
  const drawn = new Set(shown.map((c) => c.uuid));
  const months = new Map<string, Record<string, unknown>>();
  let anomalies = 0;
  for (const r of rows) {
    let entry = months.get(r.month);
    if (!entry) months.set(r.month, (entry = { month: r.month }));
    if (!drawn.has(r.counter_uuid)) continue;
    const value = perM2 ? r.per_m2 : r.consumption;
    entry[r.counter_uuid] = value === null ? null : num(value);
    entry[`${r.counter_uuid}:a`] = r.anomalies;
    entry[`${r.counter_uuid}:m`] = r.anomalies ? (value === null ? 0 : num(value)) : null;
    entry[`${r.counter_uuid}:f`] = r.filters;
    anomalies += r.anomalies;
  }
  const data = [...months.values()].sort((a, b) => String(a.month).localeCompare(String(b.month)));
  return { data, counters: shown, units, unit, inUnit: inUnit.length, anomalies };
}

/** The mark filters of a meter's month in an entry of `consumptionShape`'s data. */
export const markFiltersOf = (entry: Record<string, unknown> | undefined, counterUuid: string) => ({
  filters: entry?.[`${counterUuid}:f`] as MarkFilters | undefined,
});

// ---- ticket throughput: opened and closed per week, overdue marked

export interface ThroughputPoint {
  week: string;
  opened: number;
  closed: number;
  overdue: number;
  filters: MarkFilters;
}

export const throughputPoints = (rows: readonly ChartRow<'ticket-throughput'>[]): ThroughputPoint[] =>
  [...rows].sort((a, b) => a.week.localeCompare(b.week)).map((r) => ({ ...r }));

// ---- staffing: hours and cost per month

export interface StaffingPoint {
  month: string;
  hours: number;
  cost: number;
  filters: MarkFilters;
}

export const staffingPoints = (rows: readonly ChartRow<'staffing'>[]): StaffingPoint[] =>
  [...rows]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((r) => ({ month: r.month, hours: num(r.hours), cost: num(r.cost), filters: r.filters }));

// ---- contract volume: a slice per contract type

export interface VolumePoint {
  type: string;
  count: number;
  volume: number;
  filters: MarkFilters;
}

export const volumePoints = (rows: readonly ChartRow<'contract-volume'>[]): VolumePoint[] =>
  rows.map((r) => ({ type: r.type, count: r.count, volume: num(r.volume), filters: r.filters }));

// ---- the period: the server's default (1 January of last year to 31 December of this year) unless the URL names
// days; the home dashboard's small charts show the last twelve weeks (budgets: this year)
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const isDay = (value: string | null | undefined): value is string =>
  typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

export const defaultPeriod = (today: Date) => ({
  from: `${today.getFullYear() - 1}-01-01`,
  to: `${today.getFullYear()}-12-31`,
});

/** The home dashboard's period: the last twelve weeks (this one included, from a Monday) to the end of this year. */
export function homePeriod(today: Date) {
  const monday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - ((today.getDay() + 6) % 7) - 77);
  return { from: localDay(monday), to: `${today.getFullYear()}-12-31` };
}

// ---- links

/** The URL of a grid screen opened with a filter (`?filter=<json>`). */
export const filteredPath = (path: string, filter: ListFilter) =>
  `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
