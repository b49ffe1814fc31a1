// Deep pages and substring search on BENCH_DEPTH_ROWS facilities (1,000,000 by default) in PostgreSQL, through
// the real list endpoint: the first page against a keyset-cursor page at depth 500,000 (budget: within 1.5×),
// and a substring search through the trigram index (budget: p50 under 20 ms). Sequential requests, medians.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { login } from './http.mjs';

const PG_BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_DEPTH_ROWS ?? 1_000_000);
const PORT = 8397;

async function timeIt(url, cookie, n = 40) {
  const xs = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    xs.push(performance.now() - t);
  }
  return xs.sort((a, b) => a - b)[Math.floor(n / 2)];
}

export async function run() {
  const name = `hauswerk_bench_depth_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  try {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/list-server.ts'], {
      env: { ...process.env, PORT: String(PORT), DATABASE_URL: url.toString(), BENCH_FACILITIES: String(ROWS) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise((resolve, reject) => {
      child.stdout.on('data', (d) => String(d).includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`bench server exited ${code}`)));
    });
    const loaded = ((performance.now() - t0) / 1000).toFixed(0);
    const base = `http://127.0.0.1:${PORT}`;
    const cookie = await login(base);
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const depth = Math.floor(ROWS / 2);
    const { rows } = await db.query(
      `select name, uuid from facilities where status = 'active' order by name, uuid offset ${depth - 1} limit 1`,
    );
    await db.end();
    const cursor = Buffer.from(JSON.stringify({ v: rows[0].name, u: rows[0].uuid })).toString('base64url');
    const list = `${base}/api/v1/facilities?per_page=50&sort_by=name&status_limiter=active`;
    const first = await timeIt(list, cookie);
    const deep = await timeIt(`${list}&cursor=${cursor}`, cookie);
    const search = await timeIt(`${base}/api/v1/facilities?per_page=50&search=sn12345`, cookie);
    const wide = await timeIt(`${base}/api/v1/facilities?per_page=50&search=pumpe`, cookie, 20);
    child.kill('SIGTERM');
    return [
      [`rows loaded (PostgreSQL)`, ROWS.toLocaleString('en'), `${loaded} s to load`, true],
      ['first page p50', `${first.toFixed(1)} ms`, '', true],
      [
        `keyset page at depth ${depth.toLocaleString('en')} p50`,
        `${deep.toFixed(1)} ms`,
        `${(deep / first).toFixed(2)}× first (≤ 1.5×)`,
        deep / first <= 1.5,
      ],
      ['substring search, selective, p50', `${search.toFixed(1)} ms`, 'budget < 20 ms', search < 20],
      ['substring search, 1 in 5 rows match, p50', `${wide.toFixed(1)} ms`, 'reported', true],
    ];
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
