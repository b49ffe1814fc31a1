// The list of a settings group's property delete requests for Settings › Licenses (docs/domain/permissions.md,
// "Property deletion"): the requesting admin's name and, while a request is open, the end of the property's license
// valid today (the client shows the day it will be deleted); another settings group's requests never show; members
// 403, strangers 404, signed out 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsGroupMembers } from '../../server/db/schema';
import { Client, createTestEnv, createUser, json, signedIn, signedInWithTwoFactor, type TestEnv } from './harness';
import { addDays, post, today } from './planning-support';

let env: TestEnv;
let superuser: Client;
beforeAll(async () => {
  env = await createTestEnv();
  superuser = (await signedInWithTwoFactor(env, { is_superuser: true })).client;
});
afterAll(() => env.close());

async function workspace(env: TestEnv) {
  const { client, user } = await signedIn(env);
  const made = await client.post('/settings-groups', { name: `WS ${Math.random().toString(36).slice(2, 7)}` });
  const settingsGroup = json<{ data: { uuid: string } }>(made).data.uuid;
  const res = await client.post('/properties', { settings_group_uuid: settingsGroup, name: 'Seestrasse 1' });
  if (res.statusCode !== 201) throw new Error(res.body);
  return { client, user, settingsGroup, property: json<{ data: { uuid: string } }>(res).data.uuid };
}

interface Listed {
  uuid: string;
  property_uuid: string;
  property_name: string | null;
  status: string;
  requested_by_name: string | null;
  licensed_until: string | null;
}

describe('property delete requests list', () => {
  it('names the requesting admin and the license end, scoped to the settings group', async () => {
    const ws = await workspace(env);
    const licensed = (await post(ws.client, '/properties', { settings_group_uuid: ws.settingsGroup, name: 'Hof 2' }))
      .body.data.uuid as string;
    const end = addDays(today(), 20);
    const lic = await superuser.post('/licenses', {
      settings_group_uuid: ws.settingsGroup,
      name: 'Pro',
      valid_from: addDays(today(), -3),
      valid_to: end,
      property_uuids: [licensed],
    });
    expect(lic.statusCode).toBe(201);
    expect((await ws.client.post(`/properties/${ws.property}/delete-request`)).statusCode).toBe(201);
    expect((await ws.client.post(`/properties/${licensed}/delete-request`)).statusCode).toBe(201);

    // another settings group's request never shows here
    const other = await workspace(env);
    expect((await other.client.post(`/properties/${other.property}/delete-request`)).statusCode).toBe(201);

    const list = `/property-delete-requests?settings_group_uuid=${ws.settingsGroup}`;
    const res = await ws.client.get(list);
    expect(res.statusCode).toBe(200);
    const rows = json<{ data: Listed[] }>(res).data;
    expect(rows.map((r) => r.property_uuid).sort()).toEqual([ws.property, licensed].sort());
    const name = `${ws.user.first_name} ${ws.user.last_name}`.trim();
    expect(rows.find((r) => r.property_uuid === licensed)).toMatchObject({
      status: 'pending',
      property_name: 'Hof 2',
      requested_by_name: name,
      licensed_until: end,
    });
    expect(rows.find((r) => r.property_uuid === ws.property)).toMatchObject({
      requested_by_name: name,
      licensed_until: null,
    });

    // members 403, strangers (and the other settings group's admin) 404, signed out 401, a bad uuid 422
    const user = await createUser(env);
    await env.database.db
      .insert(settingsGroupMembers)
      .values({ settings_group_uuid: ws.settingsGroup, user_id: user.id, role: 'user' });
    const member = new Client(env.app);
    await member.login(user.email);
    expect((await member.get(list)).statusCode).toBe(403);
    expect((await other.client.get(list)).statusCode).toBe(404);
    expect((await (await signedIn(env)).client.get(list)).statusCode).toBe(404);
    expect((await new Client(env.app).get(list)).statusCode).toBe(401);
    expect((await ws.client.get('/property-delete-requests?settings_group_uuid=nope')).statusCode).toBe(422);
    // withdrawing another settings group's request looks missing
    const foreign = json<{ data: Listed[] }>(
      await other.client.get(`/property-delete-requests?settings_group_uuid=${other.settingsGroup}`),
    ).data[0]!;
    expect((await ws.client.delete(`/property-delete-requests/${foreign.uuid}`)).statusCode).toBe(404);
    expect((await member.delete(`/property-delete-requests/${rows[0]!.uuid}`)).statusCode).toBe(403);
  });
});
