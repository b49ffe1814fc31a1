// Tasks through the API (docs/domain/calculations.md, "Task recurrence"): every repeat type materialises its events over 12 months on
// save; bad rules are a 422 that writes nothing; activate, deactivate, done, skip, the completion anchor, the daily
// job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, type TestEnv } from './harness';
import { addDays, createTask, diffDays, eventsOf, post, today, weekday, workspace, type Ws } from './planning-support';
import { materialiseAll } from '../../server/services/task-schedule.service';

let env: TestEnv;
let a: Ws;
let b: Ws;

beforeAll(async () => {
  env = await createTestEnv();
  a = await workspace(env);
  b = await workspace(env);
});
afterAll(() => env.close());

const dates = (events: Record<string, unknown>[]) => events.map((e) => String(e.due_date));
const horizonEnd = () => {
  const d = new Date(`${today()}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 12);
  return d.toISOString().slice(0, 10);
};

describe('repeat types', () => {
  it('singular: one event on the start date', async () => {
    const start = addDays(today(), 5);
    const t = await createTask(a, { repeat_type: 'singular', start_date: start });
    expect(dates(await eventsOf(a, t.uuid))).toEqual([start]);
  });

  it('daily every 2 days, within the 12-month horizon', async () => {
    const t = await createTask(a, { repeat_type: 'daily', interval: 2, start_date: today() });
    const d = dates(await eventsOf(a, t.uuid));
    expect(d[0]).toBe(today());
    expect(d.at(-1)! <= horizonEnd()).toBe(true);
    expect(d.length).toBeGreaterThanOrEqual(182);
    for (let i = 1; i < d.length; i++) expect(diffDays(d[i - 1]!, d[i]!)).toBe(2);
  });

  it('weekly on Mondays and Wednesdays', async () => {
    const t = await createTask(a, { repeat_type: 'weekly', by_weekday: 'MO,WE', start_date: today() });
    const d = dates(await eventsOf(a, t.uuid));
    expect(d.length).toBeGreaterThanOrEqual(102);
    expect(new Set(d.map(weekday))).toEqual(new Set([1, 3]));
  });

  it('monthly on the first Monday every 3 months (the issue example)', async () => {
    const t = await createTask(a, {
      repeat_type: 'monthly',
      interval: 3,
      month_mode: 'by_weekday_ordinal',
      weekday_ordinal: 1,
      by_weekday: 'MO',
      start_date: today(),
    });
    const d = dates(await eventsOf(a, t.uuid));
    expect(d.length).toBeGreaterThanOrEqual(4);
    expect(d.length).toBeLessThanOrEqual(5);
    for (const x of d) {
      expect(weekday(x)).toBe(1);
      expect(Number(x.slice(8))).toBeLessThanOrEqual(7);
    }
    const months = d.map((x) => Number(x.slice(0, 4)) * 12 + Number(x.slice(5, 7)));
    for (let i = 1; i < months.length; i++) expect(months[i]! - months[i - 1]!).toBe(3);
  });

  it('monthly on the last Friday, and on the 31st falling on month ends', async () => {
    const last = await createTask(a, {
      repeat_type: 'monthly',
      month_mode: 'by_weekday_ordinal',
      weekday_ordinal: -1,
      by_weekday: 'FR',
      start_date: today(),
    });
    for (const x of dates(await eventsOf(a, last.uuid))) {
      expect(weekday(x)).toBe(5);
      expect(addDays(x, 7).slice(5, 7)).not.toBe(x.slice(5, 7));
    }
    const ends = await createTask(a, { repeat_type: 'monthly', start_date: '2026-01-31' });
    for (const x of dates(await eventsOf(a, ends.uuid))) expect(addDays(x, 1).slice(8)).toBe('01');
  });

  it('yearly, every x weeks, and a custom RRULE', async () => {
    const y = await createTask(a, { repeat_type: 'yearly', start_date: addDays(today(), 10) });
    expect(dates(await eventsOf(a, y.uuid))).toEqual([addDays(today(), 10)]);
    const x = await createTask(a, { repeat_type: 'every_x_unit', interval: 2, unit: 'week', start_date: today() });
    const dx = dates(await eventsOf(a, x.uuid));
    for (let i = 1; i < dx.length; i++) expect(diffDays(dx[i - 1]!, dx[i]!)).toBe(14);
    const c = await createTask(a, {
      repeat_type: 'custom',
      rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=3',
      start_date: today(),
    });
    const dc = dates(await eventsOf(a, c.uuid));
    expect(dc).toHaveLength(3);
    for (const d of dc) expect(weekday(d)).toBe(2);
  });

  it('ends after n, until a date; skips weekends; offsets the due date', async () => {
    const n = await createTask(a, { repeat_type: 'daily', start_date: today(), end_type: 'count', occurrences: 4 });
    expect(await eventsOf(a, n.uuid)).toHaveLength(4);
    const u = await createTask(a, {
      repeat_type: 'daily',
      start_date: today(),
      end_type: 'until',
      end_date: addDays(today(), 9),
      skip_weekends: true,
    });
    const du = dates(await eventsOf(a, u.uuid));
    expect(du.every((d) => weekday(d) !== 0 && weekday(d) !== 6)).toBe(true);
    expect(du.at(-1)! <= addDays(today(), 9)).toBe(true);
    const o = await createTask(a, { repeat_type: 'singular', start_date: addDays(today(), 3), due_offset_days: 2 });
    const [ev] = await eventsOf(a, o.uuid);
    expect(ev!.due_date).toBe(addDays(today(), 5));
    expect(ev!.planned_date).toBe(addDays(today(), 3));
  });
});

describe('bad rules: 422 and nothing written', () => {
  const count = async () => json<{ meta: { total: number } }>(await a.client.get('/tasks?archived=all')).meta.total;

  it.each([
    ['a sub-daily RRULE', { repeat_type: 'custom', rrule: 'FREQ=HOURLY' }, 'rrule'],
    ['an RRULE that does not parse', { repeat_type: 'custom', rrule: 'FREQ=SOMETIMES' }, 'rrule'],
    [
      'an RRULE that never produces a date',
      { repeat_type: 'custom', rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' },
      'rrule',
    ],
    ['an end before the start', { repeat_type: 'daily', end_type: 'until', end_date: '2020-01-01' }, 'end_date'],
    ['an interval of 0', { repeat_type: 'daily', interval: 0 }, 'interval'],
    ['an unknown weekday', { repeat_type: 'weekly', by_weekday: 'MO,XX' }, 'by_weekday'],
  ])('%s', async (_name, body, field) => {
    const before = await count();
    const res = await post(a.client, '/tasks', {
      property_uuid: a.property,
      title: 'Bad',
      start_date: today(),
      ...body,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty(field);
    expect(await count()).toBe(before);
  });

  it('an RRULE that never ends is bounded by the 12-month horizon', async () => {
    const t = await createTask(a, { repeat_type: 'custom', rrule: 'FREQ=DAILY', start_date: today() });
    const d = await eventsOf(a, t.uuid);
    expect(d.length).toBeGreaterThanOrEqual(365);
    expect(d.length).toBeLessThanOrEqual(367);
  });
});

describe('actions', () => {
  it('deactivate deletes future open events, keeps done ones; activate brings them back', async () => {
    const t = await createTask(a, { repeat_type: 'weekly', start_date: today() });
    const [first] = await eventsOf(a, t.uuid);
    expect(first!.links.done).toBeDefined();
    expect((await post(a.client, `/task-events/${first!.uuid}/done`, { comment: 'Filter replaced' })).status).toBe(200);
    const off = await post(a.client, `/tasks/${t.uuid}/deactivate`);
    expect(off.body.data.status).toBe('inactive');
    expect(off.body.data.links.activate).toBeDefined();
    const left = await eventsOf(a, t.uuid);
    expect(left.map((e) => e.status)).toEqual(['done']);
    expect((await post(a.client, `/tasks/${t.uuid}/deactivate`)).status).toBe(422);
    await post(a.client, `/tasks/${t.uuid}/activate`);
    expect((await eventsOf(a, t.uuid, 'open')).length).toBeGreaterThanOrEqual(50);
  });

  it('done and skip: comment, last_executed_at, no second answer', async () => {
    const t = await createTask(a, { repeat_type: 'daily', start_date: today(), end_type: 'count', occurrences: 3 });
    const [e1, e2] = await eventsOf(a, t.uuid);
    const done = await post(a.client, `/task-events/${e1!.uuid}/done`, { comment: 'ok' });
    expect(done.body.data).toMatchObject({
      status: 'done',
      comment: 'ok',
      done_by: expect.stringMatching(/Test User/),
    });
    expect(done.body.data.links.done).toBeUndefined();
    const again = await post(a.client, `/task-events/${e1!.uuid}/skip`);
    expect(again.status).toBe(422);
    expect(again.body.errors).toHaveProperty('status');
    expect((await post(a.client, `/task-events/${e2!.uuid}/skip`, { comment: 'closed' })).body.data.status).toBe(
      'skipped',
    );
    const task = json<{ data: Record<string, unknown> }>(await a.client.get(`/tasks/${t.uuid}`)).data;
    expect(task.last_executed_at).toBe(today());
    expect((await post(a.client, `/task-events/${e1!.uuid}/done`, { comment: 5 })).status).toBe(422);
  });

  it('completion anchor: one open event; done plans the next one from the completion', async () => {
    const start = addDays(today(), -20);
    const t = await createTask(a, { repeat_type: 'daily', interval: 30, anchor: 'completion', start_date: start });
    const open = await eventsOf(a, t.uuid, 'open');
    expect(dates(open)).toEqual([start]);
    expect(open[0]!.overdue).toBe(true);
    await post(a.client, `/task-events/${open[0]!.uuid}/done`);
    expect(dates(await eventsOf(a, t.uuid, 'open'))).toEqual([addDays(today(), 30)]);
  });

  it('the daily job is idempotent and leaves the materialised events alone', async () => {
    const t = await createTask(a, { repeat_type: 'weekly', start_date: today() });
    const before = await eventsOf(a, t.uuid);
    await materialiseAll(env.database.db, today());
    const second = await materialiseAll(env.database.db, today());
    expect(second).toMatchObject({ added: 0, removed: 0 });
    expect((await eventsOf(a, t.uuid)).map((e) => e.uuid)).toEqual(before.map((e) => e.uuid));
  });

  it('archiving a task removes its future open events; restoring brings them back', async () => {
    const t = await createTask(a, { repeat_type: 'weekly', start_date: today() });
    await a.client.post(`/tasks/${t.uuid}/archive`);
    expect(await eventsOf(a, t.uuid)).toHaveLength(0);
    await a.client.post(`/tasks/${t.uuid}/restore`);
    expect((await eventsOf(a, t.uuid)).length).toBeGreaterThan(50);
  });
});

describe('workload and cost', () => {
  it('sums workload × events per month and property', async () => {
    const ws = await workspace(env);
    await createTask(ws, {
      repeat_type: 'weekly',
      by_weekday: 'MO',
      start_date: today(),
      workload: '1.5',
      cost_per_hour: '80.00',
    });
    const month = today().slice(0, 7);
    const res = json<{ data: { month: string; hours: string; cost: string; property_name: string }[] }>(
      await ws.client.get(`/tasks/workload?from=${month}&months=12`),
    ).data;
    expect(res.length).toBeGreaterThanOrEqual(12);
    const events = await eventsOf(
      ws,
      await ws.client.get('/tasks').then((r) => json<{ data: { uuid: string }[] }>(r).data[0]!.uuid),
    );
    const inMonth = events.filter((e) => String(e.due_date).startsWith(month)).length;
    const first = res.find((r) => r.month === month)!;
    expect(first.hours).toBe((inMonth * 1.5).toFixed(2));
    expect(first.cost).toBe((inMonth * 120).toFixed(2));
    expect(first.property_name).toBe('Seestrasse 1');
    expect((await ws.client.get('/tasks/workload?from=2026-13')).statusCode).toBe(422);
    const other = json<{ data: unknown[] }>(await b.client.get(`/tasks/workload?from=${month}`)).data;
    expect(other).toHaveLength(0);
  });
});

describe('access', () => {
  it('401 without a session, 404 across workspaces', async () => {
    const t = await createTask(a, { repeat_type: 'weekly', start_date: today() });
    const [e] = await eventsOf(a, t.uuid);
    const anon = new Client(env.app);
    await anon.csrf();
    for (const url of [
      `/tasks/${t.uuid}/activate`,
      `/tasks/${t.uuid}/deactivate`,
      `/task-events/${e!.uuid}/done`,
      `/task-events/${e!.uuid}/skip`,
      `/task-events/${e!.uuid}/reschedule`,
    ])
      expect((await anon.post(url, {})).statusCode).toBe(401);
    expect((await anon.get('/tasks/workload?from=2026-01')).statusCode).toBe(401);
    expect((await b.client.post(`/tasks/${t.uuid}/deactivate`)).statusCode).toBe(404);
    expect((await b.client.post(`/task-events/${e!.uuid}/done`)).statusCode).toBe(404);
    expect(
      (await b.client.post(`/task-events/${e!.uuid}/reschedule`, { due_date: today(), scope: 'this' })).statusCode,
    ).toBe(404);
  });
});
