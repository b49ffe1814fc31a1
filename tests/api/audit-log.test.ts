// The audit log (docs/domain/permissions.md, "Audit log"): every change an admin makes to members, user groups,
// permission groups, invitations, networks and the settings group itself is written with who, from which address
// and what changed, in the change's transaction (a refused change leaves no entry); admins read it newest first,
// paged by `before` or by page; 401/403/404 as for every admin route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, signedIn, type TestEnv } from './harness';
import { workspace } from './planning-support';
import { settingsGroupMembers } from '../../server/db/schema';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

interface Entry {
  id: number;
  user: { uuid: string; name: string; email: string } | null;
  action: string;
  target_type: string | null;
  target_uuid: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  created_at: string;
}
interface Page {
  data: Entry[];
  meta: { next_before: number | null; per_page: number; page: number };
}
const IP = '203.0.113.7';

async function setup() {
  const ws = await workspace(env);
  const admin = new Client(env.app, { remoteAddress: IP });
  admin.cookies = new Map(ws.client.cookies);
  const add = async (role: 'admin' | 'user' = 'user') => {
    const m = await signedIn(env);
    await env.database.db
      .insert(settingsGroupMembers)
      .values({ settings_group_uuid: ws.settingsGroup, user_id: m.user.id, role });
    return m;
  };
  const log = async (query = '') =>
    json<Page>(await admin.get(`/settings-groups/${ws.settingsGroup}/audit-log${query}`));
  return { ws, admin, add, log, sg: ws.settingsGroup };
}

describe('audit log', () => {
  it('records each admin change with who, the address and the details', async () => {
    const { ws, admin, add, log, sg } = await setup();
    const anna = await add();
    const beat = await add();

    const ug = json<{ data: { uuid: string } }>(
      await admin.post('/user-groups', { settings_group_uuid: sg, name: 'Technik', member_uuids: [anna.user.uuid] }),
    ).data.uuid;
    await admin.patch(`/user-groups/${ug}`, { name: 'Haustechnik' });
    const pg = json<{ data: { uuid: string } }>(
      await admin.post('/permission-groups', {
        settings_group_uuid: sg,
        name: 'Lesen',
        rights: { facility: ['view'] },
        user_group_uuids: [ug],
      }),
    ).data.uuid;
    await admin.patch(`/permission-groups/${pg}`, { rights: { facility: ['view', 'update'] } });
    await admin.patch(`/settings-groups/${sg}/members/${anna.user.uuid}`, { role: 'admin' });
    await admin.patch(`/settings-groups/${sg}/members/${beat.user.uuid}`, { user_group_uuids: [ug] });
    await admin.delete(`/settings-groups/${sg}/members/${beat.user.uuid}`);
    await admin.delete(`/permission-groups/${pg}`);
    await admin.delete(`/user-groups/${ug}`);
    const inv = json<{ data: { uuid: string }[] }>(
      await admin.post(`/settings-groups/${sg}/invitations`, { emails: ['carla@example.com'], role: 'user' }),
    ).data[0]!.uuid;
    expect((await admin.post(`/invitations/${inv}/resend`)).statusCode).toBe(200);
    expect((await admin.delete(`/invitations/${inv}`)).statusCode).toBe(200);
    const net = json<{ data: { uuid: string } }>(
      await admin.post('/networks', { settings_group_uuid: sg, cidr: '10.9.0.0/16', action: 'deny' }),
    ).data.uuid;
    await admin.patch(`/networks/${net}`, { description: 'Guests' });
    await admin.delete(`/networks/${net}`);
    await admin.patch(`/settings-groups/${sg}`, { allowed_email_domains: ['firma.ch'] });
    // refused changes leave no entry
    expect((await admin.patch(`/settings-groups/${sg}/members/${ws.user.uuid}`, { role: 'user' })).statusCode).toBe(
      422,
    );
    expect(
      (await admin.post('/networks', { settings_group_uuid: sg, cidr: '::1/129', action: 'deny' })).statusCode,
    ).toBe(422);

    const entries = (await log('?per_page=200')).data;
    expect(entries.map((e) => e.action)).toEqual([
      'settings_group.update',
      'network.delete',
      'network.update',
      'network.create',
      'invitation.revoke',
      'invitation.resend',
      'invitation.send',
      'user_group.delete',
      'permission_group.delete',
      'member.remove',
      'member.user_groups',
      'member.role_change',
      'permission_group.update',
      'permission_group.create',
      'user_group.update',
      'user_group.create',
    ]);
    for (const e of entries) {
      expect(e.user, e.action).toEqual({
        uuid: ws.user.uuid,
        name: expect.any(String) as string,
        email: ws.user.email,
      });
      expect(e.ip, e.action).toBe(IP);
    }
    const by = (action: string) => entries.find((e) => e.action === action)!;
    expect(by('user_group.create')).toMatchObject({
      target_type: 'user_group',
      target_uuid: ug,
      details: { name: 'Technik', member_uuids: [anna.user.uuid] },
    });
    expect(by('user_group.update').details).toMatchObject({ name: 'Haustechnik', renamed_from: 'Technik' });
    expect(by('user_group.delete').details).toMatchObject({ name: 'Haustechnik' });
    expect(by('permission_group.create').details).toMatchObject({ name: 'Lesen', user_group_uuids: [ug] });
    expect(by('permission_group.update').details).toMatchObject({
      rights: { from: { facility: ['view'] }, to: { facility: ['view', 'update'] } },
    });
    expect(by('permission_group.delete')).toMatchObject({ target_uuid: pg, details: { name: 'Lesen' } });
    expect(by('member.role_change')).toMatchObject({
      target_type: 'user',
      target_uuid: anna.user.uuid,
      details: { email: anna.user.email, from: 'user', to: 'admin' },
    });
    expect(by('member.user_groups').details).toMatchObject({ email: beat.user.email, user_group_uuids: [ug] });
    expect(by('member.remove')).toMatchObject({
      target_uuid: beat.user.uuid,
      details: { email: beat.user.email, role: 'user' },
    });
    expect(by('invitation.send')).toMatchObject({
      target_uuid: inv,
      details: { email: 'carla@example.com', role: 'user' },
    });
    expect(by('invitation.resend').details).toMatchObject({ email: 'carla@example.com' });
    expect(by('invitation.revoke').details).toMatchObject({ email: 'carla@example.com' });
    expect(by('network.create')).toMatchObject({ target_uuid: net, details: { cidr: '10.9.0.0/16', action: 'deny' } });
    expect(by('network.update').details).toMatchObject({ changes: { description: { from: null, to: 'Guests' } } });
    expect(by('network.delete').details).toMatchObject({ cidr: '10.9.0.0/16', description: 'Guests' });
    expect(by('settings_group.update')).toMatchObject({
      target_uuid: sg,
      details: { changes: { allowed_email_domains: { from: [], to: ['firma.ch'] } } },
    });

    // a member who is made admin reads the same log
    const asAnna = json<Page>(await anna.client.get(`/settings-groups/${sg}/audit-log`));
    expect(asAnna.data.map((e) => e.id)).toEqual(entries.map((e) => e.id));
  });

  it('pages newest first by `before` or by page', async () => {
    const { admin, log, sg } = await setup();
    for (const name of ['A', 'B', 'C', 'D', 'E']) await admin.post('/user-groups', { settings_group_uuid: sg, name });
    const names = (p: Page) => p.data.map((e) => e.details.name);
    const first = await log('?per_page=2');
    expect(names(first)).toEqual(['E', 'D']);
    expect(first.meta.next_before).toBe(first.data[1]!.id);
    const second = await log(`?per_page=2&before=${first.meta.next_before}`);
    expect(names(second)).toEqual(['C', 'B']);
    const last = await log(`?per_page=2&before=${second.meta.next_before}`);
    expect(names(last)).toEqual(['A']);
    expect(last.meta.next_before).toBeNull();
    expect(names(await log('?per_page=2&page=2'))).toEqual(['C', 'B']);
    expect((await admin.get(`/settings-groups/${sg}/audit-log?per_page=1000`)).statusCode).toBe(422);
  });

  it('answers 401 signed out, 403 to a member, 404 outside; other settings groups are not in it', async () => {
    const { add, log, sg } = await setup();
    const other = await setup();
    await other.admin.post('/user-groups', { settings_group_uuid: other.sg, name: 'Elsewhere' });
    expect((await log()).data).toEqual([]);
    const anon = new Client(env.app);
    expect((await anon.get(`/settings-groups/${sg}/audit-log`)).statusCode).toBe(401);
    const user = await add();
    expect((await user.client.get(`/settings-groups/${sg}/audit-log`)).statusCode).toBe(403);
    const stranger = await signedIn(env);
    expect((await stranger.client.get(`/settings-groups/${sg}/audit-log`)).statusCode).toBe(404);
  });
});
