// The embedded database failing under load: a real WebAssembly trap in PGlite (deeply nested JSON overflows its
// stack) answers 503 with Retry-After to every request in the meantime, never a hang, and the server reopens the
// database from its folder by itself (about a second when idle), with every acknowledged write still there. PGlite only.
// @both-databases: PGlite only (the embedded tier).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Database } from '../../server/db/client';
import { createTestEnv, json, signedIn, type Client, type TestEnv } from './harness';

const onPostgres = !!process.env.TEST_DATABASE_URL;

/**
 * Runs nested jsonb casts, deeper and deeper, until one traps the WebAssembly (the statement then fails with the
 * trap, or with the database being reopened when PGlite's own clean-up ran into the failed instance first).
 */
async function crashPglite(database: Database): Promise<string> {
  for (const depth of [1_000, 2_000, 4_000, 8_000]) {
    try {
      await database.db.execute(sql.raw(`select (repeat('[', ${depth}) || repeat(']', ${depth}))::jsonb`));
    } catch (err) {
      const cause = ((err as { cause?: unknown }).cause ?? err) as Error & { code?: string };
      if (cause instanceof WebAssembly.RuntimeError || cause.code === 'DB_REOPENING') return cause.message;
    }
  }
  throw new Error('no nesting depth crashed the embedded database');
}

/** A request that must answer within `ms`: a hang fails the test instead of stalling it. */
function bounded(req: Promise<LightMyRequestResponse>, ms = 10_000): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    req,
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms))),
  ]).finally(() => clearTimeout(timer));
}

describe.skipIf(onPostgres)('the embedded database failing', () => {
  let dataDir = '';
  let env: TestEnv;
  let client: Client;
  let group: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-pglite-crash-'));
    env = await createTestEnv({ dataDir }, { embeddedOnDisk: true });
    ({ client } = await signedIn(env));
    group = json<{ data: { uuid: string } }>(await client.post('/settings-groups', { name: 'Crash AG' })).data.uuid;
  });
  afterAll(async () => {
    await env?.close().catch(() => {});
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a WebAssembly trap under load: 503 with Retry-After meanwhile, reopened, no write lost', async () => {
    const acknowledged = new Map<string, string>();
    const statuses = new Map<number, number>();
    let n = 0;
    const write = async () => {
      const name = `Crash ${++n}`;
      const res = await bounded(client.post('/properties', { settings_group_uuid: group, name }));
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode === 201) acknowledged.set(json<{ data: { uuid: string } }>(res).data.uuid, name);
      else {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(json(res).message).toMatch(/temporarily unavailable/);
      }
      return res.statusCode;
    };
    const read = async () => {
      const res = await bounded(client.get(`/properties?settings_group_uuid=${group}&per_page=5`));
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode !== 200) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
      }
      return res.statusCode;
    };
    for (let i = 0; i < 5; i++) expect(await write()).toBe(201);

    // Load in four lanes while the database crashes; then measure until a request is served again.
    let stop = false;
    // app.inject on PGlite settles in microtasks only: each lane yields to the event loop between requests.
    const lane = async (op: () => Promise<number>) => {
      while (!stop) {
        await new Promise((r) => setImmediate(r));
        await op();
      }
    };
    const lanes = [lane(write), lane(write), lane(read), lane(read)];
    await new Promise((r) => setTimeout(r, 200));
    const crashedAt = performance.now();
    expect(await crashPglite(env.database)).toMatch(/memory access out of bounds|reopened/);
    let recoveredAt = 0;
    // the time it took is printed; the suite asserts that it recovers, not how fast (tests/README.md)
    while (!recoveredAt && performance.now() - crashedAt < 30_000) {
      const res = await bounded(client.get('/health'));
      if (res.statusCode === 200) recoveredAt = performance.now();
      else expect(res.statusCode).toBe(503);
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await Promise.all(lanes);

    expect(recoveredAt, 'served again').toBeGreaterThan(0);
    console.log(
      `PGlite crash: served again after ${Math.round(recoveredAt - crashedAt)} ms; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    // The crash really interrupted the load, and the server answered again afterwards.
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(await write()).toBe(201);

    // Every acknowledged write is there, now and after a clean restart from the folder.
    const check = async (c: Client) => {
      const res = await c.get(`/properties?settings_group_uuid=${group}&per_page=200`);
      expect(res.statusCode, res.body).toBe(200);
      const stored = new Map(json<{ data: { uuid: string; name: string }[] }>(res).data.map((p) => [p.uuid, p.name]));
      for (const [uuid, name] of acknowledged) expect(stored.get(uuid), uuid).toBe(name);
    };
    expect(acknowledged.size).toBeLessThan(200);
    await check(client);
    await env.close();
    env = await createTestEnv({ dataDir }, { embeddedOnDisk: true });
    const again = await signedIn(env);
    await env.database.db.execute(
      sql`insert into settings_group_members (settings_group_uuid, user_id, role) values (${group}, ${again.user.id}, 'admin')`,
    );
    await check(again.client);
  });

  it('an in-memory database cannot be reopened: it keeps answering 503, never a hang', async () => {
    const memory = await createTestEnv();
    try {
      expect((await memory.app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
      await crashPglite(memory.database);
      for (let i = 0; i < 3; i++) {
        const res = await bounded(memory.app.inject({ url: '/api/v1/health' }));
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        await new Promise((r) => setTimeout(r, 600));
      }
    } finally {
      await memory.close();
    }
  });
});
