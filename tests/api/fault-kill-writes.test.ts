// kill -9 of the real server process during writes, 20 rounds on one database of the tier (a PGlite folder, or a
// PostgreSQL database): four lanes create records until the process is killed at a random moment; after each
// restart every write that was answered 201 is there with all its fields, and the session still works.
// @both-databases: durability of each database under kill -9.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, NoAnswer, parse } from './http-client';
import { cleanUp, prepareServer, startServer, type TestDatabase } from './server-process';

const ROUNDS = 20;

describe('kill -9 during writes', () => {
  let entry: string;
  let db: TestDatabase;
  let email: string;

  beforeAll(async () => {
    ({ entry, db, email } = await prepareServer());
  }, 120_000);
  afterAll(cleanUp, 60_000);

  it(`loses no acknowledged write (${ROUNDS} rounds)`, async () => {
    const acknowledged = new Map<string, Record<string, unknown>>();
    let server = await startServer(entry, db.env);
    const client = new HttpClient(server.base);
    expect((await client.login(email)).status).toBe(200);
    const group = parse<{ data: { uuid: string } }>(await client.post('/settings-groups', { name: 'Kill AG' })).data
      .uuid;
    let n = 0;
    let refused = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      let killed = false;
      const lane = async () => {
        while (!killed) {
          n += 1;
          const body = {
            settings_group_uuid: group,
            name: `Kill ${round}.${n}`,
            city: `City ${n}`,
            construction_year: 1900 + (n % 120),
            description: `Written in round ${round}`,
          };
          try {
            const res = await client.post('/properties', body);
            expect(res.status, res.body).toBe(201);
            acknowledged.set(parse<{ data: { uuid: string } }>(res).data.uuid, body);
          } catch (err) {
            if (!(err instanceof NoAnswer)) throw err;
            refused += 1; // the process died before answering: not acknowledged
          }
        }
      };
      const lanes = Promise.all([lane(), lane(), lane(), lane()]);
      // the kill falls at a random moment after this round's first few acknowledged writes (counted, not timed: a
      // busy machine answers fewer requests in the same time)
      const before = acknowledged.size;
      let failed = false;
      lanes.catch(() => (failed = true)); // a refused write ends the wait; awaiting the lanes below reports it
      while (!failed && acknowledged.size < before + 5) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, Math.random() * 600));
      const stopped = server.stop('SIGKILL');
      killed = true; // the requests in flight now are cut off; no new ones
      await Promise.all([stopped, lanes]);

      server = await startServer(entry, db.env);
      client.base = server.base; // same cookies: the session outlives the process
      const stored = new Map<string, Record<string, unknown>>();
      for (let page = 1; ; page++) {
        const res = await client.get(`/properties?settings_group_uuid=${group}&per_page=500&page=${page}`);
        expect(res.status, res.body).toBe(200);
        const rows = parse<{ data: Record<string, unknown>[] }>(res).data;
        for (const row of rows) stored.set(row.uuid as string, row);
        if (rows.length < 500) break;
      }
      for (const [uuid, body] of acknowledged) {
        const row = stored.get(uuid);
        expect(row, `round ${round}: ${uuid} (${String(body.name)})`).toBeDefined();
        for (const [k, v] of Object.entries(body)) expect(row![k], `${uuid}.${k}`).toBe(v);
      }
    }
    await server.stop('SIGTERM');
    console.log(
      `kill -9 during writes (${db.kind}): ${ROUNDS} rounds, ${acknowledged.size} acknowledged writes all stored; ` +
        `${refused} requests cut off by the kill`,
    );
    expect(acknowledged.size).toBeGreaterThan(ROUNDS * 4);
  }, 600_000); // rounds of real process restarts: minutes on a busy machine
});
