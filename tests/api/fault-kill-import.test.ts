// kill -9 of the real server process in the middle of an import, 10 rounds on one database of the tier. Each round
// imports its own CSV of 1,500 properties into a settings group of its own and kills the process when a random
// part of it is written. With the process gone, the database holds whole chunks only: the records, the undo log
// and the job's progress agree, in steps of whole transactions. Restarted, the same run (same Idempotency-Key)
// resumes after the last chunk, and running it again, or the same file again, creates no duplicates. (An import's
// chunks commit without waiting for the disk; PGlite has no WAL writer, so there a kill loses the chunks since the
// last flush together with their progress, and the cut lands at the start or the end.)
// @both-databases: durability of each database under kill -9.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { rowsOf } from '../../server/crud/table';
import { BUSY_WRITE_ROWS, CHUNK_ROWS } from '../../server/imports/import-runner';
import { HttpClient, parse } from './http-client';
import { cleanUp, prepareServer, startServer, type ServerProcess, type TestDatabase } from './server-process';
import { multipart } from './uploads';

const ROUNDS = 10;
const ROWS = 1_500;

interface Job {
  uuid: string;
  status: string;
  progress: { processed: number; total: number };
}

describe('kill -9 during an import', () => {
  let entry: string;
  let db: TestDatabase;
  let email: string;

  beforeAll(async () => {
    ({ entry, db, email } = await prepareServer());
  }, 120_000);
  afterAll(cleanUp, 60_000);

  /** What the database holds of one round's import, read with no server running (PGlite allows one process). */
  async function state(database: Database, group: string, job: string) {
    const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(q))[0]!;
    const { records, names } = await one<{ records: number; names: number }>(
      sql`select count(*)::int as records, count(distinct name)::int as names from properties where settings_group_uuid = ${group}`,
    );
    const { logged, unlogged } = await one<{ logged: number; unlogged: number }>(sql`select
        (select coalesce(sum(cardinality(records)), 0)::int from import_created where import_uuid = ${job}) as logged,
        (select count(*)::int from properties p where p.settings_group_uuid = ${group} and not exists
          (select 1 from import_created c where c.import_uuid = ${job} and p.uuid = any(c.records))) as unlogged`);
    const row = await one<{ processed: number; status: string }>(
      sql`select processed, status from imports where uuid = ${job}`,
    );
    return { records, names, logged, unlogged, processed: row.processed, status: row.status };
  }

  it(`leaves whole chunks and resumes without duplicates (${ROUNDS} rounds)`, async () => {
    let server: ServerProcess = await startServer(entry, db.env);
    const client = new HttpClient(server.base, 30_000);
    expect((await client.login(email)).status).toBe(200);
    const cutAt: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const group = parse<{ data: { uuid: string } }>(
        await client.post('/settings-groups', { name: `Import ${round}` }),
      ).data.uuid;
      const csv = ['Name;City', ...Array.from({ length: ROWS }, (_, i) => `R${round} property ${i + 1};City ${i}`)];
      const file = multipart({ model: 'property' }, { name: `round-${round}.csv`, data: Buffer.from(csv.join('\n')) });
      const send = () => client.request('POST', '/imports', file.body, { 'content-type': file.contentType });
      const uploaded = await send();
      expect(uploaded.status, uploaded.body).toBe(201);
      const job = parse<{ data: Job }>(uploaded).data.uuid;
      const options = { settings_group_uuid: group, mapping: { '0': 'name', '1': 'city' }, mode: 'insert' };
      const key = { 'idempotency-key': `round-${round}` };
      const run = () => client.request('POST', `/imports/${job}/run`, options, key);
      expect((await run()).status).toBe(202);

      // Requests meanwhile (the import gives way to them: slices of a chunk, pauses); kill when a random part is
      // written (progress polls do not count as requests).
      let reading = true;
      const reader = (async () => {
        while (reading) await client.get(`/properties?settings_group_uuid=${group}&per_page=50`).catch(() => null);
      })();
      const target = Math.floor(Math.random() * ROWS);
      for (;;) {
        const { progress, status } = parse<{ data: Job }>(await client.get(`/imports/${job}`)).data;
        if (progress.processed >= target || status === 'done') break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await new Promise((r) => setTimeout(r, Math.random() * 100));
      await server.stop('SIGKILL');
      reading = false;
      await reader;

      const database = await db.open();
      try {
        const s = await state(database, group, job);
        cutAt.push(s.records);
        expect(s.unlogged, 'every record is in the undo log').toBe(0);
        expect(s.logged).toBe(s.records);
        expect(s.processed, 'the progress was committed with its rows').toBe(s.records);
        expect(s.names).toBe(s.records);
        // whole transactions only: full chunks, or while requests were answered, full slices of a chunk
        expect(s.records % Math.min(BUSY_WRITE_ROWS, CHUNK_ROWS), `round ${round}: ${s.records} rows`).toBe(0);
        // The lease of the killed process would run out after a minute: let it have run out.
        await database.db.execute(sql`update imports set lease_until = now() where uuid = ${job}`);
      } finally {
        await database.close();
      }

      server = await startServer(entry, db.env);
      client.base = server.base;
      const resumed = await run(); // the same run again: the same job, resumed after its last chunk
      expect(resumed.status, resumed.body).toBe(202);
      expect(parse<{ data: Job }>(resumed).data.uuid).toBe(job);
      let status = '';
      for (const started = Date.now(); status !== 'done' && Date.now() - started < 60_000;) {
        status = parse<{ data: Job }>(await client.get(`/imports/${job}`)).data.status;
        if (status !== 'done') await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe('done');
      // Again, and the same file once more with the same key: the first import, nothing written.
      expect(parse<{ data: Job }>(await run()).data.uuid).toBe(job);
      const again = parse<{ data: Job }>(await send()).data.uuid;
      const rerun = await client.request('POST', `/imports/${again}/run`, options, key);
      expect(parse<{ data: Job }>(rerun).data.uuid).toBe(job);
      const listed = await client.get(`/properties?settings_group_uuid=${group}&per_page=1`);
      expect(parse<{ meta: { total: number } }>(listed).meta.total, `round ${round}`).toBe(ROWS);
    }
    await server.stop('SIGTERM');

    // Every round's import, whole and once, with its undo log complete.
    const database = await db.open();
    try {
      const groups = rowsOf<{ uuid: string; job: string }>(
        await database.db.execute(
          sql`select g.uuid, i.uuid as job from settings_groups g join imports i on i.settings_group_uuid = g.uuid
              where i.status = 'done'`,
        ),
      );
      expect(groups).toHaveLength(ROUNDS);
      for (const g of groups) {
        expect(await state(database, g.uuid, g.job)).toEqual({
          records: ROWS,
          names: ROWS,
          logged: ROWS,
          unlogged: 0,
          processed: ROWS,
          status: 'done',
        });
      }
    } finally {
      await database.close();
    }
    console.log(`kill -9 during an import (${db.kind}): ${ROUNDS} rounds, cut at ${cutAt.join(', ')} of ${ROWS} rows`);
  }, 600_000); // rounds of real process restarts: minutes on a busy machine
});
