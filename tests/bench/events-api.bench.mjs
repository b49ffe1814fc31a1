// The calendar events API for one month over 100,000 stored task events (plus tickets and orders) against a
// hand-written SQL endpoint in the same process (tests/bench/events-server.ts), loaded alternately with
// autocannon (10 connections) on PostgreSQL, with identical response bytes. Budget (issue 5): p50 ≤ 1.3× raw. And a
// year with every kind (record dates too) against the three planning kinds. Budget (issue 14): p50 ≤ 2×.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { login } from './http.mjs';

const PG_BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MONTH = 'from=2027-03-01&to=2027-03-31';
const THREE = 'kinds[]=task_event&kinds[]=ticket&kinds[]=order';
const OURS = `/api/v1/calendar/events?${MONTH}&${THREE}`;
const RAW = `/api/v1/bench/raw-calendar?${MONTH}`;
// A year (issue 14): every kind against the three planning kinds (budget ≤ 2×)
const YEAR = 'from=2027-01-01&to=2027-12-31';
// the year (both capped at 5,000 items) and the month (not capped); the bench's uuids are md5 texts, which the
// API's uuid check refuses, so no property narrows it
const YEARS = [
  ['year', YEAR],
  ['month', MONTH],
];
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const PORT = 8397;

const load = (url, cookie) =>
  new Promise((resolve, reject) =>
    autocannon(
      { url, connections: 10, duration: DURATION, headers: { cookie, accept: 'application/json' } },
      (err, r) => (err ? reject(err) : resolve(r)),
    ),
  );
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run() {
  const name = `hauswerk_bench_events_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  let server;
  try {
    server = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/events-server.ts'], {
      env: { ...process.env, PORT: String(PORT), DATABASE_URL: url.toString() },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise((resolve, reject) => {
      server.stdout.on('data', (d) => String(d).includes('ready') && resolve());
      server.once('exit', (code) => reject(new Error(`bench server exited ${code}`)));
    });
    const base = `http://127.0.0.1:${PORT}`;
    const cookie = await login(base);
    const oursBody = await (await fetch(`${base}${OURS}`, { headers: { cookie } })).text();
    const rawBody = await (await fetch(`${base}${RAW}`, { headers: { cookie } })).text();
    const items = JSON.parse(oursBody).data.length;
    await load(`${base}${OURS}`, cookie); // warm-up
    await load(`${base}${RAW}`, cookie);
    const ours = [];
    const raw = [];
    for (let i = 0; i < 3; i++) {
      const o = await load(`${base}${OURS}`, cookie);
      const r = await load(`${base}${RAW}`, cookie);
      if (o.non2xx || r.non2xx) throw new Error('non-2xx answers');
      ours.push(o.latency.p50);
      raw.push(r.latency.p50);
    }
    const years = [];
    for (const [label, query] of YEARS) {
      const allUrl = `${base}/api/v1/calendar/events?${query}`;
      const threeUrl = `${allUrl}&${THREE}`;
      const all = [];
      const three = [];
      await load(allUrl, cookie);
      for (let i = 0; i < 3; i++) {
        const a = await load(allUrl, cookie);
        const t = await load(threeUrl, cookie);
        if (a.non2xx || t.non2xx) throw new Error('non-2xx answers');
        all.push(a.latency.p50);
        three.push(t.latency.p50);
      }
      const reply = (await (await fetch(allUrl, { headers: { cookie } })).json()).data;
      const few = (await (await fetch(threeUrl, { headers: { cookie } })).json()).data;
      const ya = median(all);
      const yt = median(three);
      years.push([
        `calendar ${label} p50 ms, all kinds / three kinds`,
        `${ya} / ${yt}`,
        `${(ya / yt).toFixed(2)}× (≤ 2×), ${reply.length} / ${few.length} items, ${new Set(reply.map((i) => i.kind)).size} kinds`,
        ya / yt <= 2,
      ]);
    }
    server.kill('SIGTERM');
    const o = median(ours);
    const r = median(raw);
    return [
      [
        'same bytes: ours and raw',
        oursBody === rawBody ? 'identical' : 'DIFFERENT',
        `${items} items in the month`,
        oursBody === rawBody,
      ],
      ['calendar month p50 ms, ours / raw', `${o} / ${r}`, `${(o / r).toFixed(2)}× (≤ 1.3×)`, o / r <= 1.3],
      ...years,
    ];
  } finally {
    server?.kill('SIGTERM'); // also when a figure failed
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
