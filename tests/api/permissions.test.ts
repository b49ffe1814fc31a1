// Permission groups (docs/domain/permissions.md, "Permissions and roles"): a settings group without permission
// groups keeps the default member rights; once it has one, a member may do exactly what the permission groups of
// their user groups grant, on every generic route (lists and reads scoped in SQL, writes 403, links, bulk rows
// skipped, export and import 403). User groups, permission groups and members are admins' (403 for members, 404
// outside, 401 signed out), with their bad input as 422/409 and nothing half written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsGroupMembers } from '../../server/db/schema';
import { Client, createTestEnv, json, signedIn, type TestEnv } from './harness';
import { post, workspace, type Rec, type Ws } from './planning-support';
import { multipart } from './uploads';
import { finished, upload, xlsx } from './workbooks';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

/** A workspace with a facility and a contract, and a second member (a user) in it. */
async function team() {
  const ws = await workspace(env);
  const member = await signedIn(env);
  await env.database.db
    .insert(settingsGroupMembers)
    .values({ settings_group_uuid: ws.settingsGroup, user_id: member.user.id, role: 'user' });
  const facility = (await post(ws.client, '/facilities', { property_uuid: ws.property, name: 'Heizung' })).body.data;
  const contract = (await post(ws.client, '/contracts', { property_uuid: ws.property, title: 'Wartung Lift' })).body;
  return { ws, member, facility, contract: contract.data };
}

async function grant(ws: Ws, memberUuid: string, rights: Record<string, string[]>) {
  const group = await post(ws.client, '/user-groups', {
    settings_group_uuid: ws.settingsGroup,
    name: `Team ${Math.random().toString(36).slice(2, 6)}`,
    member_uuids: [memberUuid],
  });
  expect(group.status).toBe(201);
  const pg = await post(ws.client, '/permission-groups', {
    settings_group_uuid: ws.settingsGroup,
    name: `Rights ${Math.random().toString(36).slice(2, 6)}`,
    rights,
    user_group_uuids: [group.body.data.uuid],
  });
  expect(pg.status).toBe(201);
  return { userGroup: group.body.data, permissionGroup: pg.body.data };
}

describe('rights of members', () => {
  it('keeps the default rights while the settings group has no permission group', async () => {
    const { ws, member, facility } = await team();
    const made = await post(member.client, '/facilities', { property_uuid: ws.property, name: 'Lüftung' });
    expect(made.status).toBe(201);
    const one = json<{ data: Rec }>(await member.client.get(`/facilities/${facility.uuid}`)).data;
    expect(Object.keys(one.links).sort()).toEqual(['archive', 'related_tasks', 'self', 'update']);
    expect((await member.client.delete(`/facilities/${facility.uuid}`)).statusCode).toBe(403);
  });

  it('grants exactly what the permission groups of the member’s user groups grant', async () => {
    const { ws, member, facility, contract } = await team();
    await grant(ws, member.user.uuid, { facility: ['view', 'update'] });
    // view and update on facilities; nothing on contracts
    const list = json<{ data: Rec[]; meta: { total: number }; links: Record<string, string> }>(
      await member.client.get('/facilities'),
    );
    expect(list.data.map((f) => f.uuid)).toEqual([facility.uuid]);
    expect(list.links.create).toBeUndefined();
    expect(Object.keys(list.data[0]!.links).sort()).toEqual(['related_tasks', 'self', 'update']);
    const patched = await member.client.patch(`/facilities/${facility.uuid}`, { name: 'Heizung Nord' });
    expect(patched.statusCode).toBe(200);
    expect((await member.client.post('/facilities', { property_uuid: ws.property, name: 'X' })).statusCode).toBe(403);
    expect((await member.client.post(`/facilities/${facility.uuid}/archive`)).statusCode).toBe(403);
    expect((await member.client.delete(`/facilities/${facility.uuid}`)).statusCode).toBe(403);
    const contracts = json<{ data: Rec[]; meta: { total: number } }>(await member.client.get('/contracts'));
    expect(contracts.data).toEqual([]);
    expect(contracts.meta.total).toBe(0);
    const hidden = await member.client.get(`/contracts/${contract.uuid}`);
    const missing = await member.client.get('/contracts/00000000-0000-4000-8000-000000000000');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(missing.body);
    // the admin still sees and may do everything
    expect(json<{ data: Rec }>(await ws.client.get(`/contracts/${contract.uuid}`)).data.links.delete).toBeDefined();
    // export needs the export right; import the import right
    expect((await member.client.get('/facilities/export?format=csv')).statusCode).toBe(403);
    expect((await ws.client.get('/facilities/export?format=csv')).statusCode).toBe(200);
  });

  it('leaves a member in no user group with a permission group without any right', async () => {
    const { ws, member } = await team();
    const other = await signedIn(env);
    await env.database.db
      .insert(settingsGroupMembers)
      .values({ settings_group_uuid: ws.settingsGroup, user_id: other.user.id, role: 'user' });
    await grant(ws, other.user.uuid, { facility: ['view'] });
    expect(json<{ data: Rec[] }>(await member.client.get('/facilities')).data).toEqual([]);
    expect(json<{ data: Rec[] }>(await other.client.get('/facilities')).data).toHaveLength(1);
    expect(
      (await member.client.post('/properties', { settings_group_uuid: ws.settingsGroup, name: 'Y' })).statusCode,
    ).toBe(403);
  });

  it('takes the union over several permission groups and follows a change at once', async () => {
    const { ws, member, facility } = await team();
    const { permissionGroup } = await grant(ws, member.user.uuid, { facility: ['view'] });
    await grant(ws, member.user.uuid, { facility: ['view', 'archive'] });
    const one = json<{ data: Rec }>(await member.client.get(`/facilities/${facility.uuid}`)).data;
    expect(Object.keys(one.links).sort()).toEqual(['archive', 'self']);
    const changed = await member.client.get(`/facilities/${facility.uuid}`);
    expect(changed.statusCode).toBe(200);
    await ws.client.patch(`/permission-groups/${permissionGroup.uuid}`, { rights: { facility: ['view', 'delete'] } });
    const after = json<{ data: Rec }>(await member.client.get(`/facilities/${facility.uuid}`)).data;
    expect(Object.keys(after.links).sort()).toEqual(['archive', 'delete', 'self']);
  });

  it('tells the client its own rights per settings group', async () => {
    const { ws, member } = await team();
    const mine = async (c: Client) =>
      json<{ data: Record<string, { role: string; rights: Record<string, string[]> }> }>(await c.get('/user/rights'))
        .data[ws.settingsGroup]!;
    expect((await mine(member.client)).rights.facility).toEqual([
      'view',
      'create',
      'update',
      'archive',
      'import',
      'export',
    ]);
    await grant(ws, member.user.uuid, { facility: ['view', 'update'] });
    const after = await mine(member.client);
    expect(after).toEqual({ role: 'user', rights: { facility: ['view', 'update'] } });
    expect((await mine(ws.client)).rights.contract).toContain('delete');
    expect((await new Client(env.app).get('/user/rights')).statusCode).toBe(401);
  });

  it('skips the rows a bulk update may not touch and says how many', async () => {
    const { ws, member, facility } = await team();
    await grant(ws, member.user.uuid, { facility: ['view'] });
    const res = await member.client.patch('/facilities', { rows: [{ uuid: facility.uuid, name: 'Neu' }] });
    expect(res.statusCode).toBe(200);
    const body = json<{ data: { status: string }[]; meta: { skipped: number; message: string } }>(res);
    expect(body.data[0]!.status).toBe('skipped');
    expect(body.meta.message).toMatch(/one record/i);
    const still = json<{ data: Rec }>(await ws.client.get(`/facilities/${facility.uuid}`)).data;
    expect(still.name).toBe('Heizung');
  });

  it('refuses an import without the import right', async () => {
    const { ws, member } = await team();
    await grant(ws, member.user.uuid, { facility: ['view', 'create'] });
    const { body, contentType } = multipart(
      { model: 'facility' },
      { name: 'Anlagen.csv', data: Buffer.from('name;property_uuid\r\nPumpe;x\r\n'), type: 'text/csv' },
    );
    const up = await member.client.request('POST', '/imports', body, { 'content-type': contentType });
    expect(up.statusCode).toBe(201);
    const job = json<{ data: { uuid: string } }>(up).data.uuid;
    const v = await member.client.post(`/imports/${job}/validate`, {
      settings_group_uuid: ws.settingsGroup,
      mapping: { '0': 'name' },
    });
    expect(v.statusCode).toBe(403);
  });
});

describe('user groups, permission groups and members', () => {
  it('is for admins: 403 for a member, 404 outside, 401 signed out', async () => {
    const { ws, member } = await team();
    const { userGroup, permissionGroup } = await grant(ws, member.user.uuid, { facility: ['view'] });
    const stranger = await signedIn(env);
    for (const url of [
      `/user-groups/${userGroup.uuid}`,
      `/permission-groups/${permissionGroup.uuid}`,
      `/settings-groups/${ws.settingsGroup}/members/details`,
    ]) {
      expect((await member.client.get(url)).statusCode, url).toBe(403);
      expect((await stranger.client.get(url)).statusCode, url).toBe(404);
      expect((await new Client(env.app).get(url)).statusCode, url).toBe(401);
    }
    expect(json<{ data: unknown[] }>(await stranger.client.get('/user-groups')).data).toEqual([]);
    expect((await member.client.get(`/user-groups?settings_group_uuid=${ws.settingsGroup}`)).statusCode).toBe(403);
    expect((await member.client.patch(`/user-groups/${userGroup.uuid}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await stranger.client.delete(`/permission-groups/${permissionGroup.uuid}`)).statusCode).toBe(404);
    expect(
      (await member.client.patch(`/settings-groups/${ws.settingsGroup}/members/${member.user.uuid}`, { role: 'admin' }))
        .statusCode,
    ).toBe(403);
  });

  it('imports user groups naming their members by name or e-mail (any case), and refuses an outsider', async () => {
    const ws = await workspace(env);
    const join = async (overrides: { first_name: string; last_name: string }) => {
      const m = await signedIn(env, overrides);
      await env.database.db
        .insert(settingsGroupMembers)
        .values({ settings_group_uuid: ws.settingsGroup, user_id: m.user.id, role: 'user' });
      return m.user;
    };
    const anna = await join({ first_name: 'Anna', last_name: 'Keller' });
    const ben = await join({ first_name: 'Ben', last_name: 'Roth' });
    const stranger = (await signedIn(env)).user; // a user of no settings group of this workspace
    const file = await xlsx({
      S: [
        ['Name', 'Members'],
        ['Technik', `anna keller; ${ben.email.toUpperCase()}`],
        ['Leer', ''],
        ['Fremd', `Anna Keller; ${stranger.email}`],
      ],
    });
    const job = json<{ data: { uuid: string } }>(await upload(ws.client, file, 'groups.xlsx', 'user_group')).data;
    const body = { settings_group_uuid: ws.settingsGroup, mapping: { '0': 'name', '1': 'member_uuids' } };
    const checked = json<{
      data: { counts: Record<string, number>; problems: { row: number; errors: Record<string, string[]> }[] };
    }>(await ws.client.post(`/imports/${job.uuid}/validate`, body)).data;
    expect(checked.counts).toMatchObject({ create: 2, error: 1 });
    expect(checked.problems.map((p) => [p.row, Object.keys(p.errors)])).toEqual([[4, ['member_uuids']]]);
    expect(checked.problems[0]!.errors.member_uuids![0]).toContain(stranger.email);
    expect((await ws.client.post(`/imports/${job.uuid}/run`, body)).statusCode).toBe(202);
    expect((await finished(ws.client, job.uuid)).counts).toMatchObject({ created: 2, failed: 1 });
    const groups = json<{ data: { name: string; member_uuids: string[] }[] }>(
      await ws.client.get(`/user-groups?settings_group_uuid=${ws.settingsGroup}&sort_by=name`),
    ).data;
    expect(groups.map((g) => [g.name, g.member_uuids])).toEqual([
      ['Leer', []],
      ['Technik', [anna.uuid, ben.uuid]],
    ]);
  });

  it('refuses bad rights, taken names and foreign members or groups with 422, writing nothing', async () => {
    const { ws, member } = await team();
    const stranger = await signedIn(env);
    const sg = ws.settingsGroup;
    const bad = async (url: string, body: Record<string, unknown>, field: string) => {
      const res = await ws.client.post(url, { settings_group_uuid: sg, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(json<{ errors: Record<string, string[]> }>(res).errors).join()).toContain(field);
    };
    await bad('/permission-groups', { name: 'A', rights: { facility: ['delete'] } }, 'rights');
    await bad('/permission-groups', { name: 'A', rights: { spaceship: ['view'] } }, 'rights');
    await bad('/permission-groups', { name: 'A', rights: { facility: ['view', 'fly'] } }, 'rights');
    await bad('/permission-groups', { name: 'A', rights: { facility: ['view', 'view'] } }, 'rights');
    await bad('/permission-groups', { name: '   ' }, 'name');
    await bad('/user-groups', { name: 'B', member_uuids: [stranger.user.uuid] }, 'member_uuids');
    const other = await workspace(env);
    const foreignGroup = (
      await post(other.client, '/user-groups', { settings_group_uuid: other.settingsGroup, name: 'Theirs' })
    ).body.data;
    await bad('/permission-groups', { name: 'C', user_group_uuids: [foreignGroup.uuid] }, 'user_group_uuids');
    expect((await post(ws.client, '/user-groups', { settings_group_uuid: sg, name: 'Technik' })).status).toBe(201);
    await bad('/user-groups', { name: 'technik' }, 'name');
    const lists = await Promise.all([
      ws.client.get(`/permission-groups?settings_group_uuid=${sg}`),
      ws.client.get(`/user-groups?settings_group_uuid=${sg}`),
    ]);
    expect(json<{ data: unknown[] }>(lists[0]).data).toEqual([]);
    expect(json<{ data: { name: string }[] }>(lists[1]).data.map((g) => g.name)).toEqual(['Technik']);
    expect(json<{ data: unknown[] }>(await member.client.get('/facilities')).data).toHaveLength(1); // defaults still
  });

  it('changes roles and user groups, never one’s own role nor the last admin away', async () => {
    const { ws, member } = await team();
    const base = `/settings-groups/${ws.settingsGroup}/members`;
    const own = await ws.client.patch(`${base}/${ws.user.uuid}`, { role: 'user' });
    expect(own.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(own).errors.role).toBeDefined();
    const gone = await ws.client.delete(`${base}/${ws.user.uuid}`);
    expect(gone.statusCode).toBe(409);
    const group = (await post(ws.client, '/user-groups', { settings_group_uuid: ws.settingsGroup, name: 'Hauswarte' }))
      .body.data;
    const promoted = await ws.client.patch(`${base}/${member.user.uuid}`, {
      role: 'admin',
      user_group_uuids: [group.uuid],
    });
    expect(promoted.statusCode).toBe(200);
    expect(json<{ data: { role: string; user_group_uuids: string[] } }>(promoted).data).toMatchObject({
      role: 'admin',
      user_group_uuids: [group.uuid],
    });
    // now the other admin may demote the first; then the last admin cannot be demoted
    expect((await member.client.patch(`${base}/${ws.user.uuid}`, { role: 'user' })).statusCode).toBe(200);
    const last = await ws.client.patch(`${base}/${member.user.uuid}`, { role: 'user' });
    expect(last.statusCode).toBe(403); // no longer an admin
    const details = json<{ data: { user_uuid: string; role: string; two_factor: boolean }[] }>(
      await member.client.get(`${base}/details`),
    ).data;
    expect(details.map((d) => d.role).sort()).toEqual(['admin', 'user']);
    const removed = await member.client.delete(`${base}/${ws.user.uuid}`);
    expect(removed.statusCode).toBe(200);
    expect((await ws.client.get(`/settings-groups/${ws.settingsGroup}`)).statusCode).toBe(404);
    expect((await member.client.delete(`${base}/${ws.user.uuid}`)).statusCode).toBe(404);
    const unknown = await member.client.patch(`${base}/00000000-0000-4000-8000-000000000000`, { role: 'user' });
    expect(unknown.statusCode).toBe(404);
  });
});
