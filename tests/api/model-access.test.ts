// Scopes, access levels and audit declared on a model (docs/domain/permissions.md, "Scopes and access of a model"),
// through networks, an admins' table that is audited: a member gets 403 on every route of it, someone outside the
// settings group 404, signed out 401; each write is in the audit log with who, the address and what changed, in the
// write's transaction (a refused write leaves neither record nor entry); a record's history; the audit log filtered
// by model, record, user and day, and exported. Through licenses and system notifications, the superusers' tables:
// one of a settings group (its admins read it, its members 403, anyone outside 404) and a global one, whose published
// records every user reads with their own read mark while only superusers write it; their list filters and sorts,
// and the migration 0025 keeping every row that moved onto the engine.
// @both-databases: the engine's access check and audit writes in one transaction on each driver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, signedIn, signedInWithTwoFactor, type TestEnv } from './harness';
import { workspace } from './planning-support';
import { settingsGroupMembers } from '../../server/db/schema';
import { formatStamp } from '../../src/entities/dates';
import { databaseBefore } from './migrations';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

interface Net {
  uuid: string;
  cidr: string;
  updated_at: string;
  links: Record<string, string>;
}
interface Entry {
  id: number;
  user: { uuid: string; name: string } | null;
  action: string;
  target_type?: string | null;
  target_uuid?: string | null;
  details: Record<string, unknown>;
  ip?: string | null;
  created_at: string;
}
const IP = '198.51.100.23';

async function setup() {
  const ws = await workspace(env);
  const admin = new Client(env.app, { remoteAddress: IP });
  admin.cookies = new Map(ws.client.cookies);
  const m = await signedIn(env);
  await env.database.db
    .insert(settingsGroupMembers)
    .values({ settings_group_uuid: ws.settingsGroup, user_id: m.user.id, role: 'user' });
  return { ws, admin, member: m.client, sg: ws.settingsGroup };
}

describe('an admins’ table', () => {
  it('answers 403 to a member on every route, 404 outside, 401 signed out; nothing is written', async () => {
    const { admin, member, sg } = await setup();
    const net = json<{ data: Net }>(
      await admin.post('/networks', { settings_group_uuid: sg, cidr: '10.20.0.0/16', action: 'deny' }),
    ).data;
    const path = `/networks/${net.uuid}`;
    expect((await member.get(`/networks?settings_group_uuid=${sg}`)).statusCode).toBe(403);
    expect((await member.get(path)).statusCode).toBe(403);
    expect((await member.get(`${path}/history`)).statusCode).toBe(403);
    expect((await member.patch(path, { description: 'x' })).statusCode).toBe(403);
    expect((await member.post(`${path}/archive`)).statusCode).toBe(403);
    expect((await member.delete(path)).statusCode).toBe(403);
    expect(
      (await member.post('/networks', { settings_group_uuid: sg, cidr: '10.21.0.0/16', action: 'deny' })).statusCode,
    ).toBe(403);
    expect(
      (
        await member.post('/networks/bulk', {
          rows: [{ settings_group_uuid: sg, cidr: '10.22.0.0/16', action: 'deny' }],
        })
      ).statusCode,
    ).toBe(403);
    expect((await member.patch('/networks', { rows: [{ uuid: net.uuid, description: 'y' }] })).statusCode).toBe(403);
    expect((await member.get(`/networks/export?format=csv&settings_group_uuid=${sg}`)).statusCode).toBe(403);

    const stranger = (await signedIn(env)).client;
    expect((await stranger.get(`/networks?settings_group_uuid=${sg}`)).statusCode).toBe(404);
    expect((await stranger.get(path)).statusCode).toBe(404);
    expect((await stranger.get(`${path}/history`)).statusCode).toBe(404);
    expect((await stranger.patch(path, { description: 'x' })).statusCode).toBe(404);
    expect(json<{ data: Net[] }>(await stranger.get('/networks')).data).toEqual([]);

    const anon = new Client(env.app);
    await anon.csrf();
    expect((await anon.get(path)).statusCode).toBe(401);
    expect((await anon.get(`${path}/history`)).statusCode).toBe(401);

    // nothing of the refused writes is there: the one range, unchanged, and only its creation in the log
    const listed = json<{ data: Net[] }>(await admin.get(`/networks?settings_group_uuid=${sg}`)).data;
    expect(listed.map((n) => [n.uuid, n.updated_at])).toEqual([[net.uuid, net.updated_at]]);
    const history = json<{ data: Entry[] }>(await admin.get(`${path}/history`)).data;
    expect(history.map((e) => e.action)).toEqual(['network.create']);
  });
});

describe('an audited model', () => {
  it('logs each write with who, the address and the changed fields, in the write’s transaction', async () => {
    const { ws, admin, sg } = await setup();
    const net = json<{ data: Net }>(
      await admin.post('/networks', {
        settings_group_uuid: sg,
        cidr: '10.30.1.1/16',
        action: 'deny',
        description: 'Guests',
      }),
    ).data;
    const path = `/networks/${net.uuid}`;
    expect((await admin.patch(path, { description: 'Visitors', action: 'deny' })).statusCode).toBe(200);
    expect((await admin.patch(path, { description: 'Visitors' })).statusCode).toBe(200); // changes nothing
    expect((await admin.post(`${path}/archive`)).statusCode).toBe(200);
    expect((await admin.post(`${path}/restore`)).statusCode).toBe(200);
    // refused: a bad range, a stale version, a lockout (an allow list without the admin's address)
    expect((await admin.patch(path, { cidr: '10.0.0.0/33' })).statusCode).toBe(422);
    expect(
      (await admin.request('PATCH', path, { description: 'Stale' }, { 'if-match': net.updated_at })).statusCode,
    ).toBe(409);
    const lockout = await admin.post('/networks', { settings_group_uuid: sg, cidr: '10.99.0.0/16', action: 'allow' });
    expect(lockout.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: Record<string, string[]> }>(lockout).errors)).toEqual(['confirm_lockout']);

    const history = json<{ data: Entry[] }>(await admin.get(`${path}/history`)).data;
    expect(history.map((e) => e.action)).toEqual([
      'network.restore',
      'network.archive',
      'network.update',
      'network.create',
    ]);
    for (const e of history) expect(e.user).toEqual({ uuid: ws.user.uuid, name: expect.any(String) as string });
    const [restore, archive, update, create] = history;
    expect(create!.details).toEqual({ cidr: '10.30.0.0/16', action: 'deny', description: 'Guests' });
    expect(update!.details).toEqual({ changes: { description: { old: 'Guests', new: 'Visitors' } } });
    expect(archive!.details).toEqual({ cidr: '10.30.0.0/16' });
    expect(restore!.details).toEqual({ cidr: '10.30.0.0/16' });

    expect((await admin.delete(path)).statusCode).toBe(200);
    const log = json<{ data: Entry[] }>(
      await admin.get(`/settings-groups/${sg}/audit-log?filter[record_uuid]=${net.uuid}`),
    ).data;
    expect(log.map((e) => e.action)).toEqual([
      'network.delete',
      'network.restore',
      'network.archive',
      'network.update',
      'network.create',
    ]);
    for (const e of log) expect(e).toMatchObject({ target_type: 'network', target_uuid: net.uuid, ip: IP });
    expect(log[0]!.details).toEqual({ cidr: '10.30.0.0/16', action: 'deny', description: 'Visitors' });
    // the log's readers also read a change as from → to
    expect(log[3]!.details).toEqual({
      changes: { description: { old: 'Guests', new: 'Visitors', from: 'Guests', to: 'Visitors' } },
    });
    // the refused range left no record and no entry
    const ranges = json<{ data: Net[] }>(await admin.get(`/networks?settings_group_uuid=${sg}&archived=all`)).data;
    expect(ranges).toEqual([]);
    const all = json<{ data: Entry[] }>(await admin.get(`/settings-groups/${sg}/audit-log?filter[model]=network`));
    expect(all.data).toHaveLength(5);
  });
});

describe('the audit log', () => {
  it('filters by model, record, user and day, and exports what it filters', async () => {
    const { ws, admin, sg } = await setup();
    const other = await signedIn(env);
    await env.database.db
      .insert(settingsGroupMembers)
      .values({ settings_group_uuid: sg, user_id: other.user.id, role: 'admin' });
    const mine = json<{ data: Net }>(
      await admin.post('/networks', { settings_group_uuid: sg, cidr: '10.40.0.0/16', action: 'deny' }),
    ).data;
    const theirs = json<{ data: Net }>(
      await other.client.post('/networks', {
        settings_group_uuid: sg,
        cidr: '10.41.0.0/16',
        action: 'deny',
        description: 'Branch, "east"',
      }),
    ).data;
    await admin.post('/user-groups', { settings_group_uuid: sg, name: 'Office' });
    const log = async (q: string) =>
      json<{ data: Entry[] }>(await admin.get(`/settings-groups/${sg}/audit-log?${q}`)).data.map((e) => e.target_uuid);

    expect(await log('filter[model]=network')).toEqual([theirs.uuid, mine.uuid]);
    expect(await log(`filter[record_uuid]=${mine.uuid}`)).toEqual([mine.uuid]);
    expect(await log(`filter[user_uuid]=${other.user.uuid}`)).toEqual([theirs.uuid]);
    expect(await log(`filter[user_uuid]=${ws.user.uuid}&filter[model]=network`)).toEqual([mine.uuid]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await log(`filter[created_at]=${today}&filter[model]=network`)).toHaveLength(2);
    expect(await log('filter[created_at][to]=2001-01-01')).toEqual([]);
    for (const bad of ['filter[record_uuid]=nope', 'filter[created_at]=2026-02-30', 'filter[unknown]=1'])
      expect((await admin.get(`/settings-groups/${sg}/audit-log?${bad}`)).statusCode, bad).toBe(422);

    const exported = await admin.get(`/settings-groups/${sg}/audit-log/export?filter[model]=network`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    const lines = exported.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,created_at,user,email,action,target_type,target_uuid,ip,details');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(theirs.uuid);
    expect(lines[2]).toContain(mine.uuid);
    // the details are JSON in one quoted cell, its quotes doubled
    expect(lines[1]).toContain(String.raw`""description"":""Branch, \""east\""""`);

    const stranger = (await signedIn(env)).client;
    expect((await stranger.get(`/settings-groups/${sg}/audit-log/export`)).statusCode).toBe(404);
    const anon = new Client(env.app);
    expect((await anon.get(`/settings-groups/${sg}/audit-log/export`)).statusCode).toBe(401);
  });
});

interface License {
  uuid: string;
  name: string;
  valid_to: string;
  links: Record<string, string>;
}
interface Notice {
  uuid: string;
  id: number;
  type: string;
  title: string;
  publish_at: string;
  viewed?: boolean;
  updated_at: string;
  links: Record<string, string>;
}
const titles = (res: { json: () => unknown }) => (res.json() as { data: { name?: string; title?: string }[] }).data;

describe('a superusers’ table of a settings group', () => {
  it('lists a superuser every settings group’s licenses and an admin their own, filtered and sorted by valid_to', async () => {
    const ws = await workspace(env);
    const other = await workspace(env);
    const superuser = (await signedInWithTwoFactor(env, { is_superuser: true })).client;
    const make = async (sg: string, name: string, valid_to: string) =>
      json<{ data: License }>(
        await superuser.post('/licenses', { settings_group_uuid: sg, name, valid_from: '2026-01-01', valid_to }),
      ).data;
    const late = await make(ws.settingsGroup, 'Late', '2027-12-31');
    const early = await make(ws.settingsGroup, 'Early', '2026-01-31');
    const mid = await make(ws.settingsGroup, 'Mid', '2026-06-30');
    const theirs = await make(other.settingsGroup, 'Theirs', '2026-03-31');
    const names = async (client: Client, q: string) => titles(await client.get(`/licenses?${q}`)).map((l) => l.name);
    const sg = `settings_group_uuid=${ws.settingsGroup}`;
    // by the end of their validity, soonest first
    expect(await names(ws.client, sg)).toEqual(['Early', 'Mid', 'Late']);
    expect(await names(ws.client, `${sg}&sort_by=valid_to&sort_descending=1`)).toEqual(['Late', 'Mid', 'Early']);
    expect(await names(ws.client, `${sg}&filter[valid_to][from]=2026-02-01&filter[valid_to][to]=2026-12-31`)).toEqual([
      'Mid',
    ]);
    expect(await names(ws.client, 'filter[valid_to]=2026-01-31')).toEqual(['Early']);
    expect(await names(ws.client, 'search=lat')).toEqual(['Late']);
    const uuids = [late, early, mid, theirs].map((l) => `filter[uuid][]=${l.uuid}`).join('&');
    expect(await names(superuser, `${uuids}&sort_by=valid_to`)).toEqual(['Early', 'Theirs', 'Mid', 'Late']);
    expect(await names(ws.client, uuids)).toEqual(['Early', 'Mid', 'Late']);
    expect((await ws.client.get('/licenses?filter[valid_to]=31.12.2026')).statusCode).toBe(422);
    // the admin reads, the superuser writes: the license's write links are the superuser's only
    expect(json<{ data: License }>(await ws.client.get(`/licenses/${mid.uuid}`)).data.links).toEqual({
      self: `/api/v1/licenses/${mid.uuid}`,
    });
    expect(mid.links).toMatchObject({ update: `/api/v1/licenses/${mid.uuid}`, delete: `/api/v1/licenses/${mid.uuid}` });
    // nor may the admin switch the table off in their settings group: it has no model settings there
    for (const model of ['license', 'system_notification'])
      expect((await ws.client.get(`/settings-groups/${ws.settingsGroup}/model-settings/${model}`)).statusCode).toBe(
        404,
      );
  });
});

describe('a global superusers’ table', () => {
  const at = (minutes: number) => formatStamp(new Date(Date.now() + minutes * 60_000));
  const body = (title: string, type: string, from: number) => ({
    type,
    publish_at: at(from),
    publish_until: null,
    translations: { de: { title: `${title} DE`, body: '' }, 'en-us': { title, body: '' } },
  });

  it('is filtered by type, sorted by publication and searched by title; users read the published ones', async () => {
    const superuser = (await signedInWithTwoFactor(env, { is_superuser: true })).client;
    const tag = Math.random().toString(36).slice(2, 7);
    const made = async (title: string, type: string, from: number) =>
      json<{ data: Notice }>(await superuser.post('/system-notifications', body(`${tag} ${title}`, type, from))).data;
    const alpha = await made('Alpha', 'info', -60);
    const beta = await made('Beta', 'warning', -30);
    const gamma = await made('Gamma', 'maintenance', 60);
    expect(alpha.title).toBe(`${tag} Alpha`);
    expect(alpha.publish_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(beta.id).toBeGreaterThan(alpha.id);
    const seen = async (client: Client, q = '') =>
      titles(await client.get(`/system-notifications?search=${tag}${q}`)).map((n) => n.title);
    // newest publication first; the superuser sees the future one too
    expect(await seen(superuser)).toEqual([`${tag} Gamma`, `${tag} Beta`, `${tag} Alpha`]);
    expect(await seen(superuser, '&sort_by=publish_at')).toEqual([`${tag} Alpha`, `${tag} Beta`, `${tag} Gamma`]);
    expect(await seen(superuser, '&filter[type]=warning')).toEqual([`${tag} Beta`]);
    expect(await seen(superuser, `&filter[publish_at][from]=${encodeURIComponent(at(0))}`)).toEqual([`${tag} Gamma`]);
    expect((await superuser.get('/system-notifications?filter[publish_at]=2026-01-01T10:00:00Z')).statusCode).toBe(422);
    expect(await seen(superuser, '&filter[type][]=info&filter[type][]=maintenance')).toEqual([
      `${tag} Gamma`,
      `${tag} Alpha`,
    ]);
    expect(titles(await superuser.get(`/system-notifications?search=${tag} gam`)).map((n) => n.title)).toEqual([
      `${tag} Gamma`,
    ]);
    expect((await superuser.get('/system-notifications?filter[type]=nonsense')).statusCode).toBe(422);

    // a user: the published ones, with their read mark and the link that sets it
    const { client } = await signedIn(env);
    expect(await seen(client)).toEqual([`${tag} Beta`, `${tag} Alpha`]);
    expect(await seen(client, '&filter[type]=info')).toEqual([`${tag} Alpha`]);
    const listed = json<{ data: Notice[] }>(await client.get(`/system-notifications?search=${tag}`)).data;
    expect(listed[1]).toMatchObject({ id: alpha.id, viewed: false });
    expect(listed[1]!.links).toEqual({
      self: `/api/v1/system-notifications/${alpha.uuid}`,
      confirm: `/api/v1/system-notifications/${alpha.id}/confirmations`,
    });
    expect((await client.post(`/system-notifications/${alpha.id}/confirmations`)).statusCode).toBe(200);
    const read = json<{ data: Notice[] }>(await client.get(`/system-notifications?search=${tag}`)).data[1]!;
    expect(read.viewed).toBe(true);
    expect(read.links.confirm).toBeUndefined();
    // a user reaches no record by uuid, nor writes one
    expect((await client.get(`/system-notifications/${alpha.uuid}`)).statusCode).toBe(403);
    expect((await client.patch(`/system-notifications/${alpha.uuid}`, { type: 'info' })).statusCode).toBe(403);
    expect((await client.get(`/system-notifications/export?filter[uuid]=${alpha.uuid}`)).statusCode).toBe(403);

    // archived, a notification is withdrawn from the users (and cannot be marked read any more)
    expect((await superuser.post(`/system-notifications/${beta.uuid}/archive`)).statusCode).toBe(200);
    expect(await seen(client)).toEqual([`${tag} Alpha`]);
    expect((await client.post(`/system-notifications/${beta.id}/confirmations`)).statusCode).toBe(404);
    expect((await client.post(`/system-notifications/${gamma.id}/confirmations`)).statusCode).toBe(404);
  });

  it('is written by number (the full replace) and by uuid, its times as yyyy-MM-dd HH:mm:ss in UTC', async () => {
    const superuser = (await signedInWithTwoFactor(env, { is_superuser: true })).client;
    const notice = json<{ data: Notice }>(
      await superuser.post('/system-notifications', body('Replace me', 'info', -5)),
    ).data;
    const put = await superuser.put(`/system-notifications/${notice.id}`, {
      ...body('Replaced', 'release', -5),
      id: notice.id,
      viewed: false,
    });
    expect(put.statusCode).toBe(200);
    expect(json<{ data: Notice }>(put).data).toMatchObject({ uuid: notice.uuid, type: 'release', title: 'Replaced' });
    const patched = await superuser.patch(`/system-notifications/${notice.uuid}`, {
      publish_at: '2026-05-01 08:30:00',
    });
    expect(json<{ data: Notice }>(patched).data.publish_at).toBe('2026-05-01 08:30:00');
    const iso = await superuser.patch(`/system-notifications/${notice.uuid}`, { publish_at: '2026-05-01T08:30:00Z' });
    expect(Object.keys(json<{ errors: object }>(iso).errors)).toEqual(['publish_at']);
    const stale = await superuser.request(
      'PATCH',
      `/system-notifications/${notice.uuid}`,
      { type: 'info' },
      { 'if-match': `"${notice.updated_at}"` },
    );
    expect(stale.statusCode).toBe(409);
    expect((await superuser.put('/system-notifications/999999', body('None', 'info', 0))).statusCode).toBe(404);
    // deleted by uuid (its links) or by number (the older API), once
    expect((await superuser.delete(`/system-notifications/${notice.uuid}`)).statusCode).toBe(200);
    expect((await superuser.delete(`/system-notifications/${notice.id}/`)).statusCode).toBe(404);
    expect((await superuser.get(`/system-notifications/${notice.uuid}`)).statusCode).toBe(404);
  });
});

describe('the migration 0025', () => {
  it('keeps every license with its properties and every notification with its number and read marks', async () => {
    const { db, upTo } = await databaseBefore('0025');
    const sg = '11111111-1111-4111-8111-111111111111';
    const [p1, p2] = ['aaaaaaaa-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000002'];
    await db.exec(`insert into settings_groups (uuid, name) values ('${sg}', 'Eins');
      insert into users (id, email, password_hash, first_name, last_name) values (7, 'a@example.com', 'x', 'A', 'B');
      insert into licenses (uuid, settings_group_uuid, name, valid_from, valid_to) values
        ('bbbbbbbb-0000-4000-8000-000000000001', '${sg}', 'Both', '2026-01-01', '2026-12-31'),
        ('bbbbbbbb-0000-4000-8000-000000000002', '${sg}', 'None', '2026-01-01', '2027-12-31');
      insert into license_properties values
        ('bbbbbbbb-0000-4000-8000-000000000001', '${p2}'), ('bbbbbbbb-0000-4000-8000-000000000001', '${p1}');
      insert into system_notifications (type, publish_at, translations, created_by) values
        ('info', '2026-01-01 10:00:00+00', '{"de": {"title": "Hallo", "body": ""}}', 7),
        ('warning', '2026-02-01 10:00:00+00', '{"en-us": {"title": "Hello", "body": ""}, "de": {"title": "Hallo", "body": ""}}', null);
      insert into system_notification_views (notification_id, user_id) values (2, 7)`);
    await upTo('0026');
    const licenses = await db.query<{ name: string; property_uuids: string[] }>(
      'select name, property_uuids from licenses order by name',
    );
    expect(licenses.rows).toEqual([
      { name: 'Both', property_uuids: [p1, p2] },
      { name: 'None', property_uuids: [] },
    ]);
    const notices = await db.query<{ id: number; title: string; uuid: string; read: number }>(
      `select n.id, n.title, n.uuid, (select count(*)::int from system_notification_views v
         where v.notification_uuid = n.uuid and v.user_id = 7) as read
       from system_notifications n order by n.id`,
    );
    expect(notices.rows.map(({ uuid: _u, ...n }) => n)).toEqual([
      { id: 1, title: 'Hallo', read: 0 },
      { id: 2, title: 'Hello', read: 1 },
    ]);
    expect(new Set(notices.rows.map((n) => n.uuid)).size).toBe(2);
    // the next notification takes the next number
    const next = await db.query<{ id: number }>(
      `insert into system_notifications (type, publish_at, translations) values ('info', now(), '{}') returning id`,
    );
    expect(next.rows[0]!.id).toBe(3);
    const left = await db.query(`select 1 from information_schema.tables where table_name = 'license_properties'`);
    expect(left.rows).toEqual([]);
    await db.close();
  }, 120_000);
});
