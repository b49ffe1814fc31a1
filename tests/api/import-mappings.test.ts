// The caller's remembered import mappings (docs/spreadsheet-api.md, "Remembered mappings"): `GET
// /user/import-mappings` lists them by model, `DELETE /user/import-mappings/{model}` forgets one; each user sees and
// forgets only their own; 401 signed out, 404 for an unknown model or nothing to forget.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, signedIn, type TestEnv } from './harness';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

type Listed = { data: { model: string; mapping: Record<string, string>; updated_at: string }[] };

describe('remembered import mappings', () => {
  it('lists the caller’s mappings by model and forgets one', async () => {
    const { client } = await signedIn(env);
    const other = await signedIn(env);
    expect(json<Listed>(await client.get('/user/import-mappings')).data).toEqual([]);
    expect((await client.put('/user/import-mappings/unit', { mapping: { Kürzel: 'symbol' } })).statusCode).toBe(200);
    expect(
      (await client.put('/user/import-mappings/facility', { mapping: { 'Anlagen-Nr.': 'number_internal' } }))
        .statusCode,
    ).toBe(200);
    expect((await other.client.put('/user/import-mappings/unit', { mapping: { Name: 'name' } })).statusCode).toBe(200);
    const listed = json<Listed>(await client.get('/user/import-mappings')).data;
    expect(listed.map((m) => [m.model, m.mapping])).toEqual([
      ['facility', { 'Anlagen-Nr.': 'number_internal' }],
      ['unit', { Kürzel: 'symbol' }],
    ]);

    const forget = await client.delete('/user/import-mappings/unit');
    expect(forget.statusCode, forget.body).toBe(200);
    expect(json<Listed>(await client.get('/user/import-mappings')).data.map((m) => m.model)).toEqual(['facility']);
    expect(json<{ data: { mapping: object } }>(await client.get('/user/import-mappings/unit')).data.mapping).toEqual(
      {},
    );
    // the other user's mapping of the same model stays
    expect(json<Listed>(await other.client.get('/user/import-mappings')).data.map((m) => m.model)).toEqual(['unit']);
    // nothing left to forget, an unknown model
    expect((await client.delete('/user/import-mappings/unit')).statusCode).toBe(404);
    expect((await client.delete('/user/import-mappings/nope')).statusCode).toBe(404);
    expect((await client.delete('/user/import-mappings/__proto__')).statusCode).toBe(404);
  });

  it('answers 401 signed out', async () => {
    const anonymous = new Client(env.app);
    expect((await anonymous.get('/user/import-mappings')).statusCode).toBe(401);
    expect((await anonymous.delete('/user/import-mappings/unit')).statusCode).toBe(401);
  });
});
