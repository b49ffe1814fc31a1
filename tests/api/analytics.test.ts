// The map, the charts and the dashboard tiles (docs/analytics-api.md) and the bounding box of lists: every aggregate
// against a small fixture computed by hand, each tile's value against the count of the list it links to, and the
// scope of the aggregates (another workspace never counted, records an access rule hides not counted, 401, 403, 404,
// 422 naming the field).
// @both-databases: aggregates (numeric, bigint, dates) through each driver.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARTS, MAP_KPIS, TILES } from '../../src/entities/analytics';
import { Client, createTestEnv, json, type TestEnv } from './harness';
import { addDays, filterQuery, post, today, workspace, type Rec, type Ws, memberOf } from './planning-support';

let env: TestEnv;
let a: Ws;
let b: Ws;
const p: Record<string, string> = {};
const t: Record<string, string> = {};
let year: number;
let costGroup: string;

type Errors = { errors: Record<string, string[]> };

const ok = async (c: Client, url: string, body: unknown) => {
  const res = await post(c, url, body);
  expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body.data;
};
const exec = (statement: ReturnType<typeof sql>) => env.database.db.execute(statement);

/** The ISO week (`YYYY-Www`) of a day: the week of its Thursday, counted from the week of 4 January. */
function isoWeek(day: string) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) + 3);
  const jan4 = new Date(Date.UTC(d.getUTCFullYear(), 0, 4));
  const week = 1 + Math.round(((d.getTime() - jan4.getTime()) / 86_400_000 - 3 + ((jan4.getUTCDay() + 6) % 7)) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

const member = (ws: Ws) => memberOf(env, ws);

beforeAll(async () => {
  env = await createTestEnv();
  a = await workspace(env);
  b = await workspace(env);
  year = Number(today().slice(0, 4));
  const sg = a.settingsGroup;
  const place = async (name: string, body: Record<string, unknown>) =>
    (p[name] = (await ok(a.client, '/properties', { settings_group_uuid: sg, name, ...body })).uuid);
  await exec(sql`update properties set name = 'Alpha', latitude = 47.37, longitude = 8.54,
    energy_reference_area = 100 where uuid = ${a.property}`);
  p.Alpha = a.property;
  await place('Beta', { latitude: '46.2', longitude: '6.14' });
  await place('Gamma', {});
  await place('Delta', { latitude: '-17.7', longitude: '178' });
  // the other workspace: a property at the same place, with a ticket and a budget nearly spent
  await exec(sql`update properties set latitude = 47.37, longitude = 8.54 where uuid = ${b.property}`);
  await ok(b.client, '/tickets', { property_uuid: b.property, subject: 'Fremd' });

  // tickets: t1 open and overdue, t2 in progress, t3 done (Alpha); t4 open, high priority (Beta)
  for (const [key, property, status, priority] of [
    ['t1', 'Alpha', 'open', 'normal'],
    ['t2', 'Alpha', 'in_progress', 'normal'],
    ['t3', 'Alpha', 'done', 'normal'],
    ['t4', 'Beta', 'open', 'high'],
  ] as const) {
    t[key] = (await ok(a.client, '/tickets', { property_uuid: p[property], subject: key, priority })).uuid;
    await exec(sql`update tickets set status = ${status} where uuid = ${t[key]}`);
  }
  await exec(sql`update tickets set due_date = ${addDays(today(), -1)} where uuid = ${t.t1}`);
  await exec(sql`update tickets set created_at = '2025-03-03T10:00:00Z' where uuid in (${t.t1}, ${t.t2})`);
  await exec(sql`update tickets set created_at = '2025-03-05T10:00:00Z', updated_at = '2025-03-12T10:00:00Z'
    where uuid = ${t.t3}`);
  await exec(sql`update tickets set created_at = '2025-03-10T10:00:00Z' where uuid = ${t.t4}`);

  // budgets: this year 100 on Alpha (95 drawn, cost group Unterhalt), 200 on Beta (50 drawn); last year 1,000 on
  // Alpha (100 drawn)
  costGroup = (await ok(a.client, '/cost-groups', { settings_group_uuid: sg, code: '1', name: 'Unterhalt' })).uuid;
  const budget = async (property: string, y: number, amount: string, drawn: string, cg: string | null) => {
    const made = await ok(a.client, '/budgets', {
      property_uuid: p[property],
      name: `B ${property} ${y}`,
      year: y,
      amount,
      cost_group_uuid: cg,
    });
    await ok(a.client, '/bills', {
      property_uuid: p[property],
      title: 'Rechnung',
      amount: drawn,
      budget_uuid: made.uuid,
    });
  };
  await budget('Alpha', year, '100.00', '95.00', costGroup);
  await budget('Beta', year, '200.00', '50.00', null);
  await budget('Alpha', year - 1, '1000.00', '100.00', costGroup);

  // counters: C1 on Alpha in kWh, readings in January and February 2025 (the last one anomalous); C2 on Beta with
  // an anomalous reading eight days ago
  const kwh = (await ok(a.client, '/units', { settings_group_uuid: sg, name: 'Kilowattstunde', symbol: 'kWh' })).uuid;
  const c1 = await ok(a.client, '/counters', {
    property_uuid: p.Alpha,
    counter_id: 'C1',
    name: 'Strom Allgemein',
    unit_uuid: kwh,
  });
  t.c1 = c1.uuid;
  for (const [at, value] of [
    ['2025-01-05T08:00:00Z', '100'],
    ['2025-01-20T08:00:00Z', '110'],
    ['2025-02-10T08:00:00Z', '130'],
    ['2025-02-20T08:00:00Z', '200'],
  ])
    await ok(a.client, '/measurements', { property_uuid: p.Alpha, counter_uuid: c1.uuid, measured_at: at, value });
  const c2 = await ok(a.client, '/counters', { property_uuid: p.Beta, counter_id: 'C2', name: 'Wasser' });
  for (const [days, value] of [
    [-10, '100'],
    [-9, '110'],
    [-8, '200'],
  ] as const)
    await ok(a.client, '/measurements', {
      property_uuid: p.Beta,
      counter_uuid: c2.uuid,
      measured_at: `${addDays(today(), days)}T08:00:00.000Z`,
      value,
    });

  // contracts: a service of 1,200 in 2025, a lease of 500 since 2024 without end, a service of 300 this year whose
  // cancellation deadline is about 40 days away
  await ok(a.client, '/contracts', {
    property_uuid: p.Alpha,
    title: 'Wartung Lift',
    contract_type: 'service',
    amount: '1200.00',
    contract_start_date: '2025-01-01',
    contract_end_date: '2025-12-31',
  });
  await ok(a.client, '/contracts', {
    property_uuid: p.Beta,
    title: 'Miete Laden',
    contract_type: 'lease',
    amount: '500.00',
    contract_start_date: '2024-01-01',
  });
  await ok(a.client, '/contracts', {
    property_uuid: p.Alpha,
    title: 'Reinigung',
    contract_type: 'service',
    amount: '300.00',
    contract_start_date: `${year}-01-01`,
    contract_end_date: addDays(today(), 70),
    notice_period: 1,
  });

  // guarantees: one ending in about 30 days, one in two years
  const guarantor = (
    await ok(a.client, '/contacts', { settings_group_uuid: sg, kind: 'organisation', organisation: 'Bau AG' })
  ).uuid;
  const start = addDays(today(), 30);
  const yearBefore = `${Number(start.slice(0, 4)) - 1}${start.slice(4)}`;
  await ok(a.client, '/guarantees', {
    property_uuid: p.Alpha,
    title: 'Garantie Dach',
    guarantor_uuid: guarantor,
    start_date: yearBefore,
    guarantee_duration: 12,
  });
  await ok(a.client, '/guarantees', {
    property_uuid: p.Beta,
    title: 'Garantie Fenster',
    guarantor_uuid: guarantor,
    start_date: today(),
    guarantee_duration: 24,
  });

  // a task of 2 hours at 50 an hour with its events written here: March 2025 open and done, April 2025 skipped,
  // yesterday and today open
  const task = await ok(a.client, '/tasks', {
    property_uuid: p.Alpha,
    title: 'Kontrolle',
    start_date: '2025-01-10',
    workload: '2',
    cost_per_hour: '50.00',
  });
  await exec(sql`delete from task_events where task_uuid = ${task.uuid}`);
  for (const [due, status] of [
    ['2025-03-03', 'open'],
    ['2025-03-20', 'done'],
    ['2025-04-02', 'skipped'],
    [addDays(today(), -1), 'open'],
    [today(), 'open'],
  ])
    await exec(sql`insert into task_events (uuid, settings_group_uuid, property_uuid, task_uuid, due_date, status)
      values (gen_random_uuid(), ${sg}, ${p.Alpha}, ${task.uuid}, ${due}, ${status})`);
});
afterAll(() => env.close());

const titles = async (c: Client, url: string) => {
  const res = await c.get(url);
  expect(res.statusCode, res.body).toBe(200);
  const body = json<{ data: Rec[]; meta: { total: number } }>(res);
  return { titles: body.data.map((r) => (r.name ?? r.subject) as string).sort(), total: body.meta.total };
};

describe('bounding box on lists', () => {
  it('narrows properties and the records under them to the box, across the antimeridian too', async () => {
    const sg = `settings_group_uuid=${a.settingsGroup}`;
    expect(await titles(a.client, `/properties?${sg}&bbox=8,47,9,48`)).toEqual({ titles: ['Alpha'], total: 1 });
    expect(await titles(a.client, `/properties?${sg}&bbox=5,45,10,48`)).toEqual({
      titles: ['Alpha', 'Beta'],
      total: 2,
    });
    expect(await titles(a.client, `/properties?${sg}&bbox=170,-20,-170,-10`)).toEqual({ titles: ['Delta'], total: 1 });
    expect((await titles(a.client, `/properties?${sg}&bbox=-180,-90,180,90`)).titles).not.toContain('Gamma');
    expect(await titles(a.client, `/tickets?${sg}&bbox=8,47,9,48`)).toEqual({ titles: ['t1', 't2', 't3'], total: 3 });
    expect((await titles(a.client, `/counters?${sg}&bbox=5.5,45,7,47`)).titles).toEqual(['Wasser']);
    const exported = await a.client.get(`/tickets/export?format=csv&${sg}&bbox=5,45,7,47`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['x-total-count']).toBe('1');
    expect(exported.body).toContain('t4');
    expect(exported.body).not.toContain('t1');
  });

  it('is a 422 naming bbox for anything but four numbers within ±180 / ±90, south not above north', async () => {
    for (const bad of [
      'a,b,c,d',
      '1,2,3',
      '1,2,3,4,5',
      '181,0,182,1',
      '0,91,1,92',
      '0,10,1,5',
      'NaN,0,1,1',
      '',
      '1e2,0,1,1',
      'Infinity,0,1,1',
      '0,-90.5,1,1',
    ])
      for (const path of ['/properties', '/tickets', '/tickets/export']) {
        const res = await a.client.get(`${path}?bbox=${encodeURIComponent(bad)}`);
        expect(res.statusCode, `${path} ${bad}`).toBe(422);
        expect(Object.keys(json<Errors>(res).errors), bad).toEqual(['bbox']);
      }
    // a model of the whole workspace has no place: an unknown parameter
    expect((await a.client.get('/contacts?bbox=0,0,1,1')).statusCode).toBe(422);
  });

  it('refuses a latitude outside ±90 and a longitude outside ±180 on the field', async () => {
    const base = { settings_group_uuid: a.settingsGroup, name: 'Nirgends' };
    for (const [field, value] of [
      ['latitude', '90.5'],
      ['latitude', '-91'],
      ['longitude', '180.1'],
      ['longitude', '-181'],
    ] as const) {
      const res = await post(a.client, '/properties', { ...base, [field]: value });
      expect(res.status, `${field} ${value}`).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toEqual([field]);
      const patched = await a.client.patch(`/properties/${p.Gamma}`, { [field]: value });
      expect(patched.statusCode).toBe(422);
    }
    expect((await post(a.client, '/properties', { ...base, latitude: '-90', longitude: '180' })).status).toBe(201);
  });
});

type MapBody = { kpi: string; rows: [string, string, number, number, number | null][]; unplaced: [string, string][] };
const mapOf = async (c: Client, kpi: string, extra = '') => {
  const res = await c.get(`/map/properties?settings_group_uuid=${a.settingsGroup}&kpi=${kpi}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<MapBody>(res);
};

describe('map', () => {
  it('answers placed properties with their key figure and the unplaced ones apart', async () => {
    const none = await mapOf(a.client, 'none');
    expect(none.kpi).toBe('none');
    expect(none.rows.map((r) => r[1])).toEqual(['Alpha', 'Beta', 'Delta', 'Nirgends']);
    expect(none.rows[0]).toEqual([p.Alpha, 'Alpha', 47.37, 8.54, null]);
    expect(none.unplaced).toEqual([[p.Gamma, 'Gamma']]);
    const value = async (kpi: string) =>
      Object.fromEntries((await mapOf(a.client, kpi)).rows.filter((r) => r[1] !== 'Nirgends').map((r) => [r[1], r[4]]));
    expect(await value('open_tickets')).toEqual({ Alpha: 2, Beta: 1, Delta: 0 });
    expect(await value('overdue_task_events')).toEqual({ Alpha: 2, Beta: 0, Delta: 0 });
    expect(await value('budget_use')).toEqual({ Alpha: 95, Beta: 25, Delta: null });
    expect(await value('anomalous_readings')).toEqual({ Alpha: 0, Beta: 1, Delta: 0 });
    const some = await mapOf(a.client, 'open_tickets', `&property_uuids[]=${p.Beta}&property_uuids[]=${p.Gamma}`);
    expect(some.rows).toEqual([[p.Beta, 'Beta', 46.2, 6.14, 1]]);
    expect(some.unplaced).toEqual([[p.Gamma, 'Gamma']]);
  });

  it("narrows the properties as their list's status limiter and archived switch do, key figures unchanged", async () => {
    await exec(sql`update properties set status = 'inactive' where uuid = ${p.Beta}`);
    try {
      const rows = async (extra: string) =>
        (await mapOf(a.client, 'open_tickets', extra)).rows.filter((r) => r[1] !== 'Nirgends').map((r) => [r[1], r[4]]);
      const active = [
        ['Alpha', 2],
        ['Delta', 0],
      ];
      expect(await rows('&status_limiter=active&archived=0')).toEqual(active);
      expect(await rows('&status_limiter=inactive')).toEqual([['Beta', 1]]);
      expect((await rows('&status_limiter=all')).map((r) => r[0])).toEqual(['Alpha', 'Beta', 'Delta']);
      expect(await rows('&archived=1')).toEqual([]);
      for (const [field, bad] of [
        ['status_limiter', 'open'],
        ['archived', '2'],
      ]) {
        const res = await a.client.get(`/map/properties?settings_group_uuid=${a.settingsGroup}&${field}=${bad}`);
        expect(res.statusCode).toBe(422);
        expect(Object.keys(json<Errors>(res).errors)).toEqual([field]);
      }
    } finally {
      await exec(sql`update properties set status = 'active' where uuid = ${p.Beta}`);
    }
  });

  it('defaults to no key figure and refuses an unknown one on kpi', async () => {
    expect((await mapOf(a.client, 'none')).kpi).toBe('none');
    const res = await a.client.get(`/map/properties?settings_group_uuid=${a.settingsGroup}&kpi=tickets`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(res).errors)).toEqual(['kpi']);
  });
});

const chart = async (c: Client, name: string, q: string) => {
  const res = await c.get(`/charts/${name}?settings_group_uuid=${a.settingsGroup}&${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: Record<string, unknown>[] }>(res).data;
};

describe('charts', () => {
  it('budget against actual per year and cost group', async () => {
    expect(await chart(a.client, 'budget-vs-actual', `from=${year - 1}-01-01&to=${year}-12-31`)).toMatchObject([
      { year: year - 1, cost_group_uuid: costGroup, cost_group: 'Unterhalt', budget: '1000.00', actual: '100.00' },
      { year, cost_group_uuid: costGroup, cost_group: 'Unterhalt', budget: '100.00', actual: '95.00' },
      { year, cost_group_uuid: null, cost_group: null, budget: '200.00', actual: '50.00' },
    ]);
    expect(
      await chart(a.client, 'budget-vs-actual', `from=${year}-01-01&to=${year}-12-31&property_uuids[]=${p.Beta}`),
    ).toMatchObject([{ year, cost_group_uuid: null, cost_group: null, budget: '200.00', actual: '50.00' }]);
  });

  it('consumption per counter and month, per m² and anomalies', async () => {
    expect(await chart(a.client, 'consumption', 'from=2025-01-01&to=2025-02-28')).toMatchObject([
      {
        month: '2025-01',
        counter_uuid: t.c1,
        counter: 'Strom Allgemein',
        unit: 'kWh',
        consumption: '10.0000',
        per_m2: '0.1000',
        anomalies: 0,
      },
      {
        month: '2025-02',
        counter_uuid: t.c1,
        counter: 'Strom Allgemein',
        unit: 'kWh',
        // the anomalous reading (70, more than twice the average) is counted, not summed
        consumption: '20.0000',
        per_m2: '0.2000',
        anomalies: 1,
        anomalous_consumption: '70.0000',
      },
    ]);
  });

  it('ticket throughput per ISO week', async () => {
    expect(await chart(a.client, 'ticket-throughput', 'from=2025-03-01&to=2025-03-31')).toMatchObject([
      { week: '2025-W10', opened: 3, closed: 0, overdue: 0 },
      { week: '2025-W11', opened: 1, closed: 1, overdue: 0 },
    ]);
    const yesterday = addDays(today(), -1);
    expect(await chart(a.client, 'ticket-throughput', `from=${yesterday}&to=${yesterday}`)).toMatchObject([
      { week: isoWeek(yesterday), opened: 0, closed: 0, overdue: 1 },
    ]);
  });

  it("a week's opened and closed tickets are the ticket list filtered by created_at and updated_at", async () => {
    const total = async (filter: Record<string, unknown>) => {
      const res = await a.client.get(`/tickets?status_limiter=all&${filterQuery(filter)}`);
      expect(res.statusCode, res.body).toBe(200);
      return json<{ meta: { total: number } }>(res).meta.total;
    };
    const closed = ['done', 'confirmed', 'cancelled'];
    for (const [week, from, to, opened, done] of [
      ['2025-W10', '2025-03-03', '2025-03-09', 3, 0],
      ['2025-W11', '2025-03-10', '2025-03-16', 1, 1],
    ] as const) {
      expect(await total({ created_at: { from, to } }), week).toBe(opened);
      expect(await total({ status: closed, updated_at: { from, to } }), week).toBe(done);
    }
    expect(await total({ created_at: '2025-03-03' })).toBeGreaterThanOrEqual(0);
    for (const bad of ['filter[created_at]=2025-02-30', 'filter[updated_at][from]=yesterday']) {
      const res = await a.client.get(`/tickets?${bad}`);
      expect(res.statusCode, bad).toBe(422);
    }
  });

  it('staffing per month', async () => {
    expect(await chart(a.client, 'staffing', 'from=2025-03-01&to=2025-04-30')).toMatchObject([
      { month: '2025-03', hours: '4.00', cost: '200.00' },
    ]);
  });

  it('contract volume per type', async () => {
    expect(await chart(a.client, 'contract-volume', 'from=2025-01-01&to=2025-12-31')).toMatchObject([
      { type: 'lease', count: 1, volume: '500.00' },
      { type: 'service', count: 1, volume: '1200.00' },
    ]);
  });

  it("takes the list's filter of its model, as the grid sends it, and refuses a bad one naming the field", async () => {
    // budgets: only those with the cost group
    expect(
      await chart(
        a.client,
        'budget-vs-actual',
        `from=${year}-01-01&to=${year}-12-31&${filterQuery({ cost_group_uuid: [costGroup] })}`,
      ),
    ).toMatchObject([{ year, cost_group_uuid: costGroup, cost_group: 'Unterhalt', budget: '100.00', actual: '95.00' }]);
    // the budgets' named filter too (used ≥ 90 %: only Alpha's budget of this year)
    expect(
      await chart(
        a.client,
        'budget-vs-actual',
        `from=${year - 1}-01-01&to=${year}-12-31&${filterQuery({ used_percent: { from: '90' } })}`,
      ),
    ).toMatchObject([{ year, cost_group_uuid: costGroup, cost_group: 'Unterhalt', budget: '100.00', actual: '95.00' }]);
    // tickets: the high priority one only (t4, created in W11)
    expect(
      await chart(
        a.client,
        'ticket-throughput',
        `from=2025-03-01&to=2025-03-31&${filterQuery({ priority: ['high'] })}`,
      ),
    ).toMatchObject([{ week: '2025-W11', opened: 1, closed: 0, overdue: 0 }]);
    // readings: the anomalous ones only
    const anomalous = await chart(
      a.client,
      'consumption',
      `from=2025-01-01&to=2025-02-28&${filterQuery({ status: ['anomalous'] })}`,
    );
    expect(anomalous.map((r) => [r.month, r.anomalies])).toEqual([['2025-02', 1]]);
    // contracts: by title
    expect(await chart(a.client, 'contract-volume', `from=2025-01-01&to=2025-12-31&filter[title]=lift`)).toMatchObject([
      { type: 'service', count: 1, volume: '1200.00' },
    ]);
    // task events: only the done ones
    expect(
      await chart(a.client, 'staffing', `from=2025-03-01&to=2025-04-30&${filterQuery({ status: ['done'] })}`),
    ).toMatchObject([{ month: '2025-03', hours: '2.00', cost: '100.00' }]);
    const q = `settings_group_uuid=${a.settingsGroup}`;
    for (const [url, field] of [
      [`/charts/ticket-throughput?${q}&filter[priority][]=urgentest`, 'filter.priority'],
      [`/charts/contract-volume?${q}&filter[no_such_field]=1`, 'filter'],
      [`/charts/budget-vs-actual?${q}&filter[amount][from]=lots`, 'filter.amount'],
      [`/charts/staffing?${q}&filter[due_date][from]=2025-02-30`, 'filter.due_date'],
    ] as const) {
      const res = await a.client.get(url);
      expect(res.statusCode, url).toBe(422);
      expect(Object.keys(json<Errors>(res).errors).join(), url).toContain(field);
    }
  });

  it('refuses a period over 20 years or ending before it starts on to', async () => {
    const q = `settings_group_uuid=${a.settingsGroup}`;
    for (const bad of ['from=2000-01-01&to=2020-01-01', 'from=2025-02-01&to=2025-01-31']) {
      const res = await a.client.get(`/charts/staffing?${q}&${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(Object.keys(json<Errors>(res).errors)).toEqual(['to']);
    }
    expect((await a.client.get(`/charts/staffing?${q}&from=2000-01-01&to=2019-12-31`)).statusCode).toBe(200);
    const bad = await a.client.get(`/charts/staffing?${q}&from=2025-02-30`);
    expect(Object.keys(json<Errors>(bad).errors)).toEqual(['from']);
  });
});

describe('dashboard tiles', () => {
  const expected: Record<string, number> = {
    open_tickets: 3,
    overdue_tickets: 1,
    budgets_nearly_spent: 1,
    anomalous_readings: 1,
    contracts_cancellation_near: 1,
    guarantees_expiring: 1,
  };
  const plural: Record<string, string> = {
    ticket: 'tickets',
    task_event: 'task-events',
    budget: 'budgets',
    measurement: 'measurements',
    contract: 'contracts',
    guarantee: 'guarantees',
  };
  const tileOf = async (c: Client, name: string, extra = '') => {
    const res = await c.get(`/dashboard/tiles/${name}?settings_group_uuid=${a.settingsGroup}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    return json<{ value: number; model: string; filter: Record<string, unknown> }>(res);
  };
  /** The count of the list the tile links to. */
  const listCount = async (c: Client, tile: { model: string; filter: Record<string, unknown> }, extra = '') => {
    const res = await c.get(
      `/${plural[tile.model]}?settings_group_uuid=${a.settingsGroup}&${filterQuery(tile.filter)}${extra}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return json<{ meta: { total: number } }>(res).meta.total;
  };

  it.each([
    'open_tickets',
    'overdue_tickets',
    'tasks_due_this_month',
    'budgets_nearly_spent',
    'anomalous_readings',
    'contracts_cancellation_near',
    'guarantees_expiring',
  ])('%s counts what its list shows', async (name) => {
    const yesterday = addDays(today(), -1);
    const due: Record<string, number> = {
      ...expected,
      tasks_due_this_month: yesterday.slice(0, 7) === today().slice(0, 7) ? 2 : 1,
    };
    const tile = await tileOf(a.client, name);
    expect(tile.value).toBe(due[name]);
    expect(await listCount(a.client, tile)).toBe(tile.value);
    const beta = `&property_uuids[]=${p.Beta}`;
    expect(await listCount(a.client, tile, beta)).toBe((await tileOf(a.client, name, beta)).value);
  });

  it('links the budgets nearly spent through a named filter of the budgets list', async () => {
    const tile = await tileOf(a.client, 'budgets_nearly_spent');
    expect(tile).toEqual({ value: 1, model: 'budget', filter: { used_percent: { from: '90' } } });
    const names = async (q: string) =>
      json<{ data: Rec[] }>(await a.client.get(`/budgets?settings_group_uuid=${a.settingsGroup}&${q}`))
        .data.map((r) => r.name)
        .sort();
    expect(await names('filter[used_percent][from]=20&filter[used_percent][to]=30')).toEqual([`B Beta ${year}`]);
    expect(await names('filter[used_percent]=95')).toEqual([`B Alpha ${year}`]);
    // a budget nothing has drawn on yet has used 0 %, one of amount 0 none
    await ok(a.client, '/budgets', { property_uuid: p.Delta, name: 'Unused', year: year - 5, amount: '10.00' });
    await ok(a.client, '/budgets', { property_uuid: p.Delta, name: 'Zero', year: year - 5, amount: '0' });
    const old = `filter[year]=${year - 5}`;
    expect(await names(`${old}&filter[used_percent][to]=0`)).toEqual(['Unused']);
    expect(await names(`${old}&filter[used_percent][from]=0`)).toEqual(['Unused']);
    expect(await names(`${old}&filter[used_percent][from]=1`)).toEqual([]);
    expect(await names(old)).toEqual(['Unused', 'Zero']);
    const bad = await a.client.get('/budgets?filter[used_percent][from]=lots');
    expect(bad.statusCode).toBe(422);
  });
});

describe('the scope of the aggregates', () => {
  it('never counts another workspace, and answers 404 for a settings group one is not in', async () => {
    const tile = json<{ value: number }>(
      await b.client.get(`/dashboard/tiles/open_tickets?settings_group_uuid=${b.settingsGroup}`),
    );
    expect(tile.value).toBe(1);
    const map = json<MapBody>(
      await b.client.get(`/map/properties?settings_group_uuid=${b.settingsGroup}&kpi=open_tickets`),
    );
    expect(map.rows).toEqual([[b.property, 'Seestrasse 1', 47.37, 8.54, 1]]);
    // A's own property ids in B's request find nothing of A
    const mixed = json<MapBody>(
      await b.client.get(`/map/properties?settings_group_uuid=${b.settingsGroup}&property_uuids[]=${p.Alpha}`),
    );
    expect(mixed).toEqual({ kpi: 'none', rows: [], unplaced: [] });
    for (const url of [
      `/map/properties?settings_group_uuid=${a.settingsGroup}`,
      `/charts/staffing?settings_group_uuid=${a.settingsGroup}`,
      `/dashboard/tiles/open_tickets?settings_group_uuid=${a.settingsGroup}`,
    ]) {
      expect((await b.client.get(url)).statusCode, url).toBe(404);
      expect((await new Client(env.app).get(url)).statusCode, url).toBe(401);
    }
    expect((await a.client.get(`/charts/nope?settings_group_uuid=${a.settingsGroup}`)).statusCode).toBe(404);
    expect((await a.client.get(`/dashboard/tiles/nope?settings_group_uuid=${a.settingsGroup}`)).statusCode).toBe(404);
  });

  it('leaves out what an access rule hides from a member', async () => {
    const m = await member(a);
    const group = await ok(a.client, '/user-groups', { settings_group_uuid: a.settingsGroup, name: 'Dringend' });
    await ok(a.client, '/access-rules', {
      settings_group_uuid: a.settingsGroup,
      name: 'High priority for the urgent team',
      model: 'ticket',
      filter: { priority: ['high'] },
      user_group_uuids: [group.uuid],
    });
    const tile = json<{ value: number; model: string; filter: Record<string, unknown> }>(
      await m.client.get(`/dashboard/tiles/open_tickets?settings_group_uuid=${a.settingsGroup}`),
    );
    expect(tile.value).toBe(2);
    const list = json<{ meta: { total: number } }>(
      await m.client.get(`/tickets?settings_group_uuid=${a.settingsGroup}&${filterQuery(tile.filter)}`),
    );
    expect(list.meta.total).toBe(2);
    const map = json<MapBody>(
      await m.client.get(`/map/properties?settings_group_uuid=${a.settingsGroup}&kpi=open_tickets`),
    );
    expect(Object.fromEntries(map.rows.map((r) => [r[1], r[4]]))).toMatchObject({ Alpha: 2, Beta: 0 });
    const weeks = json<{ data: { week: string; opened: number }[] }>(
      await m.client.get(
        `/charts/ticket-throughput?settings_group_uuid=${a.settingsGroup}&from=2025-03-01&to=2025-03-31`,
      ),
    ).data;
    expect(weeks.map((w) => [w.week, w.opened])).toEqual([
      ['2025-W10', 3],
      ['2025-W11', 0], // t4 (high priority) hidden; t3 closed that week
    ]);
  });

  it('shows a member under restricted access only the properties of their user groups and what is under them', async () => {
    const c = await workspace(env);
    const m = await member(c);
    const other = await ok(c.client, '/properties', {
      settings_group_uuid: c.settingsGroup,
      name: 'Hidden',
      latitude: '46',
      longitude: '7',
    });
    await exec(sql`update properties set latitude = 47, longitude = 8 where uuid = ${c.property}`);
    for (const property of [c.property, other.uuid])
      await ok(c.client, '/tickets', { property_uuid: property, subject: 'Leck' });
    const group = await ok(c.client, '/user-groups', {
      settings_group_uuid: c.settingsGroup,
      name: 'Seestrasse',
      member_uuids: [m.user.uuid],
    });
    expect(
      (await c.client.put(`/properties/${c.property}/user-groups`, { user_group_uuids: [group.uuid] })).statusCode,
    ).toBe(200);
    expect((await c.client.patch(`/settings-groups/${c.settingsGroup}`, { restricted_access: true })).statusCode).toBe(
      200,
    );
    const q = `settings_group_uuid=${c.settingsGroup}`;
    const map = json<MapBody>(await m.client.get(`/map/properties?${q}&kpi=open_tickets`));
    expect(map.rows).toEqual([[c.property, 'Seestrasse 1', 47, 8, 1]]);
    const tile = json<{ value: number }>(await m.client.get(`/dashboard/tiles/open_tickets?${q}`));
    expect(tile.value).toBe(1);
    expect(json<{ value: number }>(await c.client.get(`/dashboard/tiles/open_tickets?${q}`)).value).toBe(2);
    expect(json<{ meta: { total: number } }>(await m.client.get(`/tickets?${q}&bbox=5,45,9,48`)).meta.total).toBe(1);
  });

  it('answers 403 without the right to view the model an aggregate reads', async () => {
    const c = await workspace(env);
    const m = await member(c);
    const group = await ok(c.client, '/user-groups', {
      settings_group_uuid: c.settingsGroup,
      name: 'Readers',
      member_uuids: [m.user.uuid],
    });
    await ok(c.client, '/permission-groups', {
      settings_group_uuid: c.settingsGroup,
      name: 'Properties only',
      rights: { property: ['view'] },
      user_group_uuids: [group.uuid],
    });
    const q = `settings_group_uuid=${c.settingsGroup}`;
    expect((await m.client.get(`/map/properties?${q}`)).statusCode).toBe(200);
    for (const url of [
      `/map/properties?${q}&kpi=open_tickets`,
      `/map/properties?${q}&kpi=budget_use`,
      `/charts/budget-vs-actual?${q}`,
      `/charts/consumption?${q}`,
      `/charts/ticket-throughput?${q}`,
      `/charts/staffing?${q}`,
      `/charts/contract-volume?${q}`,
      `/dashboard/tiles/open_tickets?${q}`,
      `/dashboard/tiles/guarantees_expiring?${q}`,
    ]) {
      const res = await m.client.get(url);
      expect(res.statusCode, url).toBe(403);
      expect((await c.client.get(url)).statusCode, url).toBe(200);
    }
  });
});

describe('a property an access rule hides from a member', () => {
  /** One of everything the aggregates count under a property: open and overdue tickets, a budget nearly spent,
   * a counter with an anomalous reading, a contract near its cancellation date, a guarantee ending, a task event
   * due today (2 hours at 50), a facility due for renewal. */
  async function fill(ws: Ws, property: string, guarantor: string) {
    const base = { property_uuid: property };
    for (const [subject, due] of [
      ['Leck', null],
      ['Heizung', addDays(today(), -2)],
    ] as const)
      await ok(ws.client, '/tickets', { ...base, subject, ...(due ? { due_date: due } : {}) });
    const budget = await ok(ws.client, '/budgets', { ...base, name: 'Unterhalt', year, amount: '100.00' });
    await ok(ws.client, '/bills', { ...base, title: 'Rechnung', amount: '95.00', budget_uuid: budget.uuid });
    const counter = await ok(ws.client, '/counters', {
      ...base,
      counter_id: `C-${property.slice(0, 8)}`,
      name: 'Strom',
    });
    for (const [days, value] of [
      [-10, '100'],
      [-9, '110'],
      [-8, '200'],
    ] as const)
      await ok(ws.client, '/measurements', {
        ...base,
        counter_uuid: counter.uuid,
        measured_at: `${addDays(today(), days)}T08:00:00.000Z`,
        value,
      });
    await ok(ws.client, '/contracts', {
      ...base,
      title: 'Reinigung',
      contract_type: 'service',
      amount: '300.00',
      contract_start_date: `${year}-01-01`,
      contract_end_date: addDays(today(), 70),
      notice_period: 1,
    });
    // past its 10 years: due for renewal now, at 1,000
    await ok(ws.client, '/facilities', {
      ...base,
      name: 'Lüftung',
      lifetime: 10,
      commissioning_year: year - 12,
      unit_price: '1000.00',
    });
    const start = addDays(today(), 30);
    await ok(ws.client, '/guarantees', {
      ...base,
      title: 'Garantie Dach',
      guarantor_uuid: guarantor,
      start_date: `${Number(start.slice(0, 4)) - 1}${start.slice(4)}`,
      guarantee_duration: 12,
    });
    const task = await ok(ws.client, '/tasks', {
      ...base,
      title: 'Kontrolle',
      start_date: today(),
      workload: '2',
      cost_per_hour: '50.00',
    });
    await exec(sql`delete from task_events where task_uuid = ${task.uuid}`);
    await exec(sql`insert into task_events (uuid, settings_group_uuid, property_uuid, task_uuid, due_date, status)
      values (gen_random_uuid(), ${ws.settingsGroup}, ${property}, ${task.uuid}, ${today()}, 'open')`);
    return { counter: counter.uuid as string };
  }

  const HIDDEN = 'Geheimweg 7';
  let c: Ws;
  let hidden: string;
  let counters: { shown: string; hidden: string };
  let m: Awaited<ReturnType<typeof member>>;
  const month = today().slice(0, 7);
  /** Every aggregate: the workload, each tile, each chart, the map with each key figure (`extra`: more query). */
  const aggregates = (extra = '') => {
    const q = `settings_group_uuid=${c.settingsGroup}${extra}`;
    return [
      `/tasks/workload?from=${month}&${q}`,
      ...TILES.map((tile) => `/dashboard/tiles/${tile}?${q}`),
      ...CHARTS.map((name) => `/charts/${name}?${q}`),
      ...MAP_KPIS.map((kpi) => `/map/properties?kpi=${kpi}&${q}`),
    ];
  };

  beforeAll(async () => {
    c = await workspace(env);
    await exec(sql`update properties set latitude = 47, longitude = 8, energy_reference_area = 200
      where uuid = ${c.property}`);
    hidden = (
      await ok(c.client, '/properties', {
        settings_group_uuid: c.settingsGroup,
        name: HIDDEN,
        latitude: '46',
        longitude: '7',
        energy_reference_area: '400',
      })
    ).uuid;
    const guarantor = (
      await ok(c.client, '/contacts', {
        settings_group_uuid: c.settingsGroup,
        kind: 'organisation',
        organisation: 'Bau AG',
      })
    ).uuid;
    counters = {
      shown: (await fill(c, c.property, guarantor)).counter,
      hidden: (await fill(c, hidden, guarantor)).counter,
    };
    m = await member(c);
    await ok(c.client, '/access-rules', {
      settings_group_uuid: c.settingsGroup,
      name: 'Geheimweg',
      model: 'property',
      filter: { uuid: [hidden] },
      user_group_uuids: [],
    });
    expect((await m.client.get(`/properties/${hidden}`)).statusCode).toBe(404);
  });

  it('answers the member without its uuid, name or figures in every aggregate', async () => {
    for (const url of aggregates()) {
      const mine = await m.client.get(url);
      expect(mine.statusCode, `${url} ${mine.body}`).toBe(200);
      expect(mine.body, url).not.toContain(hidden);
      expect(mine.body, url).not.toContain(HIDDEN);
      expect((await c.client.get(url)).statusCode, url).toBe(200);
    }
    // per property: the admin has a row of the hidden property, the member none
    type Workload = { data: { property_uuid: string; property_name: string; hours: string }[] };
    const workloadUrl = `/tasks/workload?from=${month}&months=1&settings_group_uuid=${c.settingsGroup}`;
    const byProperty = (w: Workload) => w.data.map((r) => [r.property_name, r.hours]).sort();
    expect(byProperty(json<Workload>(await c.client.get(workloadUrl)))).toEqual([
      [HIDDEN, '2.00'],
      ['Seestrasse 1', '2.00'],
    ]);
    expect(json<Workload>(await m.client.get(workloadUrl)).data).toEqual([
      { month, property_uuid: c.property, property_name: 'Seestrasse 1', hours: '2.00', cost: '100.00' },
    ]);
    for (const kpi of MAP_KPIS) {
      const url = `/map/properties?settings_group_uuid=${c.settingsGroup}&kpi=${kpi}`;
      const names = (body: MapBody) => [...body.rows.map((r) => r[1]), ...body.unplaced.map((r) => r[1])];
      expect(names(json<MapBody>(await c.client.get(url))), kpi).toEqual([HIDDEN, 'Seestrasse 1']);
      expect(names(json<MapBody>(await m.client.get(url))), kpi).toEqual(['Seestrasse 1']);
    }
    // the hidden property's area is not used: its counter's consumption has no per m², in the chart and on the counter
    type Consumption = { data: { counter_uuid: string; per_m2: string | null }[] };
    const chartUrl = `/charts/consumption?settings_group_uuid=${c.settingsGroup}`;
    const perM2 = (body: Consumption) =>
      Object.fromEntries(body.data.map((r) => [r.counter_uuid === counters.hidden ? 'hidden' : 'shown', r.per_m2]));
    // (the chart sums the valid readings: 10 of the 100, the anomalous 90 is counted apart)
    expect(perM2(json<Consumption>(await c.client.get(chartUrl)))).toEqual({ shown: '0.0500', hidden: '0.0250' });
    expect(perM2(json<Consumption>(await m.client.get(chartUrl)))).toEqual({ shown: '0.0500', hidden: null });
    for (const [counter, admin, mine] of [
      [counters.hidden, '400.00', null],
      [counters.shown, '200.00', '200.00'],
    ] as const) {
      const url = `/counters/${counter}/consumption?period=month`;
      type Reply = { data: { readings: number }[]; meta: { energy_reference_area: string | null } };
      const theirs = json<Reply>(await c.client.get(url));
      const res = await m.client.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(hidden);
      expect(json<Reply>(res).meta.energy_reference_area).toBe(mine);
      expect(theirs.meta.energy_reference_area).toBe(admin);
      expect(json<Reply>(res).data.map((r) => r.readings)).toEqual(theirs.data.map((r) => r.readings));
    }
    // each tile counts what the member's list shows for its filter
    for (const tile of TILES) {
      const reply = json<{ value: number; model: string; filter: Record<string, unknown> }>(
        await m.client.get(`/dashboard/tiles/${tile}?settings_group_uuid=${c.settingsGroup}`),
      );
      const plural = {
        ticket: 'tickets',
        task_event: 'task-events',
        budget: 'budgets',
        measurement: 'measurements',
        contract: 'contracts',
        guarantee: 'guarantees',
        facility: 'facilities',
      }[reply.model]!;
      const list = json<{ meta: { total: number } }>(
        await m.client.get(`/${plural}?settings_group_uuid=${c.settingsGroup}&${filterQuery(reply.filter)}`),
      );
      expect(reply.value, tile).toBe(list.meta.total);
    }
  });

  it('answers a selection or filter naming it exactly as one naming a uuid that does not exist', async () => {
    const unknown = crypto.randomUUID();
    const same = async (url: (p: string) => string) => {
      const [mine, none] = [await m.client.get(url(hidden)), await m.client.get(url(unknown))];
      expect(mine.statusCode, url(hidden)).toBe(none.statusCode);
      expect(mine.body, url(hidden)).toBe(none.body);
      // the admin sees figures there: the fixture has records under the hidden property
      const admin = await c.client.get(url(hidden));
      expect(admin.statusCode, url(hidden)).toBe(200);
      expect(admin.body, url(hidden)).not.toBe((await c.client.get(url(unknown))).body);
      return json<unknown>(mine);
    };
    const selected = (p: string) => aggregates(`&property_uuids[]=${p}`);
    for (let i = 0; i < selected('').length; i++) await same((p) => selected(p)[i]!);
    for (const name of CHARTS)
      await same((p) => `/charts/${name}?settings_group_uuid=${c.settingsGroup}&filter[property_uuid][]=${p}`);
    for (const tile of TILES) {
      const reply = await same(
        (p) => `/dashboard/tiles/${tile}?settings_group_uuid=${c.settingsGroup}&property_uuids[]=${p}`,
      );
      expect((reply as { value: number }).value, tile).toBe(0);
    }
    // the lists the tiles link to answer alike
    for (const list of [
      'tickets',
      'task-events',
      'budgets',
      'measurements',
      'contracts',
      'guarantees',
      'counters',
      'facilities',
    ]) {
      await same((p) => `/${list}?settings_group_uuid=${c.settingsGroup}&property_uuids[]=${p}`);
      await same((p) => `/${list}?settings_group_uuid=${c.settingsGroup}&filter[property_uuid][]=${p}`);
    }
  });
});
