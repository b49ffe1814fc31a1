// Favorites (docs/domain/preferences.md, "Favorites"): a user stars records and saved views; the menu lists those
// the user still sees with their titles, newest first; a record of another settings group, one the user does not
// see, or one starred twice is refused by name; another user sees none of them; a record deleted or hidden later
// leaves the menu (and comes back with it).
// @both-databases: the menu is one scoped query per model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, type TestEnv } from './harness';
import { memberOf, post, workspace, type Rec, type Ws } from './planning-support';

let env: TestEnv;
let a: Ws;
let b: Ws;

beforeAll(async () => {
  env = await createTestEnv();
  a = await workspace(env);
  b = await workspace(env);
});
afterAll(() => env.close());

type Item = { uuid: string; model: string | null; record_uuid: string | null; title: string; table_name: string };
const menu = async (client: Client) => json<{ data: Item[] }>(await client.get('/favorites/menu')).data;
const star = (ws: Ws, body: Record<string, unknown>, client = ws.client) =>
  post(client, '/favorites', { settings_group_uuid: ws.settingsGroup, ...body });

describe('favorites', () => {
  it('stars a record and a saved view; the menu lists them with their titles, newest first', async () => {
    const facility = (await post(a.client, '/facilities', { property_uuid: a.property, name: 'Heizkessel' })).body.data;
    const view = (
      await post(a.client, '/grid-views', {
        settings_group_uuid: a.settingsGroup,
        name: 'Meine Kessel',
        table_name: 'facilities',
        shared: false,
        query: {},
      })
    ).body.data;
    expect((await star(a, { model: 'property', record_uuid: a.property })).status).toBe(201);
    expect((await star(a, { model: 'facility', record_uuid: facility.uuid })).status).toBe(201);
    expect((await star(a, { grid_view_uuid: view.uuid })).status).toBe(201);
    expect((await menu(a.client)).map((i) => [i.model, i.title])).toEqual([
      [null, 'Meine Kessel'],
      ['facility', 'Heizkessel'],
      ['property', 'Seestrasse 1'],
    ]);
    expect((await menu(a.client))[0]!.table_name).toBe('facilities');
  });

  it('refuses a record starred twice, of another group, unknown, or no target at all, writing nothing', async () => {
    const before = (await menu(a.client)).length;
    const twice = await star(a, { model: 'property', record_uuid: a.property });
    expect(twice.status).toBe(422);
    expect(Object.keys(twice.body.errors!)).toEqual(['record_uuid']);
    for (const body of [
      { model: 'property', record_uuid: b.property },
      { model: 'property', record_uuid: crypto.randomUUID() },
      { model: 'property', record_uuid: 'not-a-uuid' },
      { model: 'property' },
      {},
    ]) {
      const res = await star(a, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors!), JSON.stringify(body)).toEqual(['record_uuid']);
    }
    const both = await star(a, { model: 'property', record_uuid: a.property, grid_view_uuid: crypto.randomUUID() });
    expect(both.status).toBe(422);
    expect((await menu(a.client)).length).toBe(before);
  });

  it('keeps each user’s favorites their own', async () => {
    const m = await memberOf(env, a);
    expect(await menu(m.client)).toEqual([]);
    const mine = json<{ data: Rec[] }>(await a.client.get('/favorites')).data;
    expect(mine.length).toBeGreaterThan(0);
    expect((await m.client.get(`/favorites/${mine[0]!.uuid}`)).statusCode).toBe(404);
    expect((await m.client.delete(`/favorites/${mine[0]!.uuid}`)).statusCode).toBe(404);
    // the member stars the same property for themself
    expect((await star(a, { model: 'property', record_uuid: a.property }, m.client)).status).toBe(201);
    expect((await menu(m.client)).map((i) => i.title)).toEqual(['Seestrasse 1']);
    expect((await new Client(env.app).get('/favorites/menu')).statusCode).toBe(401);
  });

  it('leaves the menu with a record deleted, and a record the user no longer sees', async () => {
    const ws = await workspace(env);
    const contact = (
      await post(ws.client, '/contacts', { settings_group_uuid: ws.settingsGroup, kind: 'person', last_name: 'Muster' })
    ).body.data;
    const other = (
      await post(ws.client, '/contacts', {
        settings_group_uuid: ws.settingsGroup,
        kind: 'person',
        last_name: 'Beispiel',
      })
    ).body.data;
    await star(ws, { model: 'contact', record_uuid: contact.uuid });
    await star(ws, { model: 'contact', record_uuid: other.uuid });
    const m = await memberOf(env, ws);
    await star(ws, { model: 'contact', record_uuid: other.uuid }, m.client);
    expect((await menu(ws.client)).map((i) => i.title)).toEqual(['Beispiel', 'Muster']);
    // archived: still seen, still listed; deleted: gone
    await ws.client.post(`/contacts/${contact.uuid}/archive`);
    expect((await menu(ws.client)).map((i) => i.title)).toEqual(['Beispiel', 'Muster']);
    await ws.client.delete(`/contacts/${contact.uuid}`);
    expect((await menu(ws.client)).map((i) => i.title)).toEqual(['Beispiel']);
    // an access rule hides the other contact from the member (not in its user group): it leaves their menu
    expect((await menu(m.client)).map((i) => i.title)).toEqual(['Beispiel']);
    const rule = await post(ws.client, '/access-rules', {
      settings_group_uuid: ws.settingsGroup,
      name: 'Nur Verwaltung',
      model: 'contact',
      filter: { uuid: [other.uuid] },
      user_group_uuids: [],
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    expect(await menu(m.client)).toEqual([]);
    expect((await menu(ws.client)).map((i) => i.title)).toEqual(['Beispiel']); // the admin still sees it
  });
});
