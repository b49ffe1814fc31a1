// Per-device table preferences and model views: desktop and mobile kept apart, reset, strict validation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, signedIn, type TestEnv } from './harness';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const desktop = 'device=Linux:desktop';
const mobile = 'device=Linux:mobile';

describe('table settings', () => {
  it('saves per table and device, keeps mobile apart, and resets', async () => {
    const { client } = await signedIn(env);
    const layout = {
      visible_columns: 'name,city,status',
      sort_by: 'city',
      sort_descending: true,
      rows_per_page: 100,
      column_widths: { name: 240 },
      pinned: { name: 'left' },
    };
    expect((await client.put(`/user/table-settings/properties?${desktop}`, layout)).statusCode).toBe(200);
    await client.put(`/user/table-settings/properties?${mobile}`, { visible_columns: 'name' });
    expect(json<{ data: Record<string, unknown> }>(await client.get(`/user/table-settings?${desktop}`)).data).toEqual({
      properties: layout,
    });
    expect(json<{ data: Record<string, unknown> }>(await client.get(`/user/table-settings?${mobile}`)).data).toEqual({
      properties: { visible_columns: 'name' },
    });
    await client.put(`/user/table-settings/properties?${desktop}`, { visible_columns: 'city,name' });
    expect(
      json<{ data: { properties: unknown } }>(await client.get(`/user/table-settings?${desktop}`)).data.properties,
    ).toEqual({ visible_columns: 'city,name' });
    expect((await client.delete(`/user/table-settings/properties?${desktop}`)).statusCode).toBe(200);
    expect(json<{ data: Record<string, unknown> }>(await client.get(`/user/table-settings?${desktop}`)).data).toEqual(
      {},
    );
    expect(
      json<{ data: Record<string, unknown> }>(await client.get(`/user/table-settings?${mobile}`)).data,
    ).toHaveProperty('properties');
  });

  it('keeps users apart', async () => {
    const a = await signedIn(env);
    const b = await signedIn(env);
    await a.client.put(`/user/table-settings/contacts?${desktop}`, { rows_per_page: 25 });
    expect(json<{ data: Record<string, unknown> }>(await b.client.get(`/user/table-settings?${desktop}`)).data).toEqual(
      {},
    );
  });

  it('rejects a bad device, table name or setting with 422', async () => {
    const { client } = await signedIn(env);
    expect((await client.get('/user/table-settings?device=desktop')).statusCode).toBe(422);
    expect((await client.get('/user/table-settings')).statusCode).toBe(422);
    expect((await client.put(`/user/table-settings/Bad%20Name?${desktop}`, {})).statusCode).toBe(422);
    const res = await client.put(`/user/table-settings/properties?${desktop}`, { rows_per_page: 5000, owner: 1 });
    expect(Object.keys(json<{ errors: object }>(res).errors).sort()).toEqual(['owner', 'rows_per_page']);
  });
});

describe('model views', () => {
  it('remembers the last view per model and device', async () => {
    const { client } = await signedIn(env);
    await client.put(`/user-model-views/tasks?${desktop}`, { view: 'calendar' });
    await client.put(`/user-model-views/tasks?${mobile}`, { view: 'grid' });
    expect(json<{ data: unknown[] }>(await client.get(`/user-model-views?${desktop}`)).data).toEqual([
      { model_name: 'tasks', view: 'calendar' },
    ]);
    expect(json<{ data: unknown[] }>(await client.get(`/user-model-views?${mobile}`)).data).toEqual([
      { model_name: 'tasks', view: 'grid' },
    ]);
    expect((await client.put(`/user-model-views/tasks?${desktop}`, { view: 'gantt' })).statusCode).toBe(422);
  });

  it('answers 401 without a session', async () => {
    const anon = new Client(env.app);
    await anon.csrf();
    expect((await anon.get(`/user/table-settings?${desktop}`)).statusCode).toBe(401);
    expect((await anon.put(`/user/table-settings/x?${desktop}`, {})).statusCode).toBe(401);
    expect((await anon.delete(`/user/table-settings/x?${desktop}`)).statusCode).toBe(401);
    expect((await anon.get(`/user-model-views?${desktop}`)).statusCode).toBe(401);
    expect((await anon.put(`/user-model-views/x?${desktop}`, { view: 'grid' })).statusCode).toBe(401);
  });
});
