// A list filter on a list of references (docs/decisions.md, "refs as uuid arrays"): `filter[member_uuids]=…`
// matches the records holding any of the uuids, counting only those the caller sees (a member of another workspace
// narrows as a uuid that names nothing), in the list, its count and the export alike. The filter is compiled so that
// the column's GIN index can answer it (server/crud/refs.ts).
// @both-databases: the array overlap and its index, on each database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, json, signedIn, type TestEnv } from './harness';
import { workspace, type Rec, type Ws } from './planning-support';
import { settingsGroupMembers } from '../../server/db/schema';

let env: TestEnv;
let ws: Ws;
let other: Ws;
const members: string[] = [];

beforeAll(async () => {
  env = await createTestEnv();
  ws = await workspace(env);
  other = await workspace(env);
  for (let i = 0; i < 3; i++) {
    const m = await signedIn(env);
    await env.database.db
      .insert(settingsGroupMembers)
      .values({ settings_group_uuid: ws.settingsGroup, user_id: m.user.id, role: 'user' });
    members.push(m.user.uuid);
  }
});
afterAll(() => env.close());

type Page = { data: Rec[]; meta: { total: number } };
const names = async (query: string) => {
  const page = json<Page>(await ws.client.get(`/user-groups?sort_by=name&${query}`));
  return { names: page.data.map((r) => r.name), total: page.meta.total };
};

describe('filter on a list of references', () => {
  it('matches the records holding any of the uuids the caller sees', async () => {
    const [m0, m1, m2] = members as [string, string, string];
    for (const [name, member_uuids] of [
      ['A', [m0]],
      ['B', [m0, m1]],
      ['C', [m2]],
      ['D', []],
    ] as const) {
      const res = await ws.client.post('/user-groups', { settings_group_uuid: ws.settingsGroup, name, member_uuids });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await names(`filter[member_uuids]=${m0}`)).toEqual({ names: ['A', 'B'], total: 2 });
    expect(await names(`filter[member_uuids]=${m1}`)).toEqual({ names: ['B'], total: 1 });
    expect(await names(`filter[member_uuids][]=${m1}&filter[member_uuids][]=${m2}`)).toEqual({
      names: ['B', 'C'],
      total: 2,
    });
    // upper case is the same uuid
    expect((await names(`filter[member_uuids]=${m2.toUpperCase()}`)).names).toEqual(['C']);
    // a user of another workspace only: nothing, as a uuid that names nobody
    expect(await names(`filter[member_uuids]=${other.user.uuid}`)).toEqual({ names: [], total: 0 });
    expect(await names(`filter[member_uuids]=${crypto.randomUUID()}`)).toEqual({ names: [], total: 0 });
    // the export takes the same filter
    const exported = await ws.client.get(`/user-groups/export?format=csv&filter[member_uuids]=${m1}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.body.split('\n').filter((line) => line.trim()).length).toBe(2); // header and B
  });
});
