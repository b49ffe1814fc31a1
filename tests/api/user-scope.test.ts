// A user's own rows on the records engine (docs/domain/permissions.md, "A user's own rows"): saved views and
// delegations through the generic list query (`?table=`, filters, search, sort), the 409 of a stale PATCH, who
// changes a row they see (owner, admin) and who only reads it (403), bulk and export in the caller's rows only, and
// the migration 0024 keeping every saved view and delegation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsGroupMembers } from '../../server/db/schema';
import { createTestEnv, json, signedIn, type Client, type TestEnv } from './harness';
import { addDays, post, today, workspace } from './planning-support';
import { databaseBefore } from './migrations';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

type Rec = Record<string, unknown> & { uuid: string; updated_at: string; links: Record<string, string> };

async function team() {
  const ws = await workspace(env);
  const anna = await signedIn(env, { first_name: 'Anna', last_name: 'Keller' });
  const beat = await signedIn(env, { first_name: 'Beat', last_name: 'Huber' });
  await env.database.db.insert(settingsGroupMembers).values([
    { settings_group_uuid: ws.settingsGroup, user_id: anna.user.id, role: 'user' },
    { settings_group_uuid: ws.settingsGroup, user_id: beat.user.id, role: 'user' },
  ]);
  return { ws, anna, beat };
}

const uuids = async (c: Client, url: string) => json<{ data: Rec[] }>(await c.get(url)).data.map((r) => r.uuid);

describe('saved views on the engine', () => {
  it('lists one table exactly or by part of its name, answers 409 to a stale save and 403 to a reader', async () => {
    const { ws, anna } = await team();
    const view = async (client: Client, table_name: string, name: string, shared = false) =>
      (
        await post(client, '/grid-views', {
          settings_group_uuid: ws.settingsGroup,
          table_name,
          name,
          shared,
          query: { search: name },
        })
      ).body.data as Rec;
    const tasks = await view(anna.client, 'task', 'Open tasks');
    const events = await view(anna.client, 'task_event', 'This week');
    const shared = await view(ws.client, 'task', 'Team tasks', true);
    expect(await uuids(anna.client, '/grid-views?table=task')).toEqual([tasks.uuid, shared.uuid]);
    expect(await uuids(anna.client, '/grid-views?filter[table_name]=task&sort_by=name')).toEqual([
      tasks.uuid,
      shared.uuid,
      events.uuid,
    ]);
    expect(await uuids(anna.client, '/grid-views?search=week')).toEqual([events.uuid]);
    expect((await anna.client.get('/grid-views?table=nothing')).statusCode).toBe(422);

    const stale = tasks.updated_at;
    const first = await anna.client.request(
      'PATCH',
      `/grid-views/${tasks.uuid}`,
      { name: 'Mine' },
      {
        'if-match': `"${stale}"`,
      },
    );
    expect(first.statusCode).toBe(200);
    const second = await anna.client.request(
      'PATCH',
      `/grid-views/${tasks.uuid}`,
      { name: 'Lost' },
      {
        'if-match': `"${stale}"`,
      },
    );
    expect(second.statusCode).toBe(409);
    expect(json<{ data: Rec }>(await anna.client.get(`/grid-views/${tasks.uuid}`)).data.name).toBe('Mine');

    // the admin's shared view: read by the member, changed by no one but its owner (and admins)
    expect((await anna.client.get(`/grid-views/${shared.uuid}`)).statusCode).toBe(200);
    expect((await anna.client.post(`/grid-views/${shared.uuid}/archive`)).statusCode).toBe(403);
    const bulk = await anna.client.patch('/grid-views', { rows: [{ uuid: shared.uuid, name: 'Taken' }] });
    expect(json<{ data: { status: string }[] }>(bulk).data[0]!.status).toBe('skipped');
    // the member's personal view: not even the admin finds it, alone or in a bulk request
    expect((await ws.client.get(`/grid-views/${events.uuid}`)).statusCode).toBe(404);
    const mixed = await ws.client.post('/grid-views/bulk-delete', {
      rows: [{ uuid: shared.uuid }, { uuid: events.uuid }],
    });
    expect(mixed.statusCode).toBe(404);
    expect((await ws.client.get(`/grid-views/${shared.uuid}`)).statusCode).toBe(200);
    const exported = await ws.client.get('/grid-views/export?format=csv');
    expect(exported.body).toContain(shared.uuid);
    expect(exported.body).not.toContain(events.uuid);
  });
});

describe('delegations on the engine', () => {
  it('searches the delegate by name, filters by delegate, sorts by start; 409 and 403 on a change', async () => {
    const { ws, anna, beat } = await team();
    const sg = ws.settingsGroup;
    const d = today();
    const delegate = async (to: string, from: number, days: number) => {
      const res = await post(anna.client, '/delegations', {
        settings_group_uuid: sg,
        to_user_uuid: to,
        valid_from: addDays(d, from),
        valid_to: addDays(d, from + days),
      });
      expect(res.status).toBe(201);
      return res.body.data as Rec;
    };
    const later = await delegate(beat.user.uuid, 10, 2);
    const sooner = await delegate(ws.user.uuid, 0, 3);
    expect(await uuids(anna.client, `/delegations?settings_group_uuid=${sg}`)).toEqual([sooner.uuid, later.uuid]);
    expect(await uuids(anna.client, '/delegations?sort_by=valid_from&sort_descending=1')).toEqual([
      later.uuid,
      sooner.uuid,
    ]);
    expect(await uuids(anna.client, '/delegations?search=huber')).toEqual([later.uuid]);
    expect(await uuids(anna.client, `/delegations?filter[to_user_uuid]=${ws.user.uuid}`)).toEqual([sooner.uuid]);
    expect(later).toMatchObject({ to_name: 'Beat Huber', from_name: 'Anna Keller', in_force: false });
    expect(sooner.in_force).toBe(true);

    // the delegate reads it and changes nothing (403), the delegator's stale save is a 409
    expect((await beat.client.get(`/delegations/${later.uuid}`)).statusCode).toBe(200);
    expect((await beat.client.patch(`/delegations/${later.uuid}`, { note: 'Mine now' })).statusCode).toBe(403);
    const first = await anna.client.request(
      'PATCH',
      `/delegations/${later.uuid}`,
      { note: 'Holidays' },
      {
        'if-match': `"${later.updated_at}"`,
      },
    );
    expect(first.statusCode).toBe(200);
    const stale = await anna.client.request(
      'PATCH',
      `/delegations/${later.uuid}`,
      { note: 'Sick' },
      {
        'if-match': `"${later.updated_at}"`,
      },
    );
    expect(stale.statusCode).toBe(409);
    // a change keeps the rules: overlapping the other period is a 422 on valid_from, nothing written
    const overlap = await anna.client.patch(`/delegations/${later.uuid}`, { valid_from: addDays(d, 2) });
    expect(overlap.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: Record<string, string[]> }>(overlap).errors)).toEqual(['valid_from']);
    expect(json<{ data: Rec }>(await anna.client.get(`/delegations/${later.uuid}`)).data.valid_from).toBe(
      addDays(d, 10),
    );
    // a member names no other delegator on a change either; an admin hands it to another member
    expect((await anna.client.patch(`/delegations/${later.uuid}`, { from_user_uuid: ws.user.uuid })).statusCode).toBe(
      403,
    );
    const moved = await ws.client.patch(`/delegations/${sooner.uuid}`, { from_user_uuid: beat.user.uuid });
    expect(moved.statusCode).toBe(200);
    expect(json<{ data: Rec }>(moved).data).toMatchObject({ from_user_uuid: beat.user.uuid, from_name: 'Beat Huber' });
    expect(await uuids(anna.client, '/delegations')).toEqual([later.uuid]);
  });

  it('is not in force once archived, and restoring it over a newer period is a 422', async () => {
    const { ws, anna, beat } = await team();
    const sg = ws.settingsGroup;
    const d = today();
    const body = { settings_group_uuid: sg, to_user_uuid: beat.user.uuid, valid_from: d, valid_to: addDays(d, 1) };
    const made = (await post(anna.client, '/delegations', body)).body.data as Rec;
    const mine = async () =>
      json<{ data: Rec[] }>(await beat.client.get(`/tickets/assigned-to-me?settings_group_uuid=${sg}`)).data.length;
    const ticket = (await post(ws.client, '/tickets', { property_uuid: ws.property, subject: 'Heizung' })).body
      .data as Rec;
    expect((await post(ws.client, `/tickets/${ticket.uuid}/assign`, { user_uuid: anna.user.uuid })).status).toBe(200);
    expect(await mine()).toBe(1);
    expect((await anna.client.post(`/delegations/${made.uuid}/archive`)).statusCode).toBe(200);
    expect(await mine()).toBe(0);
    expect((await post(anna.client, '/delegations', body)).status).toBe(201);
    const restore = await anna.client.post(`/delegations/${made.uuid}/restore`);
    expect(restore.statusCode).toBe(422);
    expect(json<{ data: Rec }>(await anna.client.get(`/delegations/${made.uuid}`)).data.archived_at).not.toBeNull();
  });
});

describe('the migration 0024', () => {
  it('keeps every saved view and delegation, naming the delegate by uuid', async () => {
    const { db, upTo } = await databaseBefore('0024');
    const sg = '11111111-1111-4111-8111-111111111111';
    const anna = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
    const beat = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
    await db.exec(`insert into settings_groups (uuid, name) values ('${sg}', 'Eins');
      insert into users (id, uuid, email, password_hash, first_name, last_name) values
        (1, '${anna}', 'anna@example.com', 'x', 'Anna', 'Keller'),
        (2, '${beat}', 'beat@example.com', 'x', 'Beat', 'Huber');
      insert into grid_views (uuid, settings_group_uuid, user_id, table_name, name, shared, query, created_at, updated_at)
        values ('c0000000-0000-4000-8000-000000000001', '${sg}', 1, 'task', 'Offen', true, '{"search":"x"}',
          '2026-01-01T10:00:00Z', '2026-01-02T10:00:00Z');
      insert into delegations (uuid, settings_group_uuid, from_user_id, to_user_id, valid_from, valid_to, created_at)
        values ('d0000000-0000-4000-8000-000000000001', '${sg}', 1, 2, '2026-03-01', '2026-03-07',
          '2026-02-01T10:00:00Z')`);
    await upTo('0025');
    const views = await db.query(
      `select uuid, user_id, table_name, name, shared, query, created_by, updated_by, deleted_at,
         updated_at = '2026-01-02T10:00:00Z'::timestamptz as kept_version from grid_views`,
    );
    expect(views.rows).toEqual([
      {
        uuid: 'c0000000-0000-4000-8000-000000000001',
        user_id: 1,
        table_name: 'task',
        name: 'Offen',
        shared: true,
        query: { search: 'x' },
        created_by: 1,
        updated_by: 1,
        deleted_at: null,
        kept_version: true,
      },
    ]);
    const delegations = await db.query(
      `select uuid, from_user_id, to_user_uuid, valid_from::text, valid_to::text, created_by, deleted_at,
         updated_at = created_at as versioned from delegations`,
    );
    expect(delegations.rows).toEqual([
      {
        uuid: 'd0000000-0000-4000-8000-000000000001',
        from_user_id: 1,
        to_user_uuid: beat,
        valid_from: '2026-03-01',
        valid_to: '2026-03-07',
        created_by: 1,
        deleted_at: null,
        versioned: true,
      },
    ]);
    await db.close();
  }, 120_000);
});
