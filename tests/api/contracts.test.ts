// Contracts through the API (docs/domain/calculations.md, "Contract deadlines"): dates derived and stored on write, cancel (a late
// date needs confirming) and extend (history kept) offered as links only when allowed, the daily auto-extension and
// end, the linked facilities, tasks tied to a contract and the archive cascade; 401, 403 and another workspace's 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Client, createTestEnv, json, signedIn, type TestEnv } from './harness';
import { addDays, createTask, post, today, workspace, type Rec, type Ws } from './planning-support';
import { autoExtendContracts, endContracts } from '../../server/services/contract-actions.service';
import { jobs } from '../../server/jobs/jobs';
import { runJobIfDue } from '../../server/jobs/scheduler';
import { settingsGroupMembers } from '../../server/db/schema';

let env: TestEnv;
let a: Ws;
let b: Ws;

beforeAll(async () => {
  env = await createTestEnv();
  a = await workspace(env);
  b = await workspace(env);
});
afterAll(() => env.close());

async function createContract(ws: Ws, body: Record<string, unknown> = {}) {
  const res = await post(ws.client, '/contracts', { property_uuid: ws.property, title: 'Lift maintenance', ...body });
  if (res.status !== 201) throw new Error(`contract: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const get = async (ws: Ws, path: string) => json<{ data: Rec }>(await ws.client.get(path)).data;

describe('dates stored on write', () => {
  it('derives the end date and the latest cancellation date, and keeps them in step with later edits', async () => {
    const c = await createContract(a, {
      contract_start_date: '2025-01-01',
      contract_duration: 24,
      notice_period: 3,
      amount: '1250.50',
      currency: 'CHF',
      payment_interval: 'quarterly',
      contract_type: 'maintenance',
    });
    expect(c).toMatchObject({
      contract_end_date: '2027-01-01',
      latest_cancellation_date: '2026-10-01',
      status: 'active',
      amount: '1250.50',
    });
    // a notice period landing on a weekend rolls back to Friday: 2027-01-01 − 2 months = 2026-11-01 (Sunday)
    let res = await a.client.patch(`/contracts/${c.uuid}`, { notice_period: 2 });
    expect(json<{ data: Rec }>(res).data.latest_cancellation_date).toBe('2026-10-30');
    // a given end date wins; the duration follows it (whole months) and the deadline too
    res = await a.client.patch(`/contracts/${c.uuid}`, { contract_end_date: '2026-05-31' });
    expect(json<{ data: Rec }>(res).data).toMatchObject({
      contract_end_date: '2026-05-31',
      contract_duration: null,
      latest_cancellation_date: '2026-03-31',
    });
    // the month-end clamp: 2026-05-31 − 3 months = 2026-02-28, a Saturday → Friday
    res = await a.client.patch(`/contracts/${c.uuid}`, { notice_period: 3 });
    expect(json<{ data: Rec }>(res).data.latest_cancellation_date).toBe('2026-02-27');
    // sortable and filterable like any stored date
    const listed = json<{ data: Rec[] }>(
      await a.client.get(
        `/contracts?filter[latest_cancellation_date][from]=2026-02-27&filter[latest_cancellation_date][to]=2026-02-27&sort_by=latest_cancellation_date`,
      ),
    ).data;
    expect(listed.map((r) => r.uuid)).toEqual([c.uuid]);
  });

  it('refuses an end before the start and writes to the computed and state fields', async () => {
    let res = await a.client.post('/contracts', {
      property_uuid: a.property,
      title: 'Backwards',
      contract_start_date: '2025-06-01',
      contract_end_date: '2025-05-31',
    });
    expect(res.statusCode).toBe(422);
    expect(json(res).errors).toHaveProperty('contract_end_date');
    const c = await createContract(a);
    for (const field of ['status', 'latest_cancellation_date', 'cancellation_date']) {
      res = await a.client.patch(`/contracts/${c.uuid}`, { [field]: field === 'status' ? 'ended' : '2025-01-01' });
      expect(res.statusCode, field).toBe(422);
      expect(json(res).errors, field).toHaveProperty(field);
    }
    res = await a.client.patch(`/contracts/${c.uuid}`, { contract_type: 'rental' });
    expect(json(res).errors).toHaveProperty('contract_type');
  });
});

describe('cancel', () => {
  it('cancels on or before the latest cancellation date; links follow the state', async () => {
    const c = await createContract(a, { contract_end_date: addDays(today(), 200), notice_period: 3 });
    expect(Object.keys(c.links).sort()).toEqual(
      ['archive', 'cancel', 'delete', 'extend', 'facilities', 'related_tasks', 'self', 'update'].sort(),
    );
    const res = await post(a.client, `/contracts/${c.uuid}/cancel`, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled', cancellation_date: today() });
    expect(res.body.data.links.cancel).toBeUndefined();
    expect(res.body.data.links.extend).toBeUndefined();
    const again = await post(a.client, `/contracts/${c.uuid}/cancel`, {});
    expect(again.status).toBe(422);
    expect(again.body.errors).toHaveProperty('status');
    expect((await post(a.client, `/contracts/${c.uuid}/extend`, { extension_period: 12 })).status).toBe(422);
  });

  it('asks to confirm a cancellation after the latest cancellation date', async () => {
    const c = await createContract(a, { contract_end_date: '2026-12-31', notice_period: 3 });
    expect(c.latest_cancellation_date).toBe('2026-09-30');
    const late = await post(a.client, `/contracts/${c.uuid}/cancel`, { cancellation_date: '2026-10-15' });
    expect(late.status).toBe(422);
    expect(late.body.errors!.cancellation_date).toEqual([
      'The cancellation date 2026-10-15 is after the latest cancellation date 2026-09-30. Confirm to cancel anyway.',
    ]);
    expect((await get(a, `/contracts/${c.uuid}`)).status).toBe('active');
    const confirmed = await post(a.client, `/contracts/${c.uuid}/cancel`, {
      cancellation_date: '2026-10-15',
      confirmed: true,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ status: 'cancelled', cancellation_date: '2026-10-15' });
    const onTime = await createContract(a, { contract_end_date: '2026-12-31', notice_period: 3 });
    const ok = await post(a.client, `/contracts/${onTime.uuid}/cancel`, { cancellation_date: '2026-09-30' });
    expect(ok.status).toBe(200);
    expect((await post(a.client, `/contracts/${onTime.uuid}/cancel`, { cancel: true })).status).toBe(422);
  });
});

describe('extend', () => {
  it('adds the extension period to the end date, keeps the history and may run again', async () => {
    const c = await createContract(a, {
      contract_start_date: '2024-01-01',
      contract_duration: 36,
      notice_period: 3,
      extension_period: 12,
    });
    expect(c.contract_end_date).toBe('2027-01-01');
    let res = await post(a.client, `/contracts/${c.uuid}/extend`, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'extended',
      contract_end_date: '2028-01-01',
      contract_duration: 48,
      latest_cancellation_date: '2027-10-01',
    });
    expect(res.body.data.links.extend).toBeDefined();
    expect(res.body.data.links.cancel).toBeDefined();
    res = await post(a.client, `/contracts/${c.uuid}/extend`, { extension_period: 6 });
    expect(res.body.data.contract_end_date).toBe('2028-07-01');
    const history = json<{ data: Record<string, unknown>[] }>(await a.client.get(`/contracts/${c.uuid}/extensions`));
    expect(history.data.map((h) => [h.previous_end_date, h.new_end_date, h.months, h.automatic])).toEqual([
      ['2027-01-01', '2028-01-01', 12, false],
      ['2028-01-01', '2028-07-01', 6, false],
    ]);
    expect(history.data[0]!.created_by).toMatch(/Test User/);
  });

  it('needs an extension period and an end date', async () => {
    const noPeriod = await createContract(a, { contract_end_date: '2027-03-31' });
    const res = await post(a.client, `/contracts/${noPeriod.uuid}/extend`, {});
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('extension_period');
    const noEnd = await createContract(a, { extension_period: 12 });
    expect(noEnd.links.extend).toBeUndefined();
    const refused = await post(a.client, `/contracts/${noEnd.uuid}/extend`, {});
    expect(refused.body.errors).toHaveProperty('contract_end_date');
    expect((await post(a.client, `/contracts/${noEnd.uuid}/extend`, { extension_period: 0 })).status).toBe(422);
  });
});

describe('daily job: auto-extension and end', () => {
  it('extends auto-extending contracts past their deadline and ends the others past their end date', async () => {
    const auto = await createContract(a, {
      title: 'Auto',
      contract_end_date: '2026-12-31',
      notice_period: 3,
      auto_extend: true,
      extension_period: 12,
    });
    const plain = await createContract(a, { title: 'Plain', contract_end_date: '2026-12-31', notice_period: 3 });
    const cancelled = await createContract(a, { title: 'Cancelled', contract_end_date: '2026-12-31' });
    await post(a.client, `/contracts/${cancelled.uuid}/cancel`, { cancellation_date: '2026-06-01' });
    const db = env.database.db;

    // the day after the deadline: auto is extended, the others are left alone
    expect(await autoExtendContracts(db, '2026-10-01')).toBeGreaterThanOrEqual(1);
    expect(await get(a, `/contracts/${auto.uuid}`)).toMatchObject({
      status: 'extended',
      contract_end_date: '2027-12-31',
      latest_cancellation_date: '2027-09-30',
    });
    expect(await autoExtendContracts(db, '2026-10-01')).toBe(0); // idempotent
    expect((await get(a, `/contracts/${plain.uuid}`)).status).toBe('active');

    // after the end date: plain ends, the extended one runs on, the cancelled one stays cancelled
    expect(await endContracts(db, '2027-01-01')).toBeGreaterThanOrEqual(1);
    expect((await get(a, `/contracts/${plain.uuid}`)).status).toBe('ended');
    expect((await get(a, `/contracts/${auto.uuid}`)).status).toBe('extended');
    expect((await get(a, `/contracts/${cancelled.uuid}`)).status).toBe('cancelled');
    const ended = await get(a, `/contracts/${plain.uuid}`);
    expect(ended.links.cancel).toBeUndefined();
    expect(ended.links.extend).toBeUndefined();

    // years unattended: every missed period is caught up, each in the history
    expect(await autoExtendContracts(db, '2029-10-01')).toBeGreaterThanOrEqual(1);
    expect((await get(a, `/contracts/${auto.uuid}`)).contract_end_date).toBe('2030-12-31');
    const history = json<{ data: Record<string, unknown>[] }>(
      await a.client.get(`/contracts/${auto.uuid}/extensions`),
    ).data;
    expect(history.map((h) => h.new_end_date)).toEqual(['2027-12-31', '2028-12-31', '2029-12-31', '2030-12-31']);
    expect(history.every((h) => h.automatic === true && h.created_by === null)).toBe(true);
  });

  it('runs as the scheduled job contract-deadlines', async () => {
    const job = jobs.find((j) => j.name === 'contract-deadlines')!;
    expect(await runJobIfDue(env.app.ctx, job, jobs.indexOf(job))).toBe(true);
    expect(await runJobIfDue(env.app.ctx, job, jobs.indexOf(job))).toBe(false);
  });
});

describe('linked facilities', () => {
  it('links facilities of the same property, listed from both sides', async () => {
    const c = await createContract(a);
    const lift = (await post(a.client, '/facilities', { property_uuid: a.property, name: 'Lift' })).body.data;
    const pump = (await post(a.client, '/facilities', { property_uuid: a.property, name: 'Pump' })).body.data;
    const elsewhere = (await post(a.client, '/properties', { settings_group_uuid: a.settingsGroup, name: 'Other' }))
      .body.data;
    const far = (await post(a.client, '/facilities', { property_uuid: elsewhere.uuid, name: 'Far' })).body.data;
    let res = await a.client.put(`/contracts/${c.uuid}/facilities`, { facility_uuids: [pump.uuid, lift.uuid] });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: Rec[] }>(res).data.map((f) => f.name)).toEqual(['Lift', 'Pump']);
    res = await a.client.put(`/contracts/${c.uuid}/facilities`, { facility_uuids: [lift.uuid, far.uuid] });
    expect(res.statusCode).toBe(422);
    expect(json(res).errors).toHaveProperty('facility_uuids');
    res = await a.client.put(`/contracts/${c.uuid}/facilities`, { facility_uuids: [lift.uuid] });
    expect(json<{ data: Rec[] }>(res).data.map((f) => f.name)).toEqual(['Lift']);
    const ofLift = json<{ data: Rec[] }>(await a.client.get(`/facilities/${lift.uuid}/contracts`)).data;
    expect(ofLift.map((x) => x.uuid)).toEqual([c.uuid]);
    expect(json<{ data: Rec[] }>(await a.client.get(`/facilities/${pump.uuid}/contracts`)).data).toEqual([]);
    expect((await b.client.get(`/contracts/${c.uuid}/facilities`)).statusCode).toBe(404);
    expect((await b.client.put(`/contracts/${c.uuid}/facilities`, { facility_uuids: [] })).statusCode).toBe(404);
    // a foreign facility is refused like a missing one
    const foreign = (await post(b.client, '/facilities', { property_uuid: b.property, name: 'Theirs' })).body.data;
    res = await a.client.put(`/contracts/${c.uuid}/facilities`, { facility_uuids: [foreign.uuid] });
    expect(res.statusCode).toBe(422);
  });
});

describe('tasks tied to a contract, and the archive cascade', () => {
  it('takes a contract of the same property on a task', async () => {
    const c = await createContract(a);
    const task = await createTask(a, {
      title: 'Lift check',
      contract_uuid: c.uuid,
      repeat_type: 'monthly',
      start_date: today(),
    });
    expect(task.contract_uuid).toBe(c.uuid);
    const elsewhere = (await post(a.client, '/properties', { settings_group_uuid: a.settingsGroup, name: 'Else' })).body
      .data;
    const other = await post(a.client, '/tasks', {
      property_uuid: elsewhere.uuid,
      title: 'Wrong property',
      start_date: today(),
      contract_uuid: c.uuid,
    });
    expect(other.status).toBe(422);
    expect(other.body.errors).toHaveProperty('contract_uuid');
    const filtered = json<{ data: Rec[] }>(await a.client.get(`/tasks?filter[contract_uuid]=${c.uuid}`)).data;
    expect(filtered.map((t) => t.uuid)).toEqual([task.uuid]);
  });

  it('lists the related tasks and archives the chosen ones with the contract, all or nothing', async () => {
    const c = await createContract(a, { title: 'Cleaning' });
    const t1 = await createTask(a, {
      title: 'Stairs',
      contract_uuid: c.uuid,
      repeat_type: 'weekly',
      by_weekday: 'MO',
      start_date: today(),
    });
    const t2 = await createTask(a, {
      title: 'Windows',
      contract_uuid: c.uuid,
      repeat_type: 'monthly',
      start_date: today(),
    });
    const t3 = await createTask(a, {
      title: 'Garage',
      contract_uuid: c.uuid,
      repeat_type: 'yearly',
      start_date: today(),
    });
    await post(a.client, `/tasks/${t3.uuid}/deactivate`);
    const unrelated = await createTask(a, { title: 'Roof', repeat_type: 'monthly', start_date: today() });

    const related = json<{ data: Rec[] }>(await a.client.get(`/contracts/${c.uuid}/related-tasks`)).data;
    expect(related.map((t) => t.title)).toEqual(['Garage', 'Stairs', 'Windows']);
    expect(c.links.related_tasks).toBe(`/api/v1/contracts/${c.uuid}/related-tasks`);

    const bad = await post(a.client, `/contracts/${c.uuid}/archive`, { task_uuids: [t1.uuid, unrelated.uuid] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('task_uuids');
    expect((await get(a, `/contracts/${c.uuid}`)).archived_at).toBeNull();
    expect((await get(a, `/tasks/${t1.uuid}`)).archived_at).toBeNull();

    const res = await post(a.client, `/contracts/${c.uuid}/archive`, { task_uuids: [t1.uuid, t3.uuid] });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ affected: 1, tasks_archived: 2 });
    expect(res.body.data.archived_at).not.toBeNull();
    expect(res.body.data.links.restore).toBeDefined();
    expect((await get(a, `/tasks/${t1.uuid}`)).archived_at).not.toBeNull();
    expect((await get(a, `/tasks/${t3.uuid}`)).archived_at).not.toBeNull();
    expect((await get(a, `/tasks/${t2.uuid}`)).archived_at).toBeNull();
    // the archived task's future open events are gone, as with any task archive
    const open = json<{ data: Rec[] }>(
      await a.client.get(
        `/task-events?filter[task_uuid]=${t1.uuid}&filter[status]=open&filter[due_date][from]=${today()}`,
      ),
    ).data;
    expect(open).toEqual([]);
    // an archived contract is read-only, offers no transitions, and restores alone
    expect((await post(a.client, `/contracts/${c.uuid}/cancel`)).status).toBe(409);
    const restored = await post(a.client, `/contracts/${c.uuid}/restore`);
    expect(restored.body.meta).toEqual({ affected: 1 });
    expect((await get(a, `/tasks/${t1.uuid}`)).archived_at).not.toBeNull();
    // without a body, or with no tasks picked, only the contract is archived
    const plain = await createContract(a, { title: 'Plain' });
    expect((await post(a.client, `/contracts/${plain.uuid}/archive`)).body.meta).toEqual({
      affected: 1,
      tasks_archived: 0,
    });
    const none = await post(a.client, `/contracts/${c.uuid}/archive`, { task_uuids: [] });
    expect(none.body.meta).toEqual({ affected: 1, tasks_archived: 0 });
    expect((await get(a, `/tasks/${t2.uuid}`)).archived_at).toBeNull();
  });
});

describe('access', () => {
  it('answers 401 without a session', async () => {
    const c = await createContract(a);
    const anon = new Client(env.app);
    await anon.csrf();
    for (const [method, path] of [
      ['GET', `/contracts/${c.uuid}/related-tasks`],
      ['POST', `/contracts/${c.uuid}/archive`],
      ['POST', `/contracts/${c.uuid}/cancel`],
      ['POST', `/contracts/${c.uuid}/extend`],
      ['GET', `/contracts/${c.uuid}/extensions`],
      ['GET', `/contracts/${c.uuid}/facilities`],
      ['PUT', `/contracts/${c.uuid}/facilities`],
    ] as const)
      expect((await anon.request(method, path, method === 'GET' ? undefined : {})).statusCode, path).toBe(401);
  });

  it('keeps another workspace out with a 404 that looks like a missing record', async () => {
    const c = await createContract(a, { contract_end_date: '2027-12-31', extension_period: 12 });
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const path of ['cancel', 'extend', 'archive']) {
      const foreign = await b.client.post(`/contracts/${c.uuid}/${path}`, {});
      expect(foreign.statusCode, path).toBe(404);
      expect(foreign.body).toBe((await b.client.post(`/contracts/${missing}/${path}`, {})).body);
    }
    for (const path of ['related-tasks', 'extensions', 'facilities'])
      expect((await b.client.get(`/contracts/${c.uuid}/${path}`)).statusCode, path).toBe(404);
    expect((await get(a, `/contracts/${c.uuid}`)).status).toBe('active');
    // a task of another workspace cannot name the contract
    const res = await post(b.client, '/tasks', {
      property_uuid: b.property,
      title: 'Sneaky',
      start_date: today(),
      contract_uuid: c.uuid,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('contract_uuid');
  });

  it('lets members act on contracts but leaves deleting to admins (403)', async () => {
    const c = await createContract(a, { contract_end_date: '2027-12-31', extension_period: 12 });
    const member = await signedIn(env);
    await env.database.db
      .insert(settingsGroupMembers)
      .values({ settings_group_uuid: a.settingsGroup, user_id: member.user.id, role: 'user' });
    const seen = json<{ data: Rec }>(await member.client.get(`/contracts/${c.uuid}`)).data;
    expect(seen.links.delete).toBeUndefined();
    expect(seen.links.extend).toBeDefined();
    expect((await member.client.delete(`/contracts/${c.uuid}`)).statusCode).toBe(403);
    expect((await member.client.post(`/contracts/${c.uuid}/extend`, {})).statusCode).toBe(200);
    await env.database.db.delete(settingsGroupMembers).where(eq(settingsGroupMembers.user_id, member.user.id));
    expect((await member.client.get(`/contracts/${c.uuid}`)).statusCode).toBe(404);
  });
});
