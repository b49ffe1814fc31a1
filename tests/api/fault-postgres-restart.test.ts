// PostgreSQL going away under load, on a throwaway cluster of this file (never the shared one): a fast shutdown,
// then a kill -9 of the postmaster. Every request meanwhile answers 503 {message} with Retry-After well within the
// request timeout (each request is bounded on the client, so a hang fails), and once the cluster is back the same
// server process serves again (about a second when idle), with every acknowledged write stored. Then the whole cluster frozen
// (SIGSTOP): answers wait for the client's own time limits, then 503. Runs in the PostgreSQL tier.
// @both-databases: PostgreSQL only: the cluster going away.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../scripts/throwaway-postgres.mjs';
import { createUser } from './harness';
import { HttpClient, parse, type HttpAnswer } from './http-client';

const REQUEST_BOUND_MS = 10_000; // the server's own request timeout is 30 s
// How long the test waits for the server to serve again: the time it took is printed (about a second on an idle
// machine); the suite asserts that it recovers, not how fast, which a busy machine decides (tests/README.md)
const RECOVERY_WAIT_MS = 30_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL stopped and started again under load', () => {
  let dataDir = '';
  let cluster: ThrowawayPostgres | undefined;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let client: HttpClient;
  let group: string;
  const acknowledged = new Map<string, string>();

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-pg-restart-'));
    cluster = await startThrowawayPostgres();
    // The throwaway cluster acknowledges commits before writing them (made for speed); this test counts writes.
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('alter database postgres set synchronous_commit = on');
    await admin.end();
    database = await openDatabase({ databaseUrl: cluster.url, dataDir: '', statementTimeoutMs: 3_000 });
    app = await buildApp({ database, logger: false, config: { scryptCost: 1024, dataDir, smtpUrl: undefined } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const user = await createUser({ app, database, close: async () => {} });
    client = new HttpClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, REQUEST_BOUND_MS);
    expect((await client.login(user.email)).status).toBe(200);
    group = parse<{ data: { uuid: string } }>(await client.post('/settings-groups', { name: 'Restart AG' })).data.uuid;
  }, 120_000);

  afterAll(async () => {
    await app?.close().catch(() => {});
    await Promise.race([database?.close().catch(() => {}), sleep(5_000)]);
    await cluster?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  let n = 0;
  const write = () => {
    const name = `Restart ${++n}`;
    return client.post('/properties', { settings_group_uuid: group, name }).then((a) => {
      if (a.status === 201) acknowledged.set(parse<{ data: { uuid: string } }>(a).data.uuid, name);
      return a;
    });
  };
  const read = () => client.get(`/properties?settings_group_uuid=${group}&per_page=20`);

  /** Four lanes of reads and writes until stopped; every answer with when it was sent. */
  function load() {
    const answers: (HttpAnswer & { sent: number })[] = [];
    let stop = false;
    const lane = async (op: () => Promise<HttpAnswer>) => {
      while (!stop) {
        const sent = performance.now();
        answers.push({ ...(await op()), sent });
        await sleep(10);
      }
    };
    const lanes = Promise.all([lane(write), lane(write), lane(read), lane(read)]);
    return {
      answers,
      end: async () => {
        stop = true;
        await lanes;
      },
    };
  }

  /** Stops the cluster with a signal to the postmaster and starts it again. */
  const restart = (how: 'SIGINT' | 'SIGKILL') => ({
    label: how === 'SIGINT' ? 'fast shutdown' : 'kill -9',
    down: async () => {
      const postmaster = cluster!.server.process as ChildProcess;
      const exited = new Promise((r) => postmaster.once('exit', r));
      postmaster.kill(how); // SIGINT: fast shutdown; SIGKILL: the postmaster dies at once, its backends follow
      await exited;
    },
    up: async () => {
      // After a kill -9, orphaned backends may still hold the shared memory for a moment: try again shortly.
      for (let attempt = 0; ; attempt++) {
        try {
          return await cluster!.server.start();
        } catch (err) {
          if (attempt >= 20) throw err;
          await sleep(250);
        }
      }
    },
  });

  /** Every process of the cluster stopped (SIGSTOP), as a frozen machine: nothing answers, no connection breaks. */
  const freeze = () => {
    const pids = () => {
      const postmaster = cluster!.server.process!.pid!;
      const children = spawnSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' });
      return [postmaster, ...children.stdout.trim().split(/\s+/).filter(Boolean).map(Number)];
    };
    let frozen: number[] = [];
    return {
      label: 'frozen (SIGSTOP)',
      down: async () => {
        frozen = pids();
        for (const pid of frozen) process.kill(pid, 'SIGSTOP');
      },
      up: async () => {
        for (const pid of frozen) process.kill(pid, 'SIGCONT');
      },
    };
  };

  /** `hold`: how long the fault lasts; at least `seen` requests must be sent and answered within it. */
  async function outage(
    fault: { label: string; down: () => Promise<void>; up: () => Promise<void> },
    { hold = 1_500, seen = 10 } = {},
  ) {
    const running = load();
    await sleep(300);
    await fault.down();
    const down = performance.now();
    await sleep(hold);
    const upAgain = performance.now();
    await fault.up();
    const started = performance.now();
    let served = 0;
    while (!served && performance.now() - started < RECOVERY_WAIT_MS) {
      const a = await client.get('/health');
      if (a.status === 200) served = a.at;
      else await sleep(50);
    }
    let written = 0;
    while (served && !written && performance.now() - started < RECOVERY_WAIT_MS) {
      const a = await write();
      if (a.status === 201) written = a.at;
    }
    await sleep(300);
    await running.end();

    const { answers } = running;
    for (const a of answers) {
      expect([200, 201, 503], a.body).toContain(a.status);
      expect(a.at - a.sent).toBeLessThan(REQUEST_BOUND_MS);
      if (a.status === 503) {
        expect(a.headers.get('retry-after')).toBe('5');
        expect(parse(a).message).toMatch(/temporarily unavailable/);
      }
    }
    // Requests sent and answered while the cluster was down: all 503.
    const during = answers.filter((a) => a.sent >= down && a.at < upAgain);
    expect(during.length).toBeGreaterThanOrEqual(seen);
    for (const a of during) expect(a.status).toBe(503);
    expect(served, 'health served again').toBeGreaterThan(0);
    expect(written, 'a write acknowledged again').toBeGreaterThan(0);
    const slowest = Math.max(...answers.map((a) => a.at - a.sent));
    console.log(
      `PostgreSQL ${fault.label}: ${during.length} answers while down, all 503; ` +
        `slowest answer ${Math.round(slowest)} ms; served ${Math.round(served - started)} ms and wrote ` +
        `${Math.round(written - started)} ms after the cluster was up`,
    );
  }

  it('a fast shutdown: 503 meanwhile, served again', () => outage(restart('SIGINT')), 90_000);

  it('a kill -9 of the postmaster: 503 meanwhile, served again', () => outage(restart('SIGKILL')), 90_000);

  // The client gives up on a statement 2 s after the statement timeout (here 3 s), on a connection after 5 s: each
  // of the four lanes gets at least one answer while frozen.
  it('frozen: 503 once the client gives up, served again', () => outage(freeze(), { hold: 12_000, seen: 4 }), 60_000);

  it('every acknowledged write is stored', async () => {
    expect(acknowledged.size).toBeGreaterThan(10);
    const stored = new Map<string, string>();
    for (let page = 1; page < 100; page++) {
      const a = await client.get(`/properties?settings_group_uuid=${group}&per_page=100&page=${page}`);
      expect(a.status, a.body).toBe(200);
      const rows = parse<{ data: { uuid: string; name: string }[] }>(a).data;
      if (!rows.length) break;
      for (const p of rows) stored.set(p.uuid, p.name);
    }
    for (const [uuid, name] of acknowledged) expect(stored.get(uuid), uuid).toBe(name);
  });

  it('every connection went back to the pool: it closes at once', async () => {
    await app!.close();
    app = undefined;
    const closed = await Promise.race([database!.close().then(() => 'closed'), sleep(5_000).then(() => 'hangs')]);
    database = undefined;
    expect(closed).toBe('closed');
  });
});
