// Settings groups: membership-scoped; another workspace's group is a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsGroupMembers } from '../../server/db/schema';
import { Client, createTestEnv, json, signedIn, type TestEnv } from './harness';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

describe('settings groups', () => {
  it('creates a group whose creator is admin, and lists slim groups sorted by name', async () => {
    const { client } = await signedIn(env);
    const created = await client.post('/settings-groups', { name: 'Zeta Verwaltung' });
    expect(created.statusCode).toBe(201);
    expect(json<{ data: { role: string; member_count: number } }>(created).data).toMatchObject({
      role: 'admin',
      member_count: 1,
    });
    await client.post('/settings-groups', {
      name: 'Alpha Immobilien',
      locale_settings: { active: ['de-ch'], mandatory: ['de-ch'] },
    });
    const list = json<{ data: { name: string; role: string; uuid: string }[] }>(
      await client.get('/settings-groups?slim=1&sortBy=name'),
    ).data;
    expect(list.map((g) => g.name)).toEqual(['Alpha Immobilien', 'Zeta Verwaltung']);
    expect(Object.keys(list[0]!).sort()).toEqual(['name', 'role', 'uuid']);
    const me = json<{ data: { default_settings_group: { name: string }; settings_group_count: number } }>(
      await client.get('/user'),
    ).data;
    expect(me.default_settings_group.name).toBe('Zeta Verwaltung');
    expect(me.settings_group_count).toBe(2);
    const one = json<{ data: { locale_settings: unknown } }>(
      await client.get(`/settings-groups/${list[0]!.uuid}`),
    ).data;
    expect(one.locale_settings).toEqual({ active: ['de-ch'], mandatory: ['de-ch'] });
  });

  it('lists the members of a group to its members only (pickers), 404 to others, 401 signed out', async () => {
    const a = await signedIn(env, { first_name: 'Anna', last_name: 'Zürcher' });
    const b = await signedIn(env, { first_name: 'Beat', last_name: 'Amsler' });
    const c = await signedIn(env);
    const { uuid } = json<{ data: { uuid: string } }>(await a.client.post('/settings-groups', { name: 'Team' })).data;
    await env.database.db
      .insert(settingsGroupMembers)
      .values({ settings_group_uuid: uuid, user_id: b.user.id, role: 'user' });
    const members = await b.client.get(`/settings-groups/${uuid}/members`);
    expect(members.statusCode).toBe(200);
    expect(json(members).data).toEqual([
      { user_uuid: b.user.uuid, name: 'Beat Amsler', role: 'user' },
      { user_uuid: a.user.uuid, name: 'Anna Zürcher', role: 'admin' },
    ]);
    const foreign = await c.client.get(`/settings-groups/${uuid}/members`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe((await c.client.get(`/settings-groups/${uuid}`)).body);
    expect((await new Client(env.app).get(`/settings-groups/${uuid}/members`)).statusCode).toBe(401);
  });

  it('answers 404 for another workspace and 422 for a malformed uuid', async () => {
    const a = await signedIn(env);
    const b = await signedIn(env);
    const { uuid } = json<{ data: { uuid: string } }>(
      await a.client.post('/settings-groups', { name: 'Private' }),
    ).data;
    const foreign = await b.client.get(`/settings-groups/${uuid}`);
    const missing = await b.client.get('/settings-groups/00000000-0000-4000-8000-000000000000');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(json<{ data: unknown[] }>(await b.client.get('/settings-groups?slim=1')).data).toHaveLength(0);
    expect((await b.client.patch(`/settings-groups/${uuid}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await b.client.get('/settings-groups/not-a-uuid')).statusCode).toBe(422);
  });

  it('rejects an empty or over-long name and unknown fields with 422', async () => {
    const { client } = await signedIn(env);
    let res = await client.post('/settings-groups', { name: '' });
    expect(json(res).errors).toHaveProperty('name');
    res = await client.post('/settings-groups', { name: 'x'.repeat(121) });
    expect(json(res).errors).toHaveProperty('name');
    res = await client.post('/settings-groups', { name: 'ok', owner_id: 1 });
    expect(json(res).errors).toHaveProperty('owner_id');
    expect((await client.get('/settings-groups?sortBy=created_at')).statusCode).toBe(422);
  });

  it('lets only admins change a group, and enforces two-factor sign-in when the group asks for it', async () => {
    const admin = await signedIn(env);
    const { uuid } = json<{ data: { uuid: string } }>(
      await admin.client.post('/settings-groups', { name: 'Strict AG' }),
    ).data;
    const member = await signedIn(env);
    const { settingsGroupMembers } = await import('../../server/db/schema');
    await env.database.db
      .insert(settingsGroupMembers)
      .values({ settings_group_uuid: uuid, user_id: member.user.id, role: 'user' });
    expect((await member.client.patch(`/settings-groups/${uuid}`, { name: 'Hijack' })).statusCode).toBe(403);
    // an admin without 2FA cannot lock everybody out, including themselves
    const refused = await admin.client.patch(`/settings-groups/${uuid}`, { enforce_two_factor: true });
    expect(refused.statusCode).toBe(422);
    expect(json(refused).errors).toHaveProperty('enforce_two_factor');
    const { users } = await import('../../server/db/schema');
    const { eq } = await import('drizzle-orm');
    await env.database.db
      .update(users)
      .set({ two_factor_secret: 'x', two_factor_confirmed_at: new Date() })
      .where(eq(users.id, admin.user.id));
    expect((await admin.client.patch(`/settings-groups/${uuid}`, { enforce_two_factor: true })).statusCode).toBe(200);
    const blocked = await member.client.get(`/settings-groups/${uuid}`);
    expect(blocked.statusCode).toBe(403);
    expect(json(blocked).message).toBe('This settings group requires two-factor sign-in.');
  });

  it('answers 401 without a session', async () => {
    const client = new Client(env.app);
    await client.csrf();
    expect((await client.get('/settings-groups')).statusCode).toBe(401);
    expect((await client.post('/settings-groups', { name: 'x' })).statusCode).toBe(401);
    expect((await client.get('/settings-groups/00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
  });
});
