// The task events grid as the home tile and the staffing chart open it (docs/analytics-api.md; docs/decisions.md,
// "The task events grid"): the list query the client builds from a link (views/records/url-filter.ts, with the
// staffing bar's filter of views/charts/chart-data.ts) lists exactly what the tile counts and what the chart's bar
// sums, for the whole settings group and for one property, never another workspace's events.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/crud/table';
import type { ListQuery } from '../../src/api/records';
import { markLink } from '../../views/charts/chart-data';
import { linkFilterQuery } from '../../views/records/url-filter';
import { createTestEnv, json, type Client, type TestEnv } from './harness';
import { addDays, post, today, workspace, type Rec, type Ws } from './planning-support';

let env: TestEnv;
let a: Ws;
let b: Ws;
let beta: string;
/** uuid of each event inserted, by its name in the fixture. */
const ev: Record<string, string> = {};

const month = today().slice(0, 7);
const firstOfMonth = `${month}-01`;
const lastOfMonth = addDays(`${addDays(firstOfMonth, 40).slice(0, 7)}-01`, -1);

/** The list query in the URL form the browser sends (src/api/http.ts: arrays as `key[]=`). */
function urlOf(query: ListQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, String(item));
    else if (value !== undefined && value !== null) params.append(key, String(value));
  }
  return params.toString();
}

/** The task events the grid lists when opened with this link filter (`?filter=<json>`), and their total. */
async function gridList(c: Client, ws: Ws, filter: Record<string, unknown>, extra = '') {
  const query = linkFilterQuery(JSON.stringify(filter));
  expect(query).not.toBeNull();
  const res = await c.get(`/task-events?settings_group_uuid=${ws.settingsGroup}&per_page=200&${urlOf(query!)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = json<{ data: Rec[]; meta: { total: number } }>(res);
  return { uuids: body.data.map((r) => r.uuid).sort(), total: body.meta.total, rows: body.data };
}

const uuidsOf = (...names: string[]) => names.map((n) => ev[n]!).sort();

async function task(ws: Ws, property: string, title: string, workload: string, costPerHour: string) {
  const res = await post(ws.client, '/tasks', {
    property_uuid: property,
    title,
    start_date: '2025-01-10',
    workload,
    cost_per_hour: costPerHour,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const uuid = res.body.data.uuid;
  await env.database.db.execute(sql`delete from task_events where task_uuid = ${uuid}`);
  return uuid;
}

async function event(ws: Ws, name: string, property: string, taskUuid: string, due: string, status: string) {
  const [row] = rowsOf<{ uuid: string }>(
    await env.database.db.execute(sql`insert into task_events
      (uuid, settings_group_uuid, property_uuid, task_uuid, due_date, status)
      values (gen_random_uuid(), ${ws.settingsGroup}, ${property}, ${taskUuid}, ${due}, ${status}) returning uuid`),
  );
  ev[name] = row!.uuid;
}

beforeAll(async () => {
  env = await createTestEnv();
  a = await workspace(env);
  b = await workspace(env);
  beta = (await post(a.client, '/properties', { settings_group_uuid: a.settingsGroup, name: 'Beta' })).body.data.uuid;
  // Kontrolle: 2 hours at 50 on the first property; Reinigung: 3 hours at 40 on Beta
  const k = await task(a, a.property, 'Kontrolle', '2', '50.00');
  const r = await task(a, beta, 'Reinigung', '3', '40.00');
  // this month: open on its first and last day and today, one done, one skipped; open the months around it
  await event(a, 'first', a.property, k, firstOfMonth, 'open');
  await event(a, 'today', beta, r, today(), 'open');
  await event(a, 'last', a.property, k, lastOfMonth, 'open');
  await event(a, 'doneNow', a.property, k, today(), 'done');
  await event(a, 'skippedNow', beta, r, today(), 'skipped');
  await event(a, 'before', a.property, k, addDays(firstOfMonth, -1), 'open');
  await event(a, 'after', beta, r, addDays(lastOfMonth, 1), 'open');
  // March 2025: open and done on both properties, one skipped
  await event(a, 'm1', a.property, k, '2025-03-01', 'open');
  await event(a, 'm2', a.property, k, '2025-03-31', 'done');
  await event(a, 'm3', beta, r, '2025-03-15', 'open');
  await event(a, 'm4', beta, r, '2025-03-16', 'skipped');
  // the other workspace: an open event this month and one in March 2025
  const other = await task(b, b.property, 'Fremd', '7', '10.00');
  await event(b, 'foreign', b.property, other, today(), 'open');
  await event(b, 'foreignMarch', b.property, other, '2025-03-10', 'open');
});
afterAll(() => env.close());

describe('the tasks due this month tile', () => {
  const tileOf = async (extra = '') => {
    const res = await a.client.get(
      `/dashboard/tiles/tasks_due_this_month?settings_group_uuid=${a.settingsGroup}${extra}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return json<{ value: number; model: string; filter: Record<string, unknown> }>(res);
  };

  it('counts the open events due this month, as many as its grid lists', async () => {
    const tile = await tileOf();
    expect(tile.model).toBe('task_event');
    expect(tile.value).toBe(3);
    const list = await gridList(a.client, a, tile.filter);
    expect(list.total).toBe(tile.value);
    expect(list.uuids).toEqual(uuidsOf('first', 'today', 'last'));
  });

  it('agrees with its grid for one property', async () => {
    const extra = `&property_uuids[]=${beta}`;
    const tile = await tileOf(extra);
    expect(tile.value).toBe(1);
    const list = await gridList(a.client, a, tile.filter, extra);
    expect(list.total).toBe(tile.value);
    expect(list.uuids).toEqual(uuidsOf('today'));
  });
});

describe('a staffing bar', () => {
  const chart = async (from: string, to: string, extra = '') => {
    const res = await a.client.get(
      `/charts/staffing?settings_group_uuid=${a.settingsGroup}&from=${from}&to=${to}${extra}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return json<{
      data: { month: string; hours: string; cost: string; filters: Record<string, Record<string, unknown>> }[];
    }>(res).data;
  };
  /** Σ workload and Σ workload × cost per hour of the listed events' tasks. */
  async function sums(rows: Rec[]) {
    let hours = 0;
    let cost = 0;
    for (const row of rows) {
      const t = json<{ data: Rec }>(await a.client.get(`/tasks/${row.task_uuid as string}`)).data;
      hours += Number(t.workload);
      cost += Number(t.workload) * Number(t.cost_per_hour);
    }
    return { hours: hours.toFixed(2), cost: cost.toFixed(2) };
  }

  it("opens the month's events the chart sums: open and done, not skipped", async () => {
    const [bar] = await chart('2025-03-01', '2025-03-31');
    expect(bar).toMatchObject({ month: '2025-03', hours: '7.00', cost: '320.00' });
    const list = await gridList(a.client, a, markLink('task_event', bar!, 'hours')!.filter);
    expect(list.uuids).toEqual(uuidsOf('m1', 'm2', 'm3'));
    expect(await sums(list.rows)).toEqual({ hours: bar!.hours, cost: bar!.cost });
  });

  it('agrees for this month and for one property', async () => {
    const bars = await chart(firstOfMonth, lastOfMonth);
    const list = await gridList(a.client, a, markLink('task_event', bars[0]!, 'hours')!.filter);
    expect(list.uuids).toEqual(uuidsOf('first', 'today', 'last', 'doneNow'));
    expect(await sums(list.rows)).toEqual({ hours: bars[0]!.hours, cost: bars[0]!.cost });
    const extra = `&property_uuids[]=${beta}`;
    const [bar] = await chart('2025-03-01', '2025-03-31', extra);
    const one = await gridList(a.client, a, markLink('task_event', bar!, 'hours')!.filter, extra);
    expect(one.uuids).toEqual(uuidsOf('m3'));
    expect(await sums(one.rows)).toEqual({ hours: bar!.hours, cost: bar!.cost });
  });
});
