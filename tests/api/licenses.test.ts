// Licenses (docs/domain/permissions.md, "Licenses"): superusers with confirmed 2FA create, change and delete them
// for any settings group; the settings group's admins read them; members 403, strangers 404 (writes 403 for anyone
// but a superuser), signed out 401; bad dates, unknown fields and properties or holders of another settings group are
// 422s naming the field, with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsGroupMembers } from '../../server/db/schema';
import { Client, createTestEnv, createUser, json, signedIn, signedInWithTwoFactor, type TestEnv } from './harness';
import { addDays, post, today, workspace, type Ws } from './planning-support';

let env: TestEnv;
let ws: Ws;
let other: Ws;
let superuser: Client;
let member: Client;
let stranger: Client;
beforeAll(async () => {
  env = await createTestEnv();
  ws = await workspace(env);
  other = await workspace(env);
  superuser = (await signedInWithTwoFactor(env, { is_superuser: true })).client;
  const user = await createUser(env);
  await env.database.db
    .insert(settingsGroupMembers)
    .values({ settings_group_uuid: ws.settingsGroup, user_id: user.id, role: 'user' });
  member = new Client(env.app);
  await member.login(user.email);
  stranger = (await signedIn(env)).client;
});
afterAll(() => env.close());

interface License {
  uuid: string;
  name: string;
  holder_uuid: string | null;
  holder_name: string | null;
  valid_from: string;
  valid_to: string;
  property_uuids: string[];
  valid_today: boolean;
  links: Record<string, string>;
}
const errorsOf = (res: { json: () => unknown }) => Object.keys((res.json() as { errors: object }).errors);

describe('licenses', () => {
  it('lets a superuser write and the settings group admin read, nobody else', async () => {
    const holder = (
      await post(ws.client, '/contacts', {
        settings_group_uuid: ws.settingsGroup,
        first_name: 'Anna',
        last_name: 'Muster',
      })
    ).body.data;
    const body = {
      settings_group_uuid: ws.settingsGroup,
      name: 'Standard 2026',
      holder_uuid: holder.uuid,
      valid_from: addDays(today(), -10),
      valid_to: addDays(today(), 30),
      property_uuids: [ws.property],
    };
    // only a superuser writes
    expect((await new Client(env.app).post('/licenses', body)).statusCode).toBe(401);
    expect((await ws.client.post('/licenses', body)).statusCode).toBe(403);
    expect((await member.post('/licenses', body)).statusCode).toBe(403);
    const bare = (await signedIn(env, { is_superuser: true })).client; // a superuser without 2FA
    expect((await bare.post('/licenses', body)).statusCode).toBe(403);
    const made = await superuser.post('/licenses', body);
    expect(made.statusCode).toBe(201);
    const lic = json<{ data: License }>(made).data;
    expect(lic).toMatchObject({
      name: 'Standard 2026',
      holder_uuid: holder.uuid,
      holder_name: 'Anna Muster',
      property_uuids: [ws.property],
      valid_today: true,
    });
    expect(lic.links.update).toBeDefined();

    // the admin reads, without write links; member 403, stranger 404, signed out 401
    const read = await ws.client.get(`/licenses/${lic.uuid}`);
    expect(read.statusCode).toBe(200);
    // every record carries its `self` link (docs/domain/api.md, "Records, links and actions"), the admin no other
    expect(json<{ data: License }>(read).data.links).toEqual({ self: `/api/v1/licenses/${lic.uuid}` });
    expect(json<{ data: License[] }>(await ws.client.get('/licenses')).data.map((l) => l.uuid)).toEqual([lic.uuid]);
    expect(
      json<{ data: License[] }>(await ws.client.get(`/licenses?settings_group_uuid=${ws.settingsGroup}`)).data,
    ).toHaveLength(1);
    expect((await member.get(`/licenses/${lic.uuid}`)).statusCode).toBe(403);
    expect((await member.get(`/licenses?settings_group_uuid=${ws.settingsGroup}`)).statusCode).toBe(403);
    expect(json<{ data: License[] }>(await member.get('/licenses')).data).toEqual([]);
    expect((await stranger.get(`/licenses/${lic.uuid}`)).statusCode).toBe(404);
    expect((await stranger.get(`/licenses?settings_group_uuid=${ws.settingsGroup}`)).statusCode).toBe(404);
    expect((await other.client.get(`/licenses/${lic.uuid}`)).statusCode).toBe(404);
    expect(json<{ data: License[] }>(await other.client.get('/licenses')).data).toEqual([]);
    expect((await new Client(env.app).get(`/licenses/${lic.uuid}`)).statusCode).toBe(401);
    expect((await new Client(env.app).get('/licenses')).statusCode).toBe(401);

    // admins cannot change or delete it
    expect((await ws.client.patch(`/licenses/${lic.uuid}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await ws.client.delete(`/licenses/${lic.uuid}`)).statusCode).toBe(403);
    expect((await new Client(env.app).delete(`/licenses/${lic.uuid}`)).statusCode).toBe(401);

    // the superuser changes it and drops the properties, then deletes it
    const changed = await superuser.patch(`/licenses/${lic.uuid}`, {
      name: 'Standard 2027',
      valid_to: addDays(today(), 400),
      property_uuids: [],
    });
    expect(changed.statusCode).toBe(200);
    expect(json<{ data: License }>(changed).data).toMatchObject({ name: 'Standard 2027', property_uuids: [] });
    expect(json<{ data: License[] }>(await superuser.get('/licenses')).data.some((l) => l.uuid === lic.uuid)).toBe(
      true,
    );
    expect((await superuser.delete(`/licenses/${lic.uuid}`)).statusCode).toBe(200);
    expect((await ws.client.get(`/licenses/${lic.uuid}`)).statusCode).toBe(404);
    expect((await superuser.delete(`/licenses/${lic.uuid}`)).statusCode).toBe(404);
  });

  it('refuses bad dates, unknown fields and other settings groups’ properties and holders, naming the field', async () => {
    const base = {
      settings_group_uuid: ws.settingsGroup,
      name: 'Checked',
      valid_from: '2026-01-01',
      valid_to: '2026-12-31',
    };
    const bad = async (body: Record<string, unknown>) => {
      const res = await superuser.post('/licenses', { ...base, ...body });
      expect(res.statusCode).toBe(422);
      return errorsOf(res);
    };
    expect(await bad({ valid_to: '2025-12-31' })).toEqual(['valid_to']);
    expect(await bad({ valid_from: '2026-02-30' })).toEqual(['valid_from']);
    expect(await bad({ valid_to: '31.12.2026' })).toEqual(['valid_to']);
    expect(await bad({ name: '' })).toEqual(['name']);
    expect(await bad({ is_superuser: true })).toEqual(['is_superuser']);
    expect(await bad({ property_uuids: [other.property] })).toEqual(['property_uuids']);
    expect(await bad({ property_uuids: ['not-a-uuid'] })).toEqual(['property_uuids.0']);
    const foreign = (
      await post(other.client, '/contacts', {
        settings_group_uuid: other.settingsGroup,
        first_name: 'Beat',
        last_name: 'Fremd',
      })
    ).body.data;
    expect(await bad({ holder_uuid: foreign.uuid })).toEqual(['holder_uuid']);
    expect(await bad({ settings_group_uuid: crypto.randomUUID() })).toEqual(['settings_group_uuid']);
    expect(json<{ data: License[] }>(await ws.client.get('/licenses')).data).toEqual([]);

    const lic = json<{ data: License }>(await superuser.post('/licenses', base)).data;
    const patch = await superuser.patch(`/licenses/${lic.uuid}`, { valid_from: '2027-01-01' });
    expect(patch.statusCode).toBe(422);
    expect(errorsOf(patch)).toEqual(['valid_to']);
    const moved = await superuser.patch(`/licenses/${lic.uuid}`, { settings_group_uuid: other.settingsGroup });
    expect(errorsOf(moved)).toEqual(['settings_group_uuid']);
    const foreignProp = await superuser.patch(`/licenses/${lic.uuid}`, { property_uuids: [other.property] });
    expect(errorsOf(foreignProp)).toEqual(['property_uuids']);
    expect(json<{ data: License }>(await superuser.get(`/licenses/${lic.uuid}`)).data).toMatchObject({
      valid_from: '2026-01-01',
      property_uuids: [],
    });
  });
});
