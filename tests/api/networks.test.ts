// Networks (docs/domain/permissions.md, "Networks"): admins keep allowed and denied address ranges per settings
// group; ranges are validated and normalised (a bare address is /32 or /128, host bits cleared), a duplicate is a
// 409 unless replaced; a request from a refused address gets nothing of that settings group (lists empty, records
// 404) and a 403 where it names the settings group; an allow list admits only its ranges; a change that would
// lock the admin out needs confirming; X-Forwarded-For counts only behind a trusted proxy; 401/403/404 as for
// every admin route.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { Client, createTestEnv, json, signedIn, type TestEnv } from './harness';
import { workspace } from './planning-support';
import { settingsGroupMembers } from '../../server/db/schema';
import { allowedFrom, normaliseCidr } from '../../server/services/networks.service';
import { translate } from '../../server/i18n/messages';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

interface Net {
  uuid: string;
  cidr: string;
  action: string;
  description: string | null;
}
const from = (c: Client, remoteAddress: string) => {
  const moved = new Client(c.app, { remoteAddress });
  moved.cookies = new Map(c.cookies);
  return moved;
};
async function member(ws: { settingsGroup: string }, role: 'admin' | 'user' = 'user') {
  const m = await signedIn(env);
  await env.database.db
    .insert(settingsGroupMembers)
    .values({ settings_group_uuid: ws.settingsGroup, user_id: m.user.id, role });
  return m;
}

describe('CIDR ranges', () => {
  it('normalises addresses and ranges and refuses what is none', () => {
    expect(normaliseCidr('192.168.1.5')).toBe('192.168.1.5/32');
    expect(normaliseCidr(' 10.1.2.3/8 ')).toBe('10.0.0.0/8');
    expect(normaliseCidr('0.0.0.0/0')).toBe('0.0.0.0/0');
    expect(normaliseCidr('2001:DB8:0:0::1/32')).toBe('2001:db8::/32');
    expect(normaliseCidr('::1')).toBe('::1/128');
    expect(normaliseCidr('::ffff:10.0.0.1/128')).toBe('::ffff:a00:1/128');
    for (const bad of ['10.0.0.0/33', '::1/129', '10.0.0.1/', '10.0.0.1/-1', '10.0.0.1/x', '10.0.0', 'abc', '']) {
      expect(normaliseCidr(bad), bad).toBeNull();
    }
    expect(normaliseCidr('fe80::1%eth0')).toBeNull();
  });
  it('allows by the allow list and refuses by any deny range', () => {
    expect(allowedFrom([], '1.2.3.4')).toBe(true);
    const rules = [
      { cidr: '10.0.0.0/8', action: 'allow' as const },
      { cidr: '10.9.0.0/16', action: 'deny' as const },
    ];
    expect(allowedFrom(rules, '10.1.1.1')).toBe(true);
    expect(allowedFrom(rules, '::ffff:10.1.1.1')).toBe(true);
    expect(allowedFrom(rules, '10.9.1.1')).toBe(false);
    expect(allowedFrom(rules, '11.0.0.1')).toBe(false);
    expect(allowedFrom([{ cidr: '2001:db8::/32', action: 'deny' }], '2001:db8::5')).toBe(false);
    expect(allowedFrom([{ cidr: '2001:db8::/32', action: 'deny' }], '10.0.0.1')).toBe(true);
  });
});

describe('networks', () => {
  it('validates, normalises, refuses a duplicate (409) and replaces it on request', async () => {
    const ws = await workspace(env);
    const sg = ws.settingsGroup;
    for (const cidr of ['10.0.0.0/33', '::1/129', 'not an address', '10.0.0.1/']) {
      const res = await ws.client.post('/networks', { settings_group_uuid: sg, cidr, action: 'deny' });
      expect(res.statusCode, cidr).toBe(422);
      expect(Object.keys(json<{ errors: Record<string, string[]> }>(res).errors)).toEqual(['cidr']);
    }
    expect(
      (await ws.client.post('/networks', { settings_group_uuid: sg, cidr: '10.0.0.0/8', action: 'x' })).statusCode,
    ).toBe(422);

    const first = await ws.client.post('/networks', {
      settings_group_uuid: sg,
      cidr: '10.1.2.3/8',
      action: 'deny',
      description: 'Guest Wi-Fi',
    });
    expect(first.statusCode).toBe(201);
    const made = json<{ data: Net }>(first).data;
    expect(made).toMatchObject({ cidr: '10.0.0.0/8', action: 'deny', description: 'Guest Wi-Fi' });
    const v6 = await ws.client.post('/networks', { settings_group_uuid: sg, cidr: '2001:DB8::', action: 'deny' });
    expect(json<{ data: Net }>(v6).data.cidr).toBe('2001:db8::/128');

    const again = await ws.client.post('/networks', { settings_group_uuid: sg, cidr: '10.9.9.9/8', action: 'deny' });
    expect(again.statusCode).toBe(409);
    expect(json<{ message: string }>(again).message).toBe('A network with the same IP already exists.');
    expect(translate('de', 'network.duplicate')).toBe('Ein Netzwerk mit derselben IP existiert bereits.');

    const replaced = await ws.client.post('/networks?replace=1', {
      settings_group_uuid: sg,
      cidr: '10.0.0.0/8',
      action: 'deny',
      description: 'Old office',
    });
    expect(replaced.statusCode).toBe(201);
    const list = json<{ data: Net[] }>(await ws.client.get(`/networks?settings_group_uuid=${sg}`)).data;
    expect(list.map((n) => [n.cidr, n.description])).toEqual([
      ['10.0.0.0/8', 'Old office'],
      ['2001:db8::/128', null],
    ]);
    expect((await ws.client.get(`/networks/${made.uuid}`)).statusCode).toBe(404);

    // a change to a range another one has is a 409 as well; one to itself is fine
    const other = json<{ data: Net }>(v6).data;
    expect((await ws.client.patch(`/networks/${other.uuid}`, { cidr: '10.0.0.0/8' })).statusCode).toBe(409);
    const edited = await ws.client.patch(`/networks/${other.uuid}`, { cidr: '2001:db8::/32', description: 'v6' });
    expect(edited.statusCode).toBe(200);
    expect(json<{ data: Net }>(edited).data).toMatchObject({ cidr: '2001:db8::/32', description: 'v6' });
    expect((await ws.client.patch(`/networks/${other.uuid}`, { cidr: '::1/129' })).statusCode).toBe(422);
    expect((await ws.client.delete(`/networks/${other.uuid}`)).statusCode).toBe(200);
    expect((await ws.client.get(`/networks/${other.uuid}`)).statusCode).toBe(404);
  });

  it('answers 401 signed out, 403 to a member, 404 outside', async () => {
    const ws = await workspace(env);
    const sg = ws.settingsGroup;
    const made = json<{ data: Net }>(
      await ws.client.post('/networks', { settings_group_uuid: sg, cidr: '10.0.0.0/8', action: 'deny' }),
    ).data;
    const anon = new Client(env.app);
    await anon.csrf();
    expect((await anon.get(`/networks?settings_group_uuid=${sg}`)).statusCode).toBe(401);
    expect((await anon.get(`/networks/${made.uuid}`)).statusCode).toBe(401);
    expect(
      (await anon.post('/networks', { settings_group_uuid: sg, cidr: '1.2.3.4', action: 'deny' })).statusCode,
    ).toBe(401);

    const user = await member(ws);
    expect((await user.client.get(`/networks?settings_group_uuid=${sg}`)).statusCode).toBe(403);
    expect((await user.client.get(`/networks/${made.uuid}`)).statusCode).toBe(403);
    expect((await user.client.patch(`/networks/${made.uuid}`, { action: 'allow' })).statusCode).toBe(403);
    expect((await user.client.delete(`/networks/${made.uuid}`)).statusCode).toBe(403);
    expect(
      (await user.client.post('/networks', { settings_group_uuid: sg, cidr: '1.2.3.4', action: 'deny' })).statusCode,
    ).toBe(403);
    expect(json<{ data: Net[] }>(await user.client.get('/networks')).data).toEqual([]);

    const stranger = await signedIn(env);
    expect((await stranger.client.get(`/networks?settings_group_uuid=${sg}`)).statusCode).toBe(404);
    expect((await stranger.client.get(`/networks/${made.uuid}`)).statusCode).toBe(404);
    expect((await stranger.client.delete(`/networks/${made.uuid}`)).statusCode).toBe(404);
    expect(
      (await stranger.client.post('/networks', { settings_group_uuid: sg, cidr: '1.2.3.4', action: 'deny' }))
        .statusCode,
    ).toBe(404);
    expect(json<{ data: Net[] }>(await stranger.client.get('/networks')).data).toEqual([]);
    expect(json<{ data: Net[] }>(await ws.client.get('/networks')).data.map((n) => n.uuid)).toContain(made.uuid);
  });

  it('refuses a denied address: nothing of the settings group is returned, naming it is a 403', async () => {
    const ws = await workspace(env);
    const sg = ws.settingsGroup;
    const user = await member(ws);
    expect(
      (await ws.client.post('/networks', { settings_group_uuid: sg, cidr: '10.9.0.0/16', action: 'deny' })).statusCode,
    ).toBe(201);

    const outside = from(user.client, '10.9.1.1');
    const list = await outside.get('/properties');
    expect(list.statusCode).toBe(200);
    expect(json<{ data: unknown[] }>(list).data).toEqual([]);
    expect((await outside.get(`/properties/${ws.property}`)).statusCode).toBe(404);
    const named = await outside.get(`/settings-groups/${sg}`);
    expect(named.statusCode).toBe(403);
    expect(json<{ message: string }>(named).message).toContain('network address');
    expect((await outside.post('/properties', { settings_group_uuid: sg, name: 'Hidden' })).statusCode).toBe(403);
    const groups = json<{ data: { uuid: string }[] }>(await outside.get('/settings-groups')).data;
    expect(groups.map((g) => g.uuid)).not.toContain(sg);
    // a forwarded address is ignored unless the proxy is trusted
    expect(
      (await outside.request('GET', `/settings-groups/${sg}`, undefined, { 'x-forwarded-for': '10.8.1.1' })).statusCode,
    ).toBe(403);

    const inside = from(user.client, '10.8.1.1');
    expect(json<{ data: { uuid: string }[] }>(await inside.get('/properties')).data.map((p) => p.uuid)).toEqual([
      ws.property,
    ]);
    expect((await inside.get(`/settings-groups/${sg}`)).statusCode).toBe(200);
  });

  it('admits only the allow list, and guards the admin against locking themselves out', async () => {
    const ws = await workspace(env);
    const sg = ws.settingsGroup;
    const office = from(ws.client, '192.168.5.5');
    // the admin calls from 127.0.0.1: an allow list without it would lock them out
    const lock = await ws.client.post('/networks', {
      settings_group_uuid: sg,
      cidr: '192.168.0.0/16',
      action: 'allow',
    });
    expect(lock.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(lock).errors.confirm_lockout![0]).toContain('127.0.0.1');
    expect(json<{ data: Net[] }>(await ws.client.get(`/networks?settings_group_uuid=${sg}`)).data).toEqual([]);
    const allowed = await ws.client.post('/networks', {
      settings_group_uuid: sg,
      cidr: '192.168.0.0/16',
      action: 'allow',
      confirm_lockout: true,
    });
    expect(allowed.statusCode).toBe(201);
    const allow = json<{ data: Net }>(allowed).data;

    expect((await ws.client.get(`/networks?settings_group_uuid=${sg}`)).statusCode).toBe(403);
    expect(json<{ data: unknown[] }>(await ws.client.get('/properties')).data).toEqual([]);
    expect((await ws.client.get(`/networks/${allow.uuid}`)).statusCode).toBe(403);
    // lists without a settings group leave the refused one out
    expect(json<{ data: Net[] }>(await ws.client.get('/networks')).data).toEqual([]);
    await office.post('/user-groups', { settings_group_uuid: sg, name: 'Office' });
    expect(json<{ data: unknown[] }>(await ws.client.get('/user-groups')).data).toEqual([]);
    expect(json<{ data: unknown[] }>(await office.get('/user-groups')).data).toHaveLength(1);
    expect((await office.get(`/networks?settings_group_uuid=${sg}`)).statusCode).toBe(200);
    expect(json<{ data: { uuid: string }[] }>(await office.get('/properties')).data.map((p) => p.uuid)).toEqual([
      ws.property,
    ]);

    // from inside: denying one's own subnet, narrowing the allow range away or deleting it needs confirming
    const own = await office.post('/networks', { settings_group_uuid: sg, cidr: '192.168.5.0/24', action: 'deny' });
    expect(own.statusCode).toBe(422);
    expect((await office.patch(`/networks/${allow.uuid}`, { cidr: '192.168.6.0/24' })).statusCode).toBe(422);
    expect(
      (await office.post('/networks', { settings_group_uuid: sg, cidr: '192.168.6.0/24', action: 'deny' })).statusCode,
    ).toBe(201);
    const other = json<{ data: Net }>(
      await office.post('/networks', { settings_group_uuid: sg, cidr: '172.16.0.0/12', action: 'allow' }),
    ).data;
    expect((await office.delete(`/networks/${allow.uuid}`)).statusCode).toBe(422);
    expect((await office.delete(`/networks/${other.uuid}`)).statusCode).toBe(200);
    expect((await office.delete(`/networks/${allow.uuid}?confirm_lockout=1`)).statusCode).toBe(200);
    // only the deny range is left: 127.0.0.1 is in again
    expect((await ws.client.get(`/networks?settings_group_uuid=${sg}`)).statusCode).toBe(200);
  });
});

describe('behind a trusted proxy', () => {
  let proxied: TestEnv;
  beforeAll(async () => {
    proxied = await createTestEnv({ trustProxy: true });
  });
  afterAll(() => proxied.close());

  it('reads the caller from X-Forwarded-For', async () => {
    const ws = await workspace(proxied);
    const sg = ws.settingsGroup;
    await ws.client.post('/networks', { settings_group_uuid: sg, cidr: '10.9.0.0/16', action: 'deny' });
    const get = (ip: string) =>
      ws.client.request('GET', `/settings-groups/${sg}`, undefined, { 'x-forwarded-for': ip });
    expect((await get('10.9.1.1')).statusCode).toBe(403);
    expect((await get('10.8.1.1')).statusCode).toBe(200);
    // an address the client sends ahead of the proxy's own is not believed
    expect((await get('10.8.1.1, 10.9.1.1')).statusCode).toBe(403);
  });
});

describe('the log', () => {
  it('names the user, settings group and address of a refused request', async () => {
    const ws = await workspace(env);
    await ws.client.post('/networks', { settings_group_uuid: ws.settingsGroup, cidr: '10.9.0.0/16', action: 'deny' });
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const probe = await buildApp({ database: env.database, config: { scryptCost: 1024 }, logStream: stream });
    await probe.ready();
    const outside = new Client(probe, { remoteAddress: '10.9.1.1' });
    outside.cookies = new Map(ws.client.cookies);
    expect((await outside.get(`/settings-groups/${ws.settingsGroup}`)).statusCode).toBe(403);
    await probe.close();
    const entry = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.event === 'network_denied');
    expect(entry).toMatchObject({ user: ws.user.uuid, settings_group: ws.settingsGroup, ip: '10.9.1.1' });
  });
});
