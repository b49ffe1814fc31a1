// References and workload in the caller's scope (docs/domain/permissions.md, "Access rules", "Restricted access",
// "Where the rights apply"): a record hidden from the caller — by an access rule, by restricted access or by a
// missing view right on its model — cannot be referenced by a write (single, bulk, import): the same 422 as an
// unknown uuid, while the rule's user group and admins may. A reference the record already holds stays when other
// fields change. The related tasks of a record and the workload count only what the caller sees.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsGroupMembers } from '../../server/db/schema';
import { createTestEnv, json, signedIn, type Client, type TestEnv } from './harness';
import { addDays, post, today, workspace, type Rec, type Ws } from './planning-support';
import { finished, upload, xlsx } from './workbooks';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-reference-scope-'));
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ dataDir });
});
afterAll(async () => {
  await env.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Errors = { message: string; errors: Record<string, string[]> };
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** A workspace with a lease hidden by a rule from everyone but the lease team (the insider), and a service contract. */
async function setup() {
  const ws = await workspace(env);
  const [outsider, insider] = [await signedIn(env), await signedIn(env)];
  const role = 'user' as const;
  await env.database.db
    .insert(settingsGroupMembers)
    .values([outsider, insider].map((m) => ({ settings_group_uuid: ws.settingsGroup, user_id: m.user.id, role })));
  const team = { settings_group_uuid: ws.settingsGroup, name: 'Leases', member_uuids: [insider.user.uuid] };
  const group = await post(ws.client, '/user-groups', team);
  expect(group.status).toBe(201);
  const contract = async (title: string, contract_type: string) =>
    (await post(ws.client, '/contracts', { property_uuid: ws.property, title, contract_type })).body.data;
  const lease = await contract('Mietvertrag Laden', 'lease');
  const service = await contract('Wartung Lift', 'service');
  const rule = await post(ws.client, '/access-rules', {
    settings_group_uuid: ws.settingsGroup,
    name: 'Leases for the lease team',
    model: 'contract',
    filter: { contract_type: ['lease'] },
    user_group_uuids: [group.body.data.uuid],
  });
  expect(rule.status, JSON.stringify(rule.body)).toBe(201);
  return { ws, outsider, insider, group: group.body.data, lease, service };
}

const task = (ws: Ws, extra: Record<string, unknown>) => ({
  property_uuid: ws.property,
  title: 'Zähler ablesen',
  start_date: addDays(today(), 3),
  ...extra,
});

/** Runs an import of task rows (a header row first) and answers the counts of its validation and its job. */
async function importTasks(c: Client, ws: Ws, rows: (string | null)[][]) {
  const file = await xlsx({ Tasks: rows });
  const up = await upload(c, file, 'tasks.xlsx', 'task');
  expect(up.statusCode, up.body).toBe(201);
  const job = json<{ data: { uuid: string } }>(up).data;
  const mapping = Object.fromEntries(rows[0]!.map((name, i) => [String(i), name]));
  const body = { settings_group_uuid: ws.settingsGroup, mapping, mode: rows[0]![0] === 'uuid' ? 'upsert' : 'insert' };
  const validated = await c.post(`/imports/${job.uuid}/validate`, body);
  expect(validated.statusCode, validated.body).toBe(200);
  const counts = json<{ data: { counts: Record<string, number> } }>(validated).data.counts;
  expect((await c.post(`/imports/${job.uuid}/run`, body)).statusCode).toBe(202);
  await finished(c, job.uuid);
  return counts;
}

describe('references in the caller’s scope', () => {
  it('refuse a record hidden by an access rule as an unknown one, in single writes, bulk and imports', async () => {
    const { ws, outsider, insider, lease, service } = await setup();
    const c = outsider.client;
    // single create: the hidden lease is refused exactly as a uuid that names nothing
    const hidden = await c.post('/tasks', task(ws, { contract_uuid: lease.uuid }));
    const unknown = await c.post('/tasks', task(ws, { contract_uuid: UNKNOWN }));
    expect(hidden.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(hidden).errors)).toEqual(['contract_uuid']);
    expect(json<Errors>(hidden)).toEqual(json<Errors>(unknown));
    const own = (await post(c, '/tasks', task(ws, { contract_uuid: service.uuid }))).body.data;
    // single update
    const patched = await c.patch(`/tasks/${own.uuid}`, { contract_uuid: lease.uuid });
    expect(patched.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(patched).errors)).toEqual(['contract_uuid']);
    // bulk create and update: the row is invalid, nothing is written
    const bulkCreate = await c.post('/tasks/bulk', { rows: [task(ws, { contract_uuid: lease.uuid })] });
    expect(bulkCreate.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(bulkCreate).errors)).toEqual(['rows.0.contract_uuid']);
    const bulkUpdate = await c.patch('/tasks', {
      rows: [{ uuid: own.uuid, contract_uuid: lease.uuid }],
      skip_invalid: true,
    });
    expect(bulkUpdate.statusCode).toBe(200);
    expect(json<{ meta: Record<string, number> }>(bulkUpdate).meta).toMatchObject({ updated: 0, invalid: 1 });
    expect(json<{ data: Rec }>(await c.get(`/tasks/${own.uuid}`)).data.contract_uuid).toBe(service.uuid);
    // import: by uuid and by title the hidden lease is unresolved
    const counts = await importTasks(c, ws, [
      ['title', 'property_uuid', 'start_date', 'contract_uuid'],
      ['Per uuid', ws.property, addDays(today(), 3), lease.uuid],
      ['Per title', ws.property, addDays(today(), 3), 'Mietvertrag Laden'],
      ['Sichtbar', ws.property, addDays(today(), 3), 'Wartung Lift'],
    ]);
    expect(counts).toMatchObject({ create: 1, error: 2 });
    const titles = async (cl: Client) =>
      json<{ data: Rec[] }>(await cl.get(`/tasks?filter[contract_uuid]=${lease.uuid}`)).data.map((t) => t.title);
    expect(await titles(ws.client)).toEqual([]);
    // the rule's user group and admins may
    for (const who of [insider.client, ws.client]) {
      expect((await who.post('/tasks', task(ws, { contract_uuid: lease.uuid }))).statusCode).toBe(201);
      const bulk = await who.post('/tasks/bulk', { rows: [task(ws, { contract_uuid: lease.uuid })] });
      expect(bulk.statusCode, bulk.body).toBe(201);
    }
    const admins = await importTasks(ws.client, ws, [
      ['title', 'property_uuid', 'start_date', 'contract_uuid'],
      ['Per title', ws.property, addDays(today(), 3), 'Mietvertrag Laden'],
    ]);
    expect(admins).toMatchObject({ create: 1, error: 0 });
    expect(await titles(ws.client)).toHaveLength(5);
  });

  it('keep a reference the record holds already when other fields change', async () => {
    const { ws, outsider, lease } = await setup();
    const c = outsider.client;
    const held = (await post(ws.client, '/tasks', task(ws, { contract_uuid: lease.uuid }))).body.data;
    // the outsider sees the task (tasks have no rule) and changes it, sending the reference back unchanged
    expect((await c.patch(`/tasks/${held.uuid}`, { title: 'Neu' })).statusCode).toBe(200);
    const same = await c.patch(`/tasks/${held.uuid}`, { title: 'Neuer', contract_uuid: lease.uuid });
    expect(same.statusCode, same.body).toBe(200);
    const bulk = await c.patch('/tasks', { rows: [{ uuid: held.uuid, title: 'Bulk', contract_uuid: lease.uuid }] });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(json<{ meta: Record<string, number> }>(bulk).meta).toMatchObject({ updated: 1 });
    const counts = await importTasks(c, ws, [
      ['uuid', 'title', 'contract_uuid'],
      [held.uuid, 'Importiert', lease.uuid],
    ]);
    expect(counts).toMatchObject({ update: 1, error: 0 });
    const stored = json<{ data: Rec }>(await ws.client.get(`/tasks/${held.uuid}`)).data;
    expect(stored).toMatchObject({ title: 'Importiert', contract_uuid: lease.uuid });
    // clearing it is allowed, setting it again is not
    expect((await c.patch(`/tasks/${held.uuid}`, { contract_uuid: null })).statusCode).toBe(200);
    expect((await c.patch(`/tasks/${held.uuid}`, { contract_uuid: lease.uuid })).statusCode).toBe(422);
  });

  it('refuse a property hidden by restricted access and a model one may not view', async () => {
    const { ws, outsider, insider, group } = await setup();
    const second = (await post(ws.client, '/properties', { settings_group_uuid: ws.settingsGroup, name: 'Bergweg 2' }))
      .body.data;
    const contact = (
      await post(ws.client, '/contacts', {
        settings_group_uuid: ws.settingsGroup,
        kind: 'organisation',
        organisation: 'Firma',
      })
    ).body.data;
    await ws.client.patch(`/settings-groups/${ws.settingsGroup}`, { restricted_access: true });
    await ws.client.put(`/properties/${ws.property}/user-groups`, { user_group_uuids: [group.uuid] });
    // restricted access: the insider sees Seestrasse 1 only
    const otherProperty = await insider.client.post('/tickets', { property_uuid: second.uuid, subject: 'X' });
    expect(otherProperty.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(otherProperty).errors)).toEqual(['property_uuid']);
    const visible = await insider.client.post('/tickets', { property_uuid: ws.property, subject: 'Y' });
    expect(visible.statusCode).toBe(201);
    await ws.client.patch(`/settings-groups/${ws.settingsGroup}`, { restricted_access: false });
    // a permission group granting tasks but not contacts: a contact is refused as an unknown one
    const pg = await post(ws.client, '/permission-groups', {
      settings_group_uuid: ws.settingsGroup,
      name: 'Nur Aufgaben',
      rights: { task: ['view', 'create', 'update'], property: ['view'] },
      user_group_uuids: [group.uuid],
    });
    expect(pg.status, JSON.stringify(pg.body)).toBe(201);
    const noView = await insider.client.post('/tasks', task(ws, { contact_uuid: contact.uuid }));
    expect(noView.statusCode).toBe(422);
    expect(json<Errors>(noView)).toEqual(
      json<Errors>(await insider.client.post('/tasks', task(ws, { contact_uuid: UNKNOWN }))),
    );
    expect((await insider.client.post('/tasks', task(ws, {}))).statusCode).toBe(201);
    expect((await ws.client.post('/tasks', task(ws, { contact_uuid: contact.uuid }))).statusCode).toBe(201);
    // the outsider is in no user group of the permission group: sees and may nothing
    expect((await outsider.client.post('/tasks', task(ws, {}))).statusCode).toBe(403);
  });

  it('list only the related tasks the caller sees before archiving a contract', async () => {
    const { ws, outsider, service } = await setup();
    const visible = (await post(ws.client, '/tasks', task(ws, { title: 'Sichtbar', contract_uuid: service.uuid }))).body
      .data;
    await post(ws.client, '/tasks', task(ws, { title: 'Geheim', contract_uuid: service.uuid }));
    await post(ws.client, '/access-rules', {
      settings_group_uuid: ws.settingsGroup,
      name: 'Geheime Aufgaben',
      model: 'task',
      filter: { title: 'geheim' },
      user_group_uuids: [],
    });
    const related = (c: Client) =>
      c.get(`/contracts/${service.uuid}/related-tasks`).then((r) =>
        json<{ data: Rec[] }>(r)
          .data.map((t) => t.title)
          .sort(),
      );
    expect(await related(outsider.client)).toEqual(['Sichtbar']);
    expect(await related(ws.client)).toEqual(['Geheim', 'Sichtbar']);
    expect(visible.uuid).toBeTruthy();
  });
});

describe('workload in the caller’s scope', () => {
  it('counts only the tasks the caller may view and sees', async () => {
    const { ws, outsider, insider, group } = await setup();
    const start = addDays(today(), 3);
    const month = start.slice(0, 7);
    await post(
      ws.client,
      '/tasks',
      task(ws, { title: 'Offen', start_date: start, workload: '2', cost_per_hour: '50' }),
    );
    await post(
      ws.client,
      '/tasks',
      task(ws, { title: 'Geheim', start_date: start, workload: '3', cost_per_hour: '100' }),
    );
    const hours = async (c: Client) =>
      json<{ data: { hours: string; cost: string }[] }>(
        await c.get(`/tasks/workload?from=${month}&months=1&settings_group_uuid=${ws.settingsGroup}`),
      ).data.map((r) => [r.hours, r.cost]);
    expect(await hours(outsider.client)).toEqual([['5.00', '400.00']]);
    // an access rule on tasks: its user group and admins count the hidden task, others do not
    await post(ws.client, '/access-rules', {
      settings_group_uuid: ws.settingsGroup,
      name: 'Geheime Aufgaben',
      model: 'task',
      filter: { title: 'geheim' },
      user_group_uuids: [group.uuid],
    });
    expect(await hours(outsider.client)).toEqual([['2.00', '100.00']]);
    expect(await hours(insider.client)).toEqual([['5.00', '400.00']]);
    expect(await hours(ws.client)).toEqual([['5.00', '400.00']]);
    // restricted access: a property shared with no user group of the member
    await ws.client.patch(`/settings-groups/${ws.settingsGroup}`, { restricted_access: true });
    expect(await hours(insider.client)).toEqual([]);
    await ws.client.put(`/properties/${ws.property}/user-groups`, { user_group_uuids: [group.uuid] });
    expect(await hours(insider.client)).toEqual([['5.00', '400.00']]);
    await ws.client.patch(`/settings-groups/${ws.settingsGroup}`, { restricted_access: false });
    // without the right to view tasks: nothing
    await post(ws.client, '/permission-groups', {
      settings_group_uuid: ws.settingsGroup,
      name: 'Ohne Aufgaben',
      rights: { contract: ['view'] },
      user_group_uuids: [group.uuid],
    });
    expect(await hours(insider.client)).toEqual([]);
    expect(await hours(ws.client)).toEqual([['5.00', '400.00']]);
  });
});
