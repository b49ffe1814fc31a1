// Two server processes on one PostgreSQL database with the same APP_KEY, as behind a load balancer: a session
// started on one works on the other, the login rate limit counts the attempts made on both, and each scheduled
// job runs once across both. PostgreSQL only (PGlite is one process per data folder).
// @both-databases: PostgreSQL only: several processes on one database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/crud/table';
import { jobs } from '../../server/jobs/jobs';
import { HttpClient, parse } from './http-client';
import { cleanUp, prepareServer, startServer, type ServerProcess, type TestDatabase } from './server-process';

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let db: TestDatabase;
  let email: string;

  beforeAll(async () => {
    let entry: string;
    ({ entry, db, email } = await prepareServer());
    // Jobs on in both, started together: their first run of the schedule comes at the same moment.
    const env = { ...db.env, JOBS: '1', LOG_LEVEL: 'info' };
    [a, b] = await Promise.all([startServer(entry, env), startServer(entry, env)]);
  }, 120_000);
  afterAll(cleanUp, 60_000);

  it('a session started on one process works on the other', async () => {
    const client = new HttpClient(a.base);
    expect((await client.login(email)).status).toBe(200);
    client.base = b.base;
    const me = await client.get('/user');
    expect(me.status, me.body).toBe(200);
    expect(parse<{ data: { email: string } }>(me).data.email).toBe(email);
    // a write through B with the session and XSRF token of A
    expect((await client.post('/settings-groups', { name: 'Shared AG' })).status).toBe(201);
  });

  it('the login rate limit counts the attempts on both processes', async () => {
    const onA = new HttpClient(a.base);
    const onB = new HttpClient(b.base);
    const wrong = (c: HttpClient) => c.login(email, 'not the password');
    for (const c of [onA, onB, onA, onB, onA]) expect((await wrong(c)).status).toBe(422); // five allowed in all
    const refused = await wrong(onB);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await onB.login(email)).status, 'even the right password waits').toBe(429);
    expect((await onA.login(email)).status).toBe(429);
  });

  it('each scheduled job runs once across both processes', async () => {
    const ran = (p: ServerProcess) =>
      p
        .output()
        .split('\n')
        .filter((l) => l.includes('"job_done"'))
        .map((l) => (JSON.parse(l) as { job: string }).job);
    // the schedule's first run comes 5 s after the start; every job is due then (none has run yet)
    const started = Date.now();
    while (ran(a).length + ran(b).length < jobs.length && Date.now() - started < 30_000)
      await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 1_500)); // time for a second run of any job to show
    const all = [...ran(a), ...ran(b)].sort();
    expect(all).toEqual(jobs.map((j) => j.name).sort());
    console.log(`scheduled jobs: on A ${JSON.stringify(ran(a))}, on B ${JSON.stringify(ran(b))}`);
    const database = await db.open();
    try {
      const runs = rowsOf<{ name: string }>(await database.db.execute(sql`select name from job_runs order by name`));
      expect(runs.map((r) => r.name)).toEqual(jobs.map((j) => j.name).sort());
    } finally {
      await database.close();
    }
  }, 60_000);
});
