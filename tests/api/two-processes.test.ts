// Two server processes on one PostgreSQL database with the same APP_KEY, as behind a load balancer: a session
// started on one works on the other, a document uploaded through one downloads through the other (its file in the
// database, each process with a data folder of its own), the login rate limit counts the attempts made on both, and
// each scheduled job runs once across both. PostgreSQL only (PGlite is one process per data folder).
// @both-databases: PostgreSQL only: several processes on one database.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/crud/table';
import { jobs } from '../../server/jobs/jobs';
import { HttpClient, parse } from './http-client';
import { cleanUp, prepareServer, startServer, type ServerProcess, type TestDatabase } from './server-process';
import { multipart, pdf } from './uploads';

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
    // no folder in common: B's data folder lies inside A's, which the clean-up removes
    [a, b] = await Promise.all([
      startServer(entry, env),
      startServer(entry, { ...env, DATA_DIR: path.join(db.env.DATA_DIR!, 'b') }),
    ]);
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

  it('a document uploaded through one process downloads through the other, its file in the database', async () => {
    const client = new HttpClient(a.base, 30_000);
    expect((await client.login(email)).status).toBe(200);
    const group = parse<{ data: { uuid: string } }>(await client.post('/settings-groups', { name: 'Files AG' }));
    const property = parse<{ data: { uuid: string } }>(
      await client.post('/properties', { settings_group_uuid: group.data.uuid, name: 'Seestrasse 2' }),
    ).data.uuid;
    const data = Buffer.concat([pdf('shared plan'), crypto.randomBytes(5 * 1024 * 1024 + 17)]); // several chunks
    const { body, contentType } = multipart(
      { model_name: 'property', model_uuid: property },
      { name: 'Plan.pdf', data },
    );
    const up = await client.request('POST', '/documents', body, { 'content-type': contentType });
    expect(up.status, up.body).toBe(201);
    const doc = parse<{ data: { uuid: string; checksum: string } }>(up).data;
    expect(doc.checksum).toBe(crypto.createHash('sha256').update(data).digest('hex'));
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${b.base}/api/v1/documents/${doc.uuid}/file`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(data.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
    // neither process keeps a stored file or a staging file on its machine
    for (const dir of [db.env.DATA_DIR!, path.join(db.env.DATA_DIR!, 'b')])
      for (const sub of ['storage', 'tmp']) {
        const folder = path.join(dir, sub);
        const files = fs.existsSync(folder)
          ? fs.readdirSync(folder, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
          : [];
        expect(
          files.map((f) => f.name),
          folder,
        ).toEqual([]);
      }
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
