// A module's Chart view on the screen's one selection (docs/decisions.md, "Charts in the linked selection"): which
// marks (bars, slices, points) the selected records belong to, and which list filter the records behind a mark
// have. A mark is named `<series>|<category>`: `opened|2026-W05`, `budget|2026|<cost group uuid>`,
// `slice|service`, `<counter uuid>|2026-03`. Pure, unit-tested.
import { isClosed, TICKET_STATES } from '../../src/domain/transitions';
import type { Chart } from '../../src/entities/analytics';
import type { ListFilter, MarkFilters } from './chart-data';

/** A click selects at most this many records behind a mark: one page of the list at its largest `per_page`. */
export const SELECT_CAP = 500;
/** The selected records read to highlight their marks: the first this many (in requests of `UUIDS_PER_REQUEST`). */
export const HIGHLIGHT_CAP = 500;
/** The list's `filter[uuid]` takes at most 200 uuids. */
export const UUIDS_PER_REQUEST = 200;

export const markKey = (series: string, category: string) => `${series}|${category}`;

/** The series and category of a mark key (the category may hold `|` itself, the series never). */
export function splitMark(mark: string): { series: string; category: string } {
  const at = mark.indexOf('|');
  return at < 0 ? { series: mark, category: '' } : { series: mark.slice(0, at), category: mark.slice(at + 1) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The UTC day of a date (`YYYY-MM-DD`) or timestamp, as the charts count; null when it is none. */
function utcDay(value: unknown): Date | null {
  if (typeof value !== 'string' || !value) return null;
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The ISO week `YYYY-Www` of a day or timestamp (UTC), as PostgreSQL's `IYYY-"W"IW`. */
export function isoWeekOf(value: unknown): string | null {
  const d = utcDay(value);
  if (!d) return null;
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const weekday = (day.getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(day.getTime() + (3 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1;
  return `${year}-W${pad(week)}`;
}

/** The UTC month `YYYY-MM` of a day or timestamp. */
export function monthOf(value: unknown): string | null {
  const d = utcDay(value);
  return d ? `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}` : null;
}

type Fields = Record<string, unknown>;
const closedStates = new Set<string>(TICKET_STATES.filter(isClosed));

/** What one module's chart needs to link its marks to the module's records. */
export interface ModuleChart {
  chart: Chart;
  /** The marks a record belongs to; `today` (`YYYY-MM-DD`, the user's) decides what is overdue. */
  marksOf: (record: Fields, today: string) => string[];
  /** The list filter of the records behind a mark, the one the server gave the mark's row of the chart's `rows`
   * (docs/analytics-api.md, "Charts: marks"); null for a mark that stands for none. */
  filterOf: (mark: string, rows: readonly ChartRowOf[]) => ListFilter | null;
}

/** A chart's row as far as the marks need it. */
export type ChartRowOf = Fields & { filters?: MarkFilters };

/** The filter of `series` in the first row that `is` the mark's category. */
const rowFilter = (rows: readonly ChartRowOf[], series: string, is: (row: ChartRowOf) => boolean) =>
  rows.find(is)?.filters?.[series] ?? null;

const tickets: ModuleChart = {
  chart: 'ticket-throughput',
  marksOf: (r, today) => {
    const marks: string[] = [];
    const opened = isoWeekOf(r.created_at);
    if (opened) marks.push(markKey('opened', opened));
    const status = String(r.status ?? '');
    const closed = closedStates.has(status) ? isoWeekOf(r.updated_at) : null;
    if (closed) marks.push(markKey('closed', closed));
    const due = typeof r.due_date === 'string' ? r.due_date : '';
    const overdue = !closedStates.has(status) && due && due < today ? isoWeekOf(due) : null;
    if (overdue) marks.push(markKey('overdue', overdue));
    return marks;
  },
  filterOf: (mark, rows) => {
    const { series, category } = splitMark(mark);
    return rowFilter(rows, series, (r) => r.week === category);
  },
};

const budgets: ModuleChart = {
  chart: 'budget-vs-actual',
  // both bars of the year and cost group (budget and actual stand for the same budgets)
  marksOf: (r) => {
    if (typeof r.year !== 'number') return [];
    const key = `${r.year}|${typeof r.cost_group_uuid === 'string' ? r.cost_group_uuid : ''}`;
    return [markKey('budget', key), markKey('actual', key)];
  },
  filterOf: (mark, rows) => {
    const { series, category } = splitMark(mark);
    return rowFilter(rows, series, (r) => `${String(r.year)}|${String(r.cost_group_uuid ?? '')}` === category);
  },
};

const contracts: ModuleChart = {
  chart: 'contract-volume',
  marksOf: (r) => (typeof r.contract_type === 'string' && r.contract_type ? [markKey('slice', r.contract_type)] : []),
  filterOf: (mark, rows) => {
    const { series, category } = splitMark(mark);
    return rowFilter(rows, series, (r) => r.type === category);
  },
};

const measurements: ModuleChart = {
  chart: 'consumption',
  marksOf: (r) => {
    const month = monthOf(r.measured_at);
    return typeof r.counter_uuid === 'string' && month ? [markKey(r.counter_uuid, month)] : [];
  },
  // a point: all of the meter's readings of that month, the valid ones it sums and the anomalous ones it marks
  filterOf: (mark, rows) => {
    const { series, category } = splitMark(mark);
    const valid = rowFilter(rows, 'consumption', (r) => r.counter_uuid === series && r.month === category);
    return valid && { ...valid, status: ['valid', 'anomalous'] };
  },
};

/** The modules with a Chart view, by model. */
export const MODULE_CHARTS: Readonly<Record<string, ModuleChart>> = {
  ticket: tickets,
  budget: budgets,
  contract: contracts,
  measurement: measurements,
};

/** The marks of the selected records (those read); null without a selection, so that nothing is dimmed. */
export function highlightedMarks(
  chart: ModuleChart,
  records: readonly Fields[],
  today: string,
  selected: number,
): ReadonlySet<string> | null {
  if (!selected) return null;
  const marks = new Set<string>();
  for (const record of records) for (const mark of chart.marksOf(record, today)) marks.add(mark);
  return marks;
}

/**
 * The selection after a mark was picked: its records alone; with Ctrl or Cmd (`additive`) added to the selection,
 * or taken out of it when all of them were selected already.
 */
export function pickSelection(current: readonly string[], picked: readonly string[], additive: boolean): string[] {
  if (!additive) return [...picked];
  const have = new Set(current);
  if (picked.length && picked.every((uuid) => have.has(uuid))) {
    const drop = new Set(picked);
    return current.filter((uuid) => !drop.has(uuid));
  }
  return [...current, ...picked.filter((uuid) => !have.has(uuid))];
}

/** The uuids to read for highlighting, in requests of at most `UUIDS_PER_REQUEST`. */
export function uuidBatches(uuids: readonly string[], cap = HIGHLIGHT_CAP, size = UUIDS_PER_REQUEST): string[][] {
  const batches: string[][] = [];
  const wanted = uuids.slice(0, cap);
  for (let i = 0; i < wanted.length; i += size) batches.push(wanted.slice(i, i + size));
  return batches;
}
