// A module's Chart view on the screen's selection (docs/decisions.md, "Charts in the linked selection"): which marks
// selected records highlight, which list filter a mark selects, and how a pick changes the selection.
import { describe, expect, it } from 'vitest';
import { CHARTS } from '../../src/entities/analytics';
import {
  HIGHLIGHT_CAP,
  highlightedMarks,
  isoWeekOf,
  markKey,
  MODULE_CHARTS,
  type ChartRowOf,
  monthOf,
  pickSelection,
  SELECT_CAP,
  splitMark,
  uuidBatches,
} from '../../views/charts/chart-selection';
import { CHART_VIEW_MODELS } from '../../views/charts/module-chart-switch';

const tickets = MODULE_CHARTS.ticket!;
const budgets = MODULE_CHARTS.budget!;
const contracts = MODULE_CHARTS.contract!;
const measurements = MODULE_CHARTS.measurement!;
const TODAY = '2026-11-26';

describe('ISO weeks and months as the charts count them (UTC)', () => {
  it.each([
    ['2026-01-01', '2026-W01'], // a Thursday: week 1
    ['2027-01-01', '2026-W53'], // a Friday: the last week of 2026
    ['2024-12-30', '2025-W01'], // a Monday of week 1 of the next year
    ['2026-11-23T00:00:00.000Z', '2026-W48'],
    ['2026-11-29T23:59:59.999Z', '2026-W48'],
    ['2026-11-30T00:00:00.000Z', '2026-W49'],
  ])('%s is in %s', (day, week) => expect(isoWeekOf(day)).toBe(week));

  it('takes the UTC day of a timestamp with an offset, and nothing of no date', () => {
    expect(isoWeekOf('2026-11-30T00:30:00+01:00')).toBe('2026-W48');
    expect(monthOf('2026-03-01T00:30:00+01:00')).toBe('2026-02');
    expect(isoWeekOf(null)).toBeNull();
    expect(isoWeekOf('no date')).toBeNull();
    expect(monthOf(undefined)).toBeNull();
  });
});

describe('the marks selected records highlight', () => {
  it('a ticket: the week it was opened in; when closed, the week of its last change; when overdue, its due week', () => {
    const open = { created_at: '2026-11-24T09:00:00Z', updated_at: '2026-11-25T09:00:00Z', status: 'open' };
    expect(tickets.marksOf(open, TODAY)).toEqual(['opened|2026-W48']);
    expect(tickets.marksOf({ ...open, due_date: '2026-11-02' }, TODAY)).toEqual([
      'opened|2026-W48',
      'overdue|2026-W45',
    ]);
    // due today is not overdue yet; a closed ticket is never overdue
    expect(tickets.marksOf({ ...open, due_date: TODAY }, TODAY)).toEqual(['opened|2026-W48']);
    const done = { created_at: '2026-01-05T08:00:00Z', updated_at: '2026-02-02T10:00:00Z', status: 'done' };
    expect(tickets.marksOf({ ...done, due_date: '2026-01-06' }, TODAY)).toEqual(['opened|2026-W02', 'closed|2026-W06']);
  });

  it('a budget: both bars of its year and cost group; none without a year', () => {
    expect(budgets.marksOf({ year: 2026, cost_group_uuid: 'cg-1' }, TODAY)).toEqual([
      'budget|2026|cg-1',
      'actual|2026|cg-1',
    ]);
    expect(budgets.marksOf({ year: 2026, cost_group_uuid: null }, TODAY)).toEqual(['budget|2026|', 'actual|2026|']);
    expect(budgets.marksOf({ year: null, cost_group_uuid: 'cg-1' }, TODAY)).toEqual([]);
  });

  it('a contract: the slice of its type; a reading: its meter’s point of the month it was measured in', () => {
    expect(contracts.marksOf({ contract_type: 'service' }, TODAY)).toEqual(['slice|service']);
    expect(contracts.marksOf({ contract_type: null }, TODAY)).toEqual([]);
    expect(measurements.marksOf({ counter_uuid: 'c-1', measured_at: '2026-03-31T23:00:00Z' }, TODAY)).toEqual([
      'c-1|2026-03',
    ]);
  });

  it('the union over the selected records read; null without a selection, so that nothing is dimmed', () => {
    const rows = [
      { created_at: '2026-11-24T09:00:00Z', status: 'open' },
      { created_at: '2026-11-10T09:00:00Z', status: 'open' },
      { created_at: '2026-11-11T09:00:00Z', status: 'open' },
    ];
    expect([...highlightedMarks(tickets, rows, TODAY, 3)!].sort()).toEqual(['opened|2026-W46', 'opened|2026-W48']);
    expect(highlightedMarks(tickets, [], TODAY, 0)).toBeNull();
    // selected but not read yet: an empty set (everything dimmed until they arrive)
    expect(highlightedMarks(tickets, [], TODAY, 2)!.size).toBe(0);
  });
});

describe('the records a mark selects: the list filter of its bar, as /charts opens them', () => {
  // the chart's rows as the server answers them, each mark's filter given (docs/analytics-api.md, "Charts: marks")
  const f = (name: string) => ({ name });
  const rows: Record<'ticket' | 'budget' | 'contract' | 'measurement', ChartRowOf[]> = {
    ticket: [
      { week: '2026-W48', filters: { opened: f('opened 48'), closed: f('closed 48'), overdue: f('overdue 48') } },
      { week: '2026-W01', filters: { opened: f('opened 01') } },
    ],
    budget: [
      { year: 2026, cost_group_uuid: 'cg-1', filters: { budget: f('cg-1'), actual: f('cg-1') } },
      { year: 2026, cost_group_uuid: null, filters: { budget: f('none'), actual: f('none') } },
    ],
    contract: [{ type: 'maintenance', filters: { slice: f('maintenance') } }],
    measurement: [{ counter_uuid: 'c-1', month: '2026-02', filters: { consumption: f('valid'), anomalies: f('odd') } }],
  };

  it("ticket bars: the filter the server gave the bar's week and series", () => {
    expect(tickets.filterOf('opened|2026-W48', rows.ticket)).toEqual(f('opened 48'));
    expect(tickets.filterOf('overdue|2026-W48', rows.ticket)).toEqual(f('overdue 48'));
    expect(tickets.filterOf('closed|2026-W01', rows.ticket)).toBeNull();
    expect(tickets.filterOf('reopened|2026-W48', rows.ticket)).toBeNull();
    expect(tickets.filterOf('opened|2026-W48', [])).toBeNull();
  });

  it('a budget bar: its year and cost group or none; a slice: the type; a point: the valid and anomalous readings', () => {
    expect(budgets.filterOf('actual|2026|cg-1', rows.budget)).toEqual(f('cg-1'));
    expect(budgets.filterOf('budget|2026|', rows.budget)).toEqual(f('none'));
    expect(budgets.filterOf('budget|twenty|', rows.budget)).toBeNull();
    expect(contracts.filterOf('slice|maintenance', rows.contract)).toEqual(f('maintenance'));
    expect(contracts.filterOf('slice|', rows.contract)).toBeNull();
    expect(measurements.filterOf('c-1|2026-02', rows.measurement)).toEqual({
      name: 'valid',
      status: ['valid', 'anomalous'],
    });
    expect(measurements.filterOf('c-1|2026-03', rows.measurement)).toBeNull();
  });

  it('splits a mark at its first bar only', () => {
    expect(markKey('budget', '2026|cg')).toBe('budget|2026|cg');
    expect(splitMark('budget|2026|cg')).toEqual({ series: 'budget', category: '2026|cg' });
  });
});

describe('a pick and the selection', () => {
  it('replaces it; with Ctrl adds what is not in it, or takes the mark’s records out when all were in', () => {
    expect(pickSelection(['a', 'b'], ['c', 'd'], false)).toEqual(['c', 'd']);
    expect(pickSelection(['a', 'b'], ['b', 'c'], true)).toEqual(['a', 'b', 'c']);
    expect(pickSelection(['a', 'b', 'c'], ['b', 'c'], true)).toEqual(['a']);
    expect(pickSelection(['a'], [], true)).toEqual(['a']);
    expect(pickSelection(['a'], [], false)).toEqual([]);
  });

  it('reads the first HIGHLIGHT_CAP selected records in requests of at most 200 uuids', () => {
    const uuids = Array.from({ length: 1234 }, (_, i) => `u${i}`);
    const batches = uuidBatches(uuids);
    expect(batches.map((b) => b.length)).toEqual([200, 200, 100]);
    expect(batches.flat()).toEqual(uuids.slice(0, HIGHLIGHT_CAP));
    expect(uuidBatches([])).toEqual([]);
    expect(SELECT_CAP).toBeLessThanOrEqual(500); // the list's largest page
  });

  it('every module with a Chart view has its chart', () => {
    expect([...CHART_VIEW_MODELS].sort()).toEqual(Object.keys(MODULE_CHARTS).sort());
    for (const model of CHART_VIEW_MODELS) expect(CHARTS).toContain(MODULE_CHARTS[model]!.chart);
  });
});
