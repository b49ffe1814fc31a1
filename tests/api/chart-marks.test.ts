// A chart's mark opens exactly the records it counts (docs/analytics-api.md, "Charts: marks"): for every chart, over
// periods that cut weeks and months in two, and for every mark of the fixture, the list the chart's link opens
// (`markLink`, views/charts/chart-data.ts, with the filter the server gives the mark) has as many records as the mark
// counts, and its amounts add up to the mark's sum. The fixture holds what the links got wrong: budgets with and
// without a cost group in the same year, a ticket due today in the week of an overdue one, skipped task events,
// contracts ended before the period, a meter reading lower than the one before.
// @both-databases: filters on dates, timestamps and named filters through each driver.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARTS, type Chart } from '../../src/entities/analytics';
import { charts } from '../../server/services/charts.service';
import { markLink } from '../../views/charts/chart-data';
import { add, decToString, sub, toDec, type Dec } from '../../src/domain/decimal';
import { createTestEnv, json, type TestEnv } from './harness';
import { addDays, filterQuery, post, today, workspace, type Rec, type Ws } from './planning-support';

let env: TestEnv;
let a: Ws;
let year: number;

const exec = (statement: ReturnType<typeof sql>) => env.database.db.execute(statement);
const ok = async (url: string, body: Record<string, unknown>) => {
  const res = await post(a.client, url, body);
  expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body.data;
};

type Row = Record<string, unknown> & { filters?: Record<string, Record<string, unknown>> };
/** What a list must show for a mark: how many records, and (optionally) a sum of a field of them. */
type Expected = { count: number; sum?: { of: (r: Rec) => unknown; is: string | null } };

const money = (v: unknown) => (v === null || v === undefined ? null : decToString(toDec(String(v))!, 2));
const four = (v: unknown) => (v === null || v === undefined ? null : decToString(toDec(String(v))!, 4));
const drawn = (r: Rec) => decToString(sub(toDec(String(r.amount))!, toDec(String(r.available_amount))!), 2);

/** Per chart and series, what the mark of a row counts (docs/analytics-api.md, "Charts"). */
const expected: Record<Chart, (row: Row, series: string) => Expected> = {
  'budget-vs-actual': (row, series) => ({
    count: Number(row.budgets),
    sum: series === 'budget' ? { of: (r) => r.amount, is: money(row.budget) } : { of: drawn, is: money(row.actual) },
  }),
  consumption: (row, series) =>
    series === 'anomalies'
      ? { count: Number(row.anomalies), sum: { of: (r) => r.consumption, is: four(row.anomalous_consumption) } }
      : { count: Number(row.readings), sum: { of: (r) => r.consumption, is: four(row.consumption) } },
  'ticket-throughput': (row, series) => ({ count: Number(row[series]) }),
  staffing: (row) => ({ count: Number(row.events) }),
  'contract-volume': (row) => ({ count: Number(row.count), sum: { of: (r) => r.amount, is: money(row.volume) } }),
};

/** Σ of a field over records (null when none has a value), to `places`. */
function sumOf(records: Rec[], of: (r: Rec) => unknown, places: number) {
  const values = records.map(of).filter((v) => v !== null && v !== undefined);
  if (!values.length) return null;
  return decToString(
    values.reduce<Dec>((s, v) => add(s, toDec(String(v))!), toDec('0')!),
    places,
  );
}

beforeAll(async () => {
  env = await createTestEnv();
  a = await workspace(env);
  year = Number(today().slice(0, 4));
  const sg = a.settingsGroup;
  const property = a.property;

  // budgets: this year and last, with a cost group and without one
  const cg = (await ok('/cost-groups', { settings_group_uuid: sg, code: '1', name: 'Unterhalt' })).uuid;
  for (const [y, amount, cost_group_uuid, spent] of [
    [year, '100.00', cg, '95.00'],
    [year, '200.00', null, '50.00'],
    [year, '300.00', null, null],
    [year - 1, '1000.00', cg, '100.00'],
    [year - 1, '400.00', null, null],
  ] as const) {
    const budget = await ok('/budgets', {
      property_uuid: property,
      name: `B ${y} ${amount}`,
      year: y,
      amount,
      cost_group_uuid,
    });
    if (spent)
      await ok('/bills', { property_uuid: property, title: 'Rechnung', amount: spent, budget_uuid: budget.uuid });
  }

  // tickets: overdue since yesterday, due today (not overdue), due tomorrow, closed, in March 2025
  const ticket = async (subject: string, status: string, set: ReturnType<typeof sql>) => {
    const uuid = (await ok('/tickets', { property_uuid: property, subject })).uuid as string;
    await exec(sql`update tickets set status = ${status} where uuid = ${uuid}`);
    await exec(sql`update tickets set ${set} where uuid = ${uuid}`);
  };
  await ticket('overdue', 'open', sql`due_date = ${addDays(today(), -1)}`);
  await ticket('due today', 'open', sql`due_date = ${today()}`);
  await ticket('due tomorrow', 'in_progress', sql`due_date = ${addDays(today(), 1)}`);
  await ticket('due last week, done', 'done', sql`due_date = ${addDays(today(), -7)}`);
  await ticket('March', 'open', sql`created_at = '2025-03-03T10:00:00Z', due_date = '2025-03-07'`);
  await ticket('March done', 'done', sql`created_at = '2025-03-05T10:00:00Z', updated_at = '2025-03-06T10:00:00Z'`);

  // a meter: readings in January to March 2025, the one of 20 February lower than the one before (negative, anomalous)
  const kwh = (await ok('/units', { settings_group_uuid: sg, name: 'Kilowattstunde', symbol: 'kWh' })).uuid;
  const counter = await ok('/counters', { property_uuid: property, counter_id: 'G-1', name: 'Gas', unit_uuid: kwh });
  for (const [at, value] of [
    ['2025-01-05T08:00:00Z', '100'],
    ['2025-01-20T08:00:00Z', '110'],
    ['2025-02-10T08:00:00Z', '130'],
    ['2025-02-20T08:00:00Z', '20'],
    ['2025-03-03T08:00:00Z', '40'],
    ['2025-03-20T08:00:00Z', '60'],
  ])
    await ok('/measurements', { property_uuid: property, counter_uuid: counter.uuid, measured_at: at, value });

  // a task of 2 hours: events in March 2025 open, done and skipped
  const task = await ok('/tasks', {
    property_uuid: property,
    title: 'Kontrolle',
    start_date: '2025-01-10',
    workload: '2',
  });
  await exec(sql`delete from task_events where task_uuid = ${task.uuid}`);
  for (const [due, status] of [
    ['2025-03-03', 'open'],
    ['2025-03-20', 'done'],
    ['2025-03-25', 'skipped'],
    ['2025-04-02', 'open'],
  ])
    await exec(sql`insert into task_events (uuid, settings_group_uuid, property_uuid, task_uuid, due_date, status)
      values (gen_random_uuid(), ${sg}, ${property}, ${task.uuid}, ${due}, ${status})`);

  // contracts: one ended in 2023 (not running in the periods), one running, one without dates, of the same type
  for (const [title, start, end, amount] of [
    ['ended', '2022-01-01', '2023-12-31', '700.00'],
    ['running', '2025-01-01', `${year}-12-31`, '1200.00'],
    ['open-ended', null, null, '300.00'],
  ] as const)
    await ok('/contracts', {
      property_uuid: property,
      title,
      contract_type: 'service',
      amount,
      contract_start_date: start,
      contract_end_date: end,
    });
});
afterAll(() => env.close());

/** Periods that cut weeks and months in two, and the default one. */
const periods = () => [
  '',
  'from=2025-01-15&to=2025-03-04',
  `from=2025-03-05&to=${today()}`,
  `from=${addDays(today(), -1)}&to=${addDays(today(), 1)}`,
];

describe('a chart mark opens exactly the records it counts', () => {
  for (const chart of CHARTS)
    it(`${chart}: every mark's list has the mark's count and sum`, async () => {
      const entity = charts[chart].entity;
      let marks = 0;
      for (const period of periods()) {
        const res = await a.client.get(`/charts/${chart}?settings_group_uuid=${a.settingsGroup}&${period}`);
        expect(res.statusCode, res.body).toBe(200);
        for (const row of json<{ data: Row[] }>(res).data)
          for (const series of Object.keys(row.filters ?? {})) {
            const link = markLink(entity.name, row, series)!;
            const what = `${chart} ${period} ${JSON.stringify(row)} ${series}`;
            expect(link.model, what).toBe(entity.name);
            const list = await a.client.get(
              `/${entity.plural}?settings_group_uuid=${a.settingsGroup}&status_limiter=all&per_page=500&${filterQuery(link.filter)}`,
            );
            expect(list.statusCode, `${what} ${list.body}`).toBe(200);
            const body = json<{ data: Rec[]; meta: { total: number } }>(list);
            const want = expected[chart](row, series);
            expect(body.meta.total, what).toBe(want.count);
            if (want.sum)
              expect(sumOf(body.data, want.sum.of, chart === 'consumption' ? 4 : 2), what).toBe(want.sum.is);
            marks++;
          }
      }
      expect(marks).toBeGreaterThan(0);
    });

  it('the "no cost group" bar lists only the budgets without one, the overdue bar only tickets due before today', async () => {
    const res = await a.client.get(`/charts/budget-vs-actual?settings_group_uuid=${a.settingsGroup}`);
    const rows = json<{ data: Row[] }>(res).data;
    expect(rows.find((r) => r.year === year && r.cost_group_uuid === null)?.budgets).toBe(2);
    const week = await a.client.get(
      `/charts/ticket-throughput?settings_group_uuid=${a.settingsGroup}&from=${today()}&to=${today()}`,
    );
    // today: the ticket due today is not overdue (it fell due in the period, but not before today)
    for (const row of json<{ data: Row[] }>(week).data) expect(row.overdue).toBe(0);
  });

  it('a consumption point sums the valid readings only; the anomalous one is counted apart', async () => {
    const res = await a.client.get(
      `/charts/consumption?settings_group_uuid=${a.settingsGroup}&from=2025-01-01&to=2025-03-31`,
    );
    const rows = json<{ data: Row[] }>(res).data;
    expect(rows.map((r) => [r.month, r.consumption, r.readings, r.anomalies, r.anomalous_consumption])).toEqual([
      ['2025-01', '10.0000', 2, 0, null],
      ['2025-02', '20.0000', 1, 1, '-110.0000'],
      ['2025-03', '40.0000', 2, 0, null],
    ]);
    expect(rows[0]).toMatchObject({ counter: 'Gas', counter_id: 'G-1', property: 'Seestrasse 1', unit: 'kWh' });
  });
});
