// Saved grid views: personal and shared per settings group, who may change them, scoping and validation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsGroupMembers } from '../../server/db/schema';
import { Client, createTestEnv, json, signedIn, type TestEnv } from './harness';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

interface View {
  uuid: string;
  table_name: string;
  name: string;
  shared: boolean;
  mine: boolean;
  owner_name: string;
  query: Record<string, unknown>;
  links: Record<string, string>;
}

/** An admin with a new settings group, and a member (role user) of it. */
async function team() {
  const admin = await signedIn(env);
  const group = json<{ data: { uuid: string } }>(await admin.client.post('/settings-groups', { name: 'Views AG' })).data
    .uuid;
  const member = await signedIn(env);
  await env.database.db
    .insert(settingsGroupMembers)
    .values({ settings_group_uuid: group, user_id: member.user.id, role: 'user' });
  return { admin, member, group };
}

const list = async (client: Client, table = 'facility') =>
  json<{ data: View[] }>(await client.get(`/grid-views?table=${table}`)).data;

/** Without `table`: the views of every table, by table. */
const every = async (client: Client) => json<{ data: View[] }>(await client.get('/grid-views')).data;

const query = {
  sort_by: 'name',
  sort_descending: true,
  status_limiter: 'all',
  filters: { name: { type: 'contains' } },
};

describe('grid views', () => {
  it('keeps personal views to their owner and shows shared ones to the whole group', async () => {
    const { admin, member, group } = await team();
    const personal = await member.client.post('/grid-views', {
      table_name: 'facility',
      settings_group_uuid: group,
      name: 'My boilers',
      query,
    });
    expect(personal.statusCode).toBe(201);
    const mine = json<{ data: View }>(personal).data;
    expect(mine).toMatchObject({ name: 'My boilers', shared: false, mine: true, query });
    expect(mine.links.update).toBeDefined();

    const shared = json<{ data: View }>(
      await admin.client.post('/grid-views', {
        table_name: 'facility',
        settings_group_uuid: group,
        name: 'Due this year',
        shared: true,
        query: { sort_by: 'renewal_date' },
      }),
    ).data;

    expect((await list(member.client)).map((v) => v.name)).toEqual(['My boilers', 'Due this year']);
    expect((await list(admin.client)).map((v) => v.name)).toEqual(['Due this year']);
    expect(await list(member.client, 'contact')).toEqual([]);
    const contactView = json<{ data: View }>(
      await member.client.post('/grid-views', {
        table_name: 'contact',
        settings_group_uuid: group,
        name: 'Suppliers',
        query: {},
      }),
    ).data;
    // all tables at once: the same scope, ordered by table
    expect((await every(member.client)).map((v) => [v.table_name, v.name])).toEqual([
      ['contact', 'Suppliers'],
      ['facility', 'My boilers'],
      ['facility', 'Due this year'],
    ]);
    expect((await every(admin.client)).map((v) => v.name)).toEqual(['Due this year']);
    expect((await member.client.delete(`/grid-views/${contactView.uuid}`)).statusCode).toBe(200);

    // the member sees the admin's shared view but may not change it; the admin's own links are there
    const seen = (await list(member.client)).find((v) => v.uuid === shared.uuid)!;
    expect(seen).toMatchObject({ mine: false, owner_name: expect.stringContaining('Test') });
    expect(seen.links.update).toBeUndefined();
    expect((await member.client.patch(`/grid-views/${shared.uuid}`, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await member.client.delete(`/grid-views/${shared.uuid}`)).statusCode).toBe(403);

    // another user's personal view is a 404, even for an admin of the group
    expect((await admin.client.patch(`/grid-views/${mine.uuid}`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await admin.client.delete(`/grid-views/${mine.uuid}`)).statusCode).toBe(404);

    // an admin may change a shared view a member made
    const memberShared = json<{ data: View }>(
      await member.client.post('/grid-views', {
        table_name: 'facility',
        settings_group_uuid: group,
        name: 'Team list',
        shared: true,
        query: {},
      }),
    ).data;
    const renamed = await admin.client.patch(`/grid-views/${memberShared.uuid}`, { name: 'Team list (checked)' });
    expect(renamed.statusCode).toBe(200);
    expect(json<{ data: View }>(renamed).data.name).toBe('Team list (checked)');
  });

  it('saves a changed query and deletes a view', async () => {
    const { member, group } = await team();
    const view = json<{ data: View }>(
      await member.client.post('/grid-views', { table_name: 'area', settings_group_uuid: group, name: 'A', query }),
    ).data;
    const saved = await member.client.patch(`/grid-views/${view.uuid}`, { query: { sort_by: 'floor' }, shared: true });
    expect(saved.statusCode).toBe(200);
    expect(json<{ data: View }>(saved).data).toMatchObject({ query: { sort_by: 'floor' }, shared: true });
    expect((await member.client.delete(`/grid-views/${view.uuid}`)).statusCode).toBe(200);
    expect(await list(member.client, 'area')).toEqual([]);
    expect((await member.client.delete(`/grid-views/${view.uuid}`)).statusCode).toBe(404);
  });

  it('never shows or accepts another workspace', async () => {
    const { member, group } = await team();
    const stranger = await signedIn(env);
    const view = json<{ data: View }>(
      await member.client.post('/grid-views', {
        table_name: 'facility',
        settings_group_uuid: group,
        name: 'Shared',
        shared: true,
        query: {},
      }),
    ).data;
    expect(await list(stranger.client)).toEqual([]);
    expect(await every(stranger.client)).toEqual([]);
    expect((await stranger.client.patch(`/grid-views/${view.uuid}`, { name: 'x' })).statusCode).toBe(404);
    const foreign = await stranger.client.post('/grid-views', {
      table_name: 'facility',
      settings_group_uuid: group,
      name: 'Sneaky',
      query: {},
    });
    expect(foreign.statusCode).toBe(422);
    expect(json(foreign).errors).toHaveProperty('settings_group_uuid');
  });

  it('rejects bad input with 422 and field messages, and answers 401 without a session', async () => {
    const { member, group } = await team();
    const bad = await member.client.post('/grid-views', {
      table_name: 'Bad Name',
      settings_group_uuid: group,
      name: '',
      query: { sort_by: 'name', columns: 'x' },
      user_id: 1,
    });
    expect(bad.statusCode).toBe(422);
    const errors = json<{ errors: Record<string, string[]> }>(bad).errors;
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['table_name', 'name', 'query.columns', 'user_id']));
    expect((await member.client.get('/grid-views?table=Bad%20Name')).statusCode).toBe(422);
    expect((await member.client.get('/grid-views?tables=facility')).statusCode).toBe(422);
    expect((await member.client.patch('/grid-views/not-a-uuid', { name: 'x' })).statusCode).toBe(422);

    const anonymous = new Client(env.app);
    expect((await anonymous.get('/grid-views?table=facility')).statusCode).toBe(401);
    expect((await anonymous.get('/grid-views')).statusCode).toBe(401);
    expect((await anonymous.post('/grid-views', {})).statusCode).toBe(401);
  });
});
