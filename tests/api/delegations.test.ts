// Delegation between colleagues (docs/domain/permissions.md, "Delegation"): members delegate to a colleague for a
// period (422 to oneself, to a non-member, an end before the start, an overlap), admins for someone else; members see
// the delegations from or to them, admins all of their settings group; the delegating member or an admin removes
// one; while in force the delegator's tickets are the delegate's too in "assigned to me".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsGroupMembers } from '../../server/db/schema';
import { createTestEnv, json, signedIn, type Client, type TestEnv } from './harness';
import { addDays, post, today, workspace } from './planning-support';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => {
  await env.close();
});

interface Del {
  uuid: string;
  from_user_uuid: string;
  to_user_uuid: string;
  in_force: boolean;
  links: { delete?: string };
}

async function team() {
  const ws = await workspace(env);
  const anna = await signedIn(env);
  const beat = await signedIn(env);
  await env.database.db.insert(settingsGroupMembers).values([
    { settings_group_uuid: ws.settingsGroup, user_id: anna.user.id, role: 'user' },
    { settings_group_uuid: ws.settingsGroup, user_id: beat.user.id, role: 'user' },
  ]);
  return { ws, anna, beat };
}

const list = async (c: Client, sg: string) =>
  json<{ data: Del[] }>(await c.get(`/delegations?settings_group_uuid=${sg}`)).data;

describe('delegations', () => {
  it('refuses oneself, non-members, reversed and overlapping periods; admins delegate for others', async () => {
    const { ws, anna, beat } = await team();
    const stranger = await signedIn(env);
    const sg = ws.settingsGroup;
    const d = today();
    const body = { settings_group_uuid: sg, valid_from: d, valid_to: addDays(d, 7) };
    const self = await post(anna.client, '/delegations', { ...body, to_user_uuid: anna.user.uuid });
    expect(self.status).toBe(422);
    expect(Object.keys(self.body.errors!)).toEqual(['to_user_uuid']);
    const outsider = await post(anna.client, '/delegations', { ...body, to_user_uuid: stranger.user.uuid });
    expect(outsider.status).toBe(422);
    const reversed = await post(anna.client, '/delegations', {
      ...body,
      to_user_uuid: beat.user.uuid,
      valid_to: addDays(d, -1),
    });
    expect(reversed.status).toBe(422);
    expect(Object.keys(reversed.body.errors!)).toEqual(['valid_to']);
    const made = await post(anna.client, '/delegations', { ...body, to_user_uuid: beat.user.uuid });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      from_user_uuid: anna.user.uuid,
      to_user_uuid: beat.user.uuid,
      in_force: true,
    });
    const toAdmin = (from: number, to: number) =>
      post(anna.client, '/delegations', {
        ...body,
        to_user_uuid: ws.user.uuid,
        valid_from: addDays(d, from),
        valid_to: addDays(d, to),
      });
    const overlap = await toAdmin(7, 9);
    expect(overlap.status).toBe(422);
    expect(Object.keys(overlap.body.errors!)).toEqual(['valid_from']);
    const later = await toAdmin(8, 9);
    expect(later.status).toBe(201);
    expect(later.body.data.in_force).toBe(false);

    // Only admins delegate for someone else.
    const forOther = { ...body, from_user_uuid: beat.user.uuid, to_user_uuid: anna.user.uuid };
    expect((await post(anna.client, '/delegations', forOther)).status).toBe(403);
    const byAdmin = await post(ws.client, '/delegations', forOther);
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.data.from_user_uuid).toBe(beat.user.uuid);

    // Signed out 401, another workspace 404.
    expect((await env.app.inject({ method: 'GET', url: '/api/v1/delegations' })).statusCode).toBe(401);
    expect((await stranger.client.get(`/delegations?settings_group_uuid=${sg}`)).statusCode).toBe(404);
    expect((await post(stranger.client, '/delegations', { ...body, to_user_uuid: anna.user.uuid })).status).toBe(404);
  });

  it('shows members their own, admins all; the delegator or an admin removes', async () => {
    const { ws, anna, beat } = await team();
    const sg = ws.settingsGroup;
    const d = today();
    const made = (
      await post(anna.client, '/delegations', {
        settings_group_uuid: sg,
        to_user_uuid: beat.user.uuid,
        valid_from: d,
        valid_to: d,
      })
    ).body.data;
    const admins = (
      await post(ws.client, '/delegations', {
        settings_group_uuid: sg,
        from_user_uuid: ws.user.uuid,
        to_user_uuid: anna.user.uuid,
        valid_from: addDays(d, 1),
        valid_to: addDays(d, 2),
      })
    ).body.data;
    expect((await list(beat.client, sg)).map((x) => x.uuid)).toEqual([made.uuid]);
    expect((await list(anna.client, sg)).map((x) => x.uuid)).toEqual([made.uuid, admins.uuid]);
    expect((await list(ws.client, sg)).map((x) => x.uuid)).toEqual([made.uuid, admins.uuid]);
    const seenByBeat = (await list(beat.client, sg))[0]!;
    expect(seenByBeat.links.delete).toBeUndefined();
    expect((await beat.client.delete(`/delegations/${made.uuid}`)).statusCode).toBe(403);
    expect((await beat.client.delete(`/delegations/${admins.uuid}`)).statusCode).toBe(404);
    expect((await anna.client.delete(`/delegations/${admins.uuid}`)).statusCode).toBe(403);
    expect((await anna.client.delete(`/delegations/${made.uuid}`)).statusCode).toBe(204);
    expect((await ws.client.delete(`/delegations/${admins.uuid}`)).statusCode).toBe(204);
    expect(await list(ws.client, sg)).toEqual([]);
    expect((await ws.client.delete(`/delegations/${admins.uuid}`)).statusCode).toBe(404);
  });

  it("shows the delegator's tickets to the delegate while in force, assigned to the delegator still", async () => {
    const { ws, anna, beat } = await team();
    const sg = ws.settingsGroup;
    const d = today();
    const ticket = async (subject: string, assignee: string | null) => {
      const t = (await post(ws.client, '/tickets', { property_uuid: ws.property, subject })).body.data;
      if (assignee)
        expect((await post(ws.client, `/tickets/${t.uuid}/assign`, { user_uuid: assignee })).status).toBe(200);
      return t.uuid;
    };
    const annas = await ticket('Heizung entlüften', anna.user.uuid);
    const beats = await ticket('Lift prüfen', beat.user.uuid);
    await ticket('Niemandes', null);
    const mine = async (c: typeof beat.client) =>
      json<{ data: { uuid: string; assignee_user_uuid: string }[] }>(
        await c.get(`/tickets/assigned-to-me?settings_group_uuid=${sg}`),
      ).data.map((t) => t.uuid);
    expect(await mine(beat.client)).toEqual([beats]);
    expect(await mine(anna.client)).toEqual([annas]);

    // A delegation not yet in force changes nothing.
    const future = (
      await post(anna.client, '/delegations', {
        settings_group_uuid: sg,
        to_user_uuid: beat.user.uuid,
        valid_from: addDays(d, 3),
        valid_to: addDays(d, 5),
      })
    ).body.data;
    expect(await mine(beat.client)).toEqual([beats]);

    const now = await post(anna.client, '/delegations', {
      settings_group_uuid: sg,
      to_user_uuid: beat.user.uuid,
      valid_from: addDays(d, -1),
      valid_to: addDays(d, 1),
    });
    expect(now.status).toBe(201);
    expect((await mine(beat.client)).sort()).toEqual([annas, beats].sort());
    expect(await mine(anna.client)).toEqual([annas]);
    // A new assignment to the delegator during the period stays theirs and shows to the delegate as well.
    const fresh = await ticket('Dach kontrollieren', anna.user.uuid);
    expect(await mine(beat.client)).toContain(fresh);
    expect(await mine(anna.client)).toContain(fresh);
    // Not passed on: the delegate's own delegation hands on only their own tickets.
    expect(
      (
        await post(beat.client, '/delegations', {
          settings_group_uuid: sg,
          to_user_uuid: ws.user.uuid,
          valid_from: d,
          valid_to: d,
        })
      ).status,
    ).toBe(201);
    expect(await mine(ws.client)).toEqual([beats]);

    expect((await anna.client.delete(`/delegations/${now.body.data.uuid}`)).statusCode).toBe(204);
    expect((await anna.client.delete(`/delegations/${future.uuid}`)).statusCode).toBe(204);
    expect(await mine(beat.client)).toEqual([beats]);
    expect((await env.app.inject({ method: 'GET', url: '/api/v1/tickets/assigned-to-me' })).statusCode).toBe(401);
  });
});
