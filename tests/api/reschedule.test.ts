// Rescheduling occurrences of a series (docs/planning-api.md, "Actions"): this one (kept when the series is
// re-materialised), this and the following (the series splits), all (the series shifts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, json, type TestEnv } from './harness';
import { addDays, createTask, eventsOf, post, today, workspace, type Ws } from './planning-support';

let env: TestEnv;
let a: Ws;

beforeAll(async () => {
  env = await createTestEnv();
  a = await workspace(env);
});
afterAll(() => env.close());

const weekly = () =>
  createTask(a, { repeat_type: 'weekly', start_date: addDays(today(), 1), end_type: 'count', occurrences: 6 });
const due = (e: Record<string, unknown>) => String(e.due_date);

describe('reschedule', () => {
  it('this: moves one occurrence, which survives re-materialisation', async () => {
    const t = await weekly();
    const [, second] = await eventsOf(a, t.uuid);
    const target = addDays(due(second!), 2);
    const res = await post(a.client, `/task-events/${second!.uuid}/reschedule`, { due_date: target, scope: 'this' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ due_date: target, moved: true });
    // a change of the rule re-materialises the series; the moved occurrence stays where it was put
    expect((await a.client.patch(`/tasks/${t.uuid}`, { title: 'Filter change (new)', lead_days: 3 })).statusCode).toBe(
      200,
    );
    expect((await a.client.patch(`/tasks/${t.uuid}`, { skip_weekends: true })).statusCode).toBe(200);
    const after = await eventsOf(a, t.uuid);
    expect(after.find((e) => e.uuid === second!.uuid)).toMatchObject({ due_date: target, moved: true });
    expect(after.filter((e) => e.planned_date === second!.planned_date)).toHaveLength(1);
  });

  it('all: the whole series shifts by the same number of days', async () => {
    const t = await weekly();
    const before = await eventsOf(a, t.uuid);
    const res = await post(a.client, `/task-events/${before[2]!.uuid}/reschedule`, {
      due_date: addDays(due(before[2]!), 1),
      scope: 'all',
    });
    expect(res.status).toBe(200);
    const after = await eventsOf(a, t.uuid);
    expect(after.map(due)).toEqual(before.map((e) => addDays(due(e), 1)));
    const task = json<{ data: Record<string, unknown> }>(await a.client.get(`/tasks/${t.uuid}`)).data;
    expect(task.start_date).toBe(addDays(today(), 2));
  });

  it('all on a weekday rule: the weekdays turn with the drag, every event keeps its uuid', async () => {
    const t = await createTask(a, {
      repeat_type: 'weekly',
      by_weekday: 'MO,TH',
      start_date: addDays(today(), 1),
      end_type: 'count',
      occurrences: 6,
    });
    const before = await eventsOf(a, t.uuid);
    const res = await post(a.client, `/task-events/${before[1]!.uuid}/reschedule`, {
      due_date: addDays(due(before[1]!), 1),
      scope: 'all',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.due_date).toBe(addDays(due(before[1]!), 1));
    const after = await eventsOf(a, t.uuid);
    expect(after.map((e) => e.uuid)).toEqual(before.map((e) => e.uuid));
    expect(after.map(due)).toEqual(before.map((e) => addDays(due(e), 1)));
    const task = json<{ data: Record<string, unknown> }>(await a.client.get(`/tasks/${t.uuid}`)).data;
    expect(task.by_weekday).toBe('TU,FR');
    // undo: the same action back
    const back = await post(a.client, `/task-events/${before[1]!.uuid}/reschedule`, {
      due_date: due(before[1]!),
      scope: 'all',
    });
    expect(back.status).toBe(200);
    const undone = await eventsOf(a, t.uuid);
    expect(undone.map((e) => [e.uuid, e.due_date])).toEqual(before.map((e) => [e.uuid, e.due_date]));
    expect(json<{ data: Record<string, unknown> }>(await a.client.get(`/tasks/${t.uuid}`)).data.by_weekday).toBe(
      'MO,TH',
    );
  });

  it('all on a rule a shift cannot follow: the dragged event stays where it was dropped', async () => {
    const t = await createTask(a, { repeat_type: 'custom', rrule: 'FREQ=MONTHLY;BYDAY=1MO', start_date: today() });
    const [first] = await eventsOf(a, t.uuid);
    const target = addDays(due(first!), 2);
    const res = await post(a.client, `/task-events/${first!.uuid}/reschedule`, { due_date: target, scope: 'all' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ uuid: first!.uuid, due_date: target, moved: true });
  });

  it('following: the series ends before the occurrence and a new one starts on the new date', async () => {
    const t = await weekly();
    const before = await eventsOf(a, t.uuid);
    const target = addDays(due(before[3]!), 3);
    const res = await post(a.client, `/task-events/${before[3]!.uuid}/reschedule`, {
      due_date: target,
      scope: 'following',
    });
    expect(res.status).toBe(200);
    const next = String(res.body.meta!.task_uuid);
    expect((await eventsOf(a, t.uuid)).map(due)).toEqual(before.slice(0, 3).map(due));
    const moved = await eventsOf(a, next);
    expect(moved.map(due)).toEqual(before.slice(3).map((e) => addDays(due(e), 3)));
    const old = json<{ data: Record<string, unknown> }>(await a.client.get(`/tasks/${t.uuid}`)).data;
    expect(old).toMatchObject({ end_type: 'until', end_date: addDays(due(before[3]!), -1) });
    const copy = json<{ data: Record<string, unknown> }>(await a.client.get(`/tasks/${next}`)).data;
    expect(copy).toMatchObject({ title: 'Filter change', start_date: target, end_type: 'count', occurrences: 3 });
  });

  it('rejoin undoes a split: the series takes its events back (same uuids), the new one goes; redo works again', async () => {
    const t = await weekly();
    const before = await eventsOf(a, t.uuid);
    const original = json<{ data: Record<string, unknown> }>(await a.client.get(`/tasks/${t.uuid}`)).data;
    const moved = before[3]!;
    const split = async () => {
      const res = await post(a.client, `/task-events/${moved.uuid}/reschedule`, {
        due_date: addDays(due(moved), 3),
        scope: 'following',
      });
      expect(res.status).toBe(200);
      return String(res.body.meta!.task_uuid);
    };
    const copy = await split();
    const copyRecord = json<{ data: { split_from_uuid: string; links: Record<string, string> } }>(
      await a.client.get(`/tasks/${copy}`),
    ).data;
    expect(copyRecord.split_from_uuid).toBe(t.uuid);
    expect(copyRecord.links.rejoin).toBe(`/api/v1/tasks/${copy}/rejoin`);
    expect(
      json<{ data: { links: Record<string, string> } }>(await a.client.get(`/tasks/${t.uuid}`)).data.links,
    ).not.toHaveProperty('rejoin');

    const res = await post(a.client, `/tasks/${copy}/rejoin`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      uuid: t.uuid,
      end_type: original.end_type,
      end_date: original.end_date,
      occurrences: original.occurrences,
    });
    const after = await eventsOf(a, t.uuid);
    expect(after.map((e) => [e.uuid, due(e)])).toEqual(before.map((e) => [e.uuid, due(e)]));
    expect((await a.client.get(`/tasks/${copy}`)).statusCode).toBe(404);
    // redo: the same event splits the series again
    const again = await split();
    expect(again).not.toBe(copy);
    expect((await eventsOf(a, again)).map((e) => e.uuid)).toContain(moved.uuid);
  });

  it('rejoin is refused for a series that was not split off, or once the new series was worked on', async () => {
    const t = await weekly();
    expect((await post(a.client, `/tasks/${t.uuid}/rejoin`)).status).toBe(422);
    const before = await eventsOf(a, t.uuid);
    const res = await post(a.client, `/task-events/${before[2]!.uuid}/reschedule`, {
      due_date: addDays(due(before[2]!), 1),
      scope: 'following',
    });
    const copy = String(res.body.meta!.task_uuid);
    const [first] = await eventsOf(a, copy);
    await post(a.client, `/task-events/${first!.uuid}/done`);
    expect((await post(a.client, `/tasks/${copy}/rejoin`)).status).toBe(409);
    expect((await a.client.get(`/tasks/${copy}`)).statusCode).toBe(200);
    const stranger = await workspace(env);
    expect((await post(stranger.client, `/tasks/${copy}/rejoin`)).status).toBe(404);
  });

  it('refuses a done occurrence, a bad scope or date, and writes nothing', async () => {
    const t = await weekly();
    const [first, second] = await eventsOf(a, t.uuid);
    await post(a.client, `/task-events/${first!.uuid}/done`);
    const done = await post(a.client, `/task-events/${first!.uuid}/reschedule`, { due_date: today(), scope: 'this' });
    expect(done.status).toBe(422);
    expect(done.body.errors).toHaveProperty('status');
    const bad = await post(a.client, `/task-events/${second!.uuid}/reschedule`, {
      due_date: '2026-02-30',
      scope: 'some',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors!).sort()).toEqual(['due_date', 'scope']);
    expect((await eventsOf(a, t.uuid)).find((e) => e.uuid === second!.uuid)!.due_date).toBe(second!.due_date);
  });
});

describe('events written by hand', () => {
  it('a PATCHed due date and an extra event survive re-materialisation', async () => {
    const t = await weekly();
    const [first] = await eventsOf(a, t.uuid);
    const target = addDays(due(first!), 1);
    const patched = await a.client.patch(`/task-events/${first!.uuid}`, { due_date: target });
    expect(json<{ data: Record<string, unknown> }>(patched).data).toMatchObject({ due_date: target, moved: true });
    const extra = await post(a.client, '/task-events', {
      property_uuid: a.property,
      task_uuid: t.uuid,
      due_date: addDays(today(), 4),
    });
    expect(extra.status).toBe(201);
    expect(
      await a.client.patch(`/tasks/${t.uuid}`, { lead_days: 2, skip_weekends: true }).then((r) => r.statusCode),
    ).toBe(200);
    const after = await eventsOf(a, t.uuid);
    expect(after.find((e) => e.uuid === first!.uuid)!.due_date).toBe(target);
    expect(after.find((e) => e.uuid === extra.body.data.uuid)!.due_date).toBe(addDays(today(), 4));
  });
});
