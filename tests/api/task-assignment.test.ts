// Tasks get an assignee (docs/planning-api.md, "Actions"; docs/domain/permissions.md, "Delegation"): `assign` sets a
// member of the settings group (name stored) or nobody, a non-member is a 422; `GET /tasks/assigned-to-me` and
// `GET /task-events/assigned-to-me` answer the caller's tasks and their events and, while a delegation to the
// caller is in force today, the delegating member's too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsGroupMembers } from '../../server/db/schema';
import { createTestEnv, json, signedIn, type Client, type TestEnv } from './harness';
import { addDays, post, today, workspace, type Rec } from './planning-support';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => {
  await env.close();
});

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

const newTask = async (c: Client, property: string, title: string) =>
  (await post(c, '/tasks', { property_uuid: property, title, start_date: addDays(today(), 2) })).body.data;

describe('task assignment', () => {
  it('assigns a member (name stored), refuses a non-member, and clears', async () => {
    const { ws, anna } = await team();
    const stranger = await signedIn(env);
    const t = await newTask(ws.client, ws.property, 'Heizung warten');
    expect(t.assignee_user_uuid).toBeNull();
    expect(t.links.assign).toBe(`/api/v1/tasks/${t.uuid}/assign`);
    const assigned = await post(ws.client, `/tasks/${t.uuid}/assign`, { user_uuid: anna.user.uuid });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.assignee_user_uuid).toBe(anna.user.uuid);
    expect(assigned.body.data.assignee_name).toBeTruthy();
    const outsider = await post(ws.client, `/tasks/${t.uuid}/assign`, { user_uuid: stranger.user.uuid });
    expect(outsider.status).toBe(422);
    expect(Object.keys(outsider.body.errors!)).toEqual(['user_uuid']);
    const bad = await post(ws.client, `/tasks/${t.uuid}/assign`, { user_uuid: 'nope' });
    expect(bad.status).toBe(422);
    expect((await post(ws.client, `/tasks/${t.uuid}/assign`, {})).status).toBe(422);
    const stored = json<{ data: Rec }>(await ws.client.get(`/tasks/${t.uuid}`)).data;
    expect(stored.assignee_user_uuid).toBe(anna.user.uuid);
    // the assignee is read-only for the generic writes
    const patched = await ws.client.patch(`/tasks/${t.uuid}`, { assignee_user_uuid: stranger.user.uuid });
    expect(patched.statusCode).toBe(422);
    const cleared = await post(anna.client, `/tasks/${t.uuid}/assign`, { user_uuid: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ assignee_user_uuid: null, assignee_name: null });
    // another workspace's task is a 404, signed out a 401
    expect((await post(stranger.client, `/tasks/${t.uuid}/assign`, { user_uuid: null })).status).toBe(404);
    const anonymous = await env.app.inject({
      method: 'POST',
      url: `/api/v1/tasks/${t.uuid}/assign`,
      payload: { user_uuid: null },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("shows the delegator's tasks and events to the delegate while a delegation is in force today", async () => {
    const { ws, anna, beat } = await team();
    const sg = ws.settingsGroup;
    const d = today();
    const assigned = async (title: string, user: string | null) => {
      const t = await newTask(ws.client, ws.property, title);
      if (user) expect((await post(ws.client, `/tasks/${t.uuid}/assign`, { user_uuid: user })).status).toBe(200);
      return t.uuid;
    };
    const annas = await assigned('Heizung warten', anna.user.uuid);
    const beats = await assigned('Lift prüfen', beat.user.uuid);
    await assigned('Niemandes', null);
    const tasks = async (c: Client) =>
      json<{ data: Rec[] }>(await c.get(`/tasks/assigned-to-me?settings_group_uuid=${sg}`))
        .data.map((t) => t.uuid)
        .sort();
    const events = async (c: Client) =>
      [
        ...new Set(
          json<{ data: Rec[] }>(await c.get(`/task-events/assigned-to-me?settings_group_uuid=${sg}`)).data.map(
            (e) => e.task_uuid as string,
          ),
        ),
      ].sort();
    expect(await tasks(beat.client)).toEqual([beats]);
    expect(await events(beat.client)).toEqual([beats]);
    expect(await tasks(anna.client)).toEqual([annas]);

    // a delegation not valid today changes nothing
    const later = await post(anna.client, '/delegations', {
      settings_group_uuid: sg,
      to_user_uuid: beat.user.uuid,
      valid_from: addDays(d, 3),
      valid_to: addDays(d, 5),
    });
    expect(later.status).toBe(201);
    expect(await tasks(beat.client)).toEqual([beats]);
    expect(await events(beat.client)).toEqual([beats]);

    // one valid today: Anna's tasks and their events are Beat's too, still assigned to Anna
    const now = await post(anna.client, '/delegations', {
      settings_group_uuid: sg,
      to_user_uuid: beat.user.uuid,
      valid_from: addDays(d, -1),
      valid_to: d,
    });
    expect(now.status).toBe(201);
    expect(await tasks(beat.client)).toEqual([annas, beats].sort());
    expect(await events(beat.client)).toEqual([annas, beats].sort());
    expect(await tasks(anna.client)).toEqual([annas]);
    const shown = json<{ data: Rec[] }>(await beat.client.get(`/tasks/assigned-to-me?filter[uuid]=${annas}`)).data;
    expect(shown[0]?.assignee_user_uuid).toBe(anna.user.uuid);
    // the list query applies: a search narrows
    const searched = json<{ data: Rec[] }>(await beat.client.get('/tasks/assigned-to-me?search=lift')).data;
    expect(searched.map((t) => t.uuid)).toEqual([beats]);

    expect((await anna.client.delete(`/delegations/${now.body.data.uuid}`)).statusCode).toBe(204);
    expect(await tasks(beat.client)).toEqual([beats]);
    expect((await env.app.inject({ method: 'GET', url: '/api/v1/tasks/assigned-to-me' })).statusCode).toBe(401);
    const bad = await beat.client.get('/task-events/assigned-to-me?settings_group_uuid=nope');
    expect(bad.statusCode).toBe(422);
  });
});
