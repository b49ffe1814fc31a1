// The list endpoint (auth, scoping, filter, sort, 50 rows, serialisation) against a hand-written SQL endpoint in
// the same process (tests/bench/list-server.ts), loaded alternately with autocannon (10 connections), with
// BENCH_FACILITIES facilities (100,000 by default) on PostgreSQL; then the same list on PGlite against native
// PostgreSQL, with identical response bytes. Budgets (records engine issue): ours ≥ 0.75× raw req/s, p50 ≤ 1.3×,
// p99 ≤ 1.5×; PGlite ≥ 0.25× PostgreSQL.
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { login } from './http.mjs';

const PG_BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LIST = '/api/v1/facilities?per_page=50&sort_by=name&status_limiter=active';
const RAW = '/api/v1/bench/raw-facilities';
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

export async function startServer(env, port) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/list-server.ts'], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`bench server exited ${code}`)));
  });
  return child;
}

export const load = (url, cookie) =>
  new Promise((resolve, reject) =>
    autocannon(
      { url, connections: 10, duration: DURATION, headers: { cookie, accept: 'application/json' } },
      (err, r) => (err ? reject(err) : resolve(r)),
    ),
  );
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(base, cookie, path, rounds = 2) {
  const rps = [];
  const p50 = [];
  const p99 = [];
  for (let i = 0; i < rounds; i++) {
    const r = await load(`${base}${path}`, cookie);
    if (r.non2xx) throw new Error(`${path}: ${r.non2xx} non-2xx answers`);
    rps.push(r.requests.average);
    p50.push(r.latency.p50);
    p99.push(r.latency.p99);
  }
  return { rps: median(rps), p50: median(p50), p99: median(p99) };
}

export async function run() {
  const name = `hauswerk_bench_list_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  const rows = [];
  let pgBody;
  try {
    const server = await startServer({ DATABASE_URL: url.toString() }, 8395);
    const base = 'http://127.0.0.1:8395';
    const cookie = await login(base);
    pgBody = await (await fetch(`${base}${LIST}`, { headers: { cookie } })).text();
    const rawBody = await (await fetch(`${base}${RAW}`, { headers: { cookie } })).text();
    await measure(base, cookie, LIST, 1); // warm-up
    await measure(base, cookie, RAW, 1);
    const ours = { rps: [], p50: [], p99: [] };
    const raw = { rps: [], p50: [], p99: [] };
    for (let i = 0; i < 2; i++) {
      for (const [path, into] of [
        [LIST, ours],
        [RAW, raw],
      ]) {
        const m = await measure(base, cookie, path, 1);
        into.rps.push(m.rps);
        into.p50.push(m.p50);
        into.p99.push(m.p99);
      }
    }
    server.kill('SIGTERM');
    const o = { rps: median(ours.rps), p50: median(ours.p50), p99: median(ours.p99) };
    const b = { rps: median(raw.rps), p50: median(raw.p50), p99: median(raw.p99) };
    rows.push(
      ['same bytes: ours and raw (PostgreSQL)', pgBody === rawBody ? 'identical' : 'DIFFERENT', '', pgBody === rawBody],
      [
        'PostgreSQL list req/s, ours / raw',
        `${o.rps.toFixed(0)} / ${b.rps.toFixed(0)}`,
        `${(o.rps / b.rps).toFixed(2)}× (≥ 0.75×)`,
        o.rps / b.rps >= 0.75,
      ],
      [
        'PostgreSQL list p50 ms, ours / raw',
        `${o.p50} / ${b.p50}`,
        `${(o.p50 / b.p50).toFixed(2)}× (≤ 1.3×)`,
        o.p50 / b.p50 <= 1.3,
      ],
      [
        'PostgreSQL list p99 ms, ours / raw',
        `${o.p99} / ${b.p99}`,
        `${(o.p99 / b.p99).toFixed(2)}× (≤ 1.5×)`,
        o.p99 / b.p99 <= 1.5,
      ],
    );
    const dir = '.tmp/bench-list-pglite';
    fs.rmSync(dir, { recursive: true, force: true });
    const lite = await startServer({ DATA_DIR: dir, DATABASE_URL: '' }, 8396);
    const liteBase = 'http://127.0.0.1:8396';
    const liteCookie = await login(liteBase);
    const liteBody = await (await fetch(`${liteBase}${LIST}`, { headers: { cookie: liteCookie } })).text();
    await measure(liteBase, liteCookie, LIST, 1);
    const l = await measure(liteBase, liteCookie, LIST, 2);
    lite.kill('SIGTERM');
    rows.push(
      ['same bytes: PGlite and PostgreSQL', liteBody === pgBody ? 'identical' : 'DIFFERENT', '', liteBody === pgBody],
      [
        'PGlite list req/s / PostgreSQL',
        `${l.rps.toFixed(0)} / ${o.rps.toFixed(0)}`,
        `${(l.rps / o.rps).toFixed(2)}× (≥ 0.25×)`,
        l.rps / o.rps >= 0.25,
      ],
    );
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return rows;
}
