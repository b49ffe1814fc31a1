// Load as a test of record, on PostgreSQL: read load (the facilities list, 50 rows of 10,000, sorted) at 50
// connections and write load (creating properties) at 20 connections, BENCH_LOAD_SECONDS (60) each, with autocannon
// against the list benchmark's server (tests/bench/list-server.ts: the real app) on a fresh database. Baselines in
// the same run, at the same connections: for reads the list server's hand-written SQL endpoint returning the same
// rows (20 s); for writes GET /api/v1/health (one `select 1`, 10 s), for scale only.
// Budgets: no error, no timeout and no non-2xx answer at all; after the write load the rows in the database equal
// the acknowledged (201) writes; list p99 ≤ 2× the raw endpoint's p99 and ≤ 1 s (at 50 connections both
// saturate the process, so each p99 follows its cost per request: the list's auth, scoping, count and
// serialisation cost about twice the raw statement's); create p99 ≤ 500 ms (a shared two-core machine runs server,
// PostgreSQL and the load at once).
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { login } from './http.mjs';
import { withDatabase } from './database.mjs';

const PORT = Number(process.env.BENCH_LOAD_PORT ?? 8481);
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const LIST = '/api/v1/facilities?per_page=50&sort_by=name&status_limiter=active';
const RAW = '/api/v1/bench/raw-facilities';

async function startServer(databaseUrl) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/list-server.ts'], {
    env: { ...process.env, PORT: String(PORT), DATABASE_URL: databaseUrl, BENCH_FACILITIES: '10000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`load bench server exited ${code}`)));
  });
  return child;
}

const load = (opts) =>
  new Promise((resolve, reject) => autocannon({ timeout: 10, ...opts }, (err, r) => (err ? reject(err) : resolve(r))));

/**
 * The write load: 20 lanes, each creating one property after the other until the time is up and then waiting for
 * its last answer, so every write sent is answered and "acknowledged" is exact (autocannon drops the requests in
 * flight when its time is up, and those may still be stored). Reported in autocannon's shape.
 */
async function writeLoad(headers, group) {
  const latencies = [];
  let errors = 0;
  let non2xx = 0;
  let n = 0;
  const end = performance.now() + SECONDS * 1000;
  const lane = async () => {
    while (performance.now() < end) {
      const body = JSON.stringify({
        settings_group_uuid: group,
        name: `Load ${++n}`,
        city: 'Bern',
        construction_year: 1990,
      });
      const t = performance.now();
      try {
        const res = await fetch(`${BASE}/api/v1/properties`, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        if (res.status === 201) latencies.push(performance.now() - t);
        else non2xx++;
      } catch {
        errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: 20 }, lane));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0);
  return {
    '2xx': latencies.length,
    errors,
    timeouts: 0,
    non2xx,
    requests: { total: latencies.length + errors + non2xx, average: latencies.length / seconds },
    latency: { p50: at(50), p99: at(99) },
  };
}

/** Errors of any kind in an autocannon result: connection errors, timeouts, answers other than 2xx. */
const failures = (r) => r.errors + r.timeouts + r.non2xx;

/** The loads and their figures, against the server on the database at `url`. */
async function measure(url) {
  const cookie = await login(BASE);
  const headers = { cookie, accept: 'application/json' };
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)[1]);
  const writeHeaders = { ...headers, 'content-type': 'application/json', 'x-xsrf-token': xsrf };
  const created = await fetch(`${BASE}/api/v1/settings-groups`, {
    method: 'POST',
    headers: writeHeaders,
    body: JSON.stringify({ name: 'Load AG' }),
  });
  if (created.status !== 201) throw new Error(`settings group: ${created.status} ${await created.text()}`);
  const group = (await created.json()).data.uuid;

  await load({ url: `${BASE}${LIST}`, headers, connections: 10, duration: 3 }); // warm-up
  await load({ url: `${BASE}${RAW}`, headers, connections: 10, duration: 3 });
  const readBase = await load({ url: `${BASE}${RAW}`, headers, connections: 50, duration: 20 });
  const read = await load({ url: `${BASE}${LIST}`, headers, connections: 50, duration: SECONDS });

  const writeBase = await load({ url: `${BASE}/api/v1/health`, connections: 20, duration: 10 });
  const write = await writeLoad(writeHeaders, group);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const stored = (await db.query('select count(*)::int as n from properties where settings_group_uuid = $1', [group]))
    .rows[0].n;
  await db.end();

  return [
    [
      `read: 50 connections, ${SECONDS} s, errors`,
      failures(read),
      `${read.requests.total} requests, ${read.requests.average.toFixed(0)} req/s (raw ${readBase.requests.average.toFixed(0)})`,
      failures(read) === 0 && failures(readBase) === 0,
    ],
    [
      'read: list p99 ms / raw SQL p99',
      `${read.latency.p99} / ${readBase.latency.p99}`,
      `${(read.latency.p99 / readBase.latency.p99).toFixed(2)}× (≤ 2×, ≤ 1000 ms); p50 ${read.latency.p50} / ${readBase.latency.p50} ms`,
      read.latency.p99 <= 2 * readBase.latency.p99 && read.latency.p99 <= 1000,
    ],
    [
      `write: 20 connections, ${SECONDS} s, errors`,
      failures(write),
      `${write['2xx']} acknowledged, ${write.requests.average.toFixed(0)} req/s (health ${writeBase.requests.average.toFixed(0)})`,
      failures(write) === 0 && failures(writeBase) === 0,
    ],
    ['write: rows stored = acknowledged', `${stored} / ${write['2xx']}`, '', stored === write['2xx']],
    [
      'write: create p99 ms',
      write.latency.p99,
      `≤ 500 ms; p50 ${write.latency.p50} ms (health p99 ${writeBase.latency.p99} ms)`,
      write.latency.p99 <= 500,
    ],
  ];
}

export async function run() {
  return withDatabase('load', async (url) => {
    const server = await startServer(url);
    try {
      return await measure(url);
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  });
}
