// The charts' rows (docs/analytics-api.md, "Charts") shaped for recharts, and the grid each bar, point or slice opens
// (a list filter in the URL form, `?filter=<json>`, views/records/url-filter.ts). Pure, unit-tested.
import type { ChartRow } from '../../src/entities/analytics';
import { isClosed, TICKET_STATES } from '../../src/domain/transitions';

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
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** First and last day of a month `YYYY-MM`. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0));
  return { from: `${month}-01`, to: iso(last) };
}

/** Monday and Sunday of an ISO week `YYYY-Www` (week 1 holds 4 January). */
export function isoWeekRange(week: string): { from: string; to: string } {
  const match = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!match) return { from: '', to: '' };
  const year = Number(match[1]);
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const monday = new Date(jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 86_400_000);
  const start = new Date(monday.getTime() + (Number(match[2]) - 1) * 7 * 86_400_000);
  return { from: iso(start), to: iso(new Date(start.getTime() + 6 * 86_400_000)) };
}

/** A whole-day range as a timestamp filter (UTC, as the charts count). */
export const dayStamps = ({ from, to }: { from: string; to: string }) => ({
  from: `${from}T00:00:00.000Z`,
  to: `${to}T23:59:59.999Z`,
});

// ---- budget vs actual: one bar pair per year and cost group

export interface BudgetPoint {
  key: string;
  year: number;
  costGroupUuid: string | null;
  costGroup: string | null;
  budget: number;
  actual: number;
}

export function budgetPoints(rows: readonly ChartRow<'budget-vs-actual'>[]): BudgetPoint[] {
  return rows.map((r) => ({
    key: `${r.year}|${r.cost_group_uuid ?? ''}`,
    year: r.year,
    costGroupUuid: r.cost_group_uuid,
    costGroup: r.cost_group,
    budget: num(r.budget),
    actual: num(r.actual),
  }));
}

/** A cost group's bar: the budgets of that year and cost group (of that year only, without a cost group). */
export const budgetLink = (p: Pick<BudgetPoint, 'year' | 'costGroupUuid'>): GridLink => ({
  model: 'budget',
  filter: p.costGroupUuid ? { cost_group_uuid: [p.costGroupUuid], year: p.year } : { year: p.year },
});

// ---- consumption: a line per counter over the months, anomalies marked

export interface CounterSeries {
  uuid: string;
  name: string;
  unit: string | null;
}

export interface ConsumptionShape {
  /** One entry per month: `month`, per counter uuid its value and `<uuid>:a` its anomalous readings. */
  data: Record<string, string | number | null>[];
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
      counters.set(r.counter_uuid, { uuid: r.counter_uuid, name: r.counter, unit: r.unit });
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
  const months = new Map<string, Record<string, string | number | null>>();
  let anomalies = 0;
  for (const r of rows) {
    let entry = months.get(r.month);
    if (!entry) months.set(r.month, (entry = { month: r.month }));
    if (!drawn.has(r.counter_uuid)) continue;
    entry[r.counter_uuid] = perM2 ? (r.per_m2 === null ? null : num(r.per_m2)) : num(r.consumption);
    entry[`${r.counter_uuid}:a`] = r.anomalies;
    anomalies += r.anomalies;
  }
  const data = [...months.values()].sort((a, b) => String(a.month).localeCompare(String(b.month)));
  return { data, counters: shown, units, unit, inUnit: inUnit.length, anomalies };
}

/** A counter's point: its readings of that month (only the anomalous ones when it has any and `anomalous`). */
export const consumptionLink = (counterUuid: string, month: string, anomalous = false): GridLink => ({
  model: 'measurement',
  filter: {
    counter_uuid: [counterUuid],
    measured_at: dayStamps(monthRange(month)),
    ...(anomalous ? { status: ['anomalous'] } : {}),
  },
});

// ---- ticket throughput: opened and closed per week, overdue marked

export interface ThroughputPoint {
  week: string;
  opened: number;
  closed: number;
  overdue: number;
}

export const throughputPoints = (rows: readonly ChartRow<'ticket-throughput'>[]): ThroughputPoint[] =>
  [...rows].sort((a, b) => a.week.localeCompare(b.week)).map((r) => ({ ...r }));

export const OPEN_TICKET_STATES = TICKET_STATES.filter((s) => !isClosed(s));

/** A week's overdue bar: the tickets still open that fell due in that week. */
export const overdueLink = (week: string): GridLink => ({
  model: 'ticket',
  filter: { status: OPEN_TICKET_STATES, due_date: isoWeekRange(week) },
});

/** A week's opened bar: the tickets created in that week (UTC days, as the chart counts them). */
export const openedLink = (week: string): GridLink => ({ model: 'ticket', filter: { created_at: isoWeekRange(week) } });

/** A week's closed bar: the tickets closed now whose last change fell in that week, as the chart counts them. */
export const closedLink = (week: string): GridLink => ({
  model: 'ticket',
  filter: { status: TICKET_STATES.filter(isClosed), updated_at: isoWeekRange(week) },
});

// ---- staffing: hours and cost per month

export interface StaffingPoint {
  month: string;
  hours: number;
  cost: number;
}

export const staffingPoints = (rows: readonly ChartRow<'staffing'>[]): StaffingPoint[] =>
  [...rows]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((r) => ({ month: r.month, hours: num(r.hours), cost: num(r.cost) }));

/** A month's bar: the task events due that month that the chart counts, open and done (skipped ones add no hours). */
export const staffingLink = (month: string): GridLink => ({
  model: 'task_event',
  filter: { status: ['open', 'done'], due_date: monthRange(month) },
});

// ---- contract volume: a slice per contract type

export interface VolumePoint {
  type: string;
  count: number;
  volume: number;
}

export const volumePoints = (rows: readonly ChartRow<'contract-volume'>[]): VolumePoint[] =>
  rows.map((r) => ({ type: r.type, count: r.count, volume: num(r.volume) }));

/** A type's slice: the contracts of that type running in the period. */
export const volumeLink = (type: string): GridLink => ({ model: 'contract', filter: { contract_type: [type] } });

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
