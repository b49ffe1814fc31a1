// Cold start of the built server to the first answered request: PGlite on an existing data folder against the
// same server on PostgreSQL (baseline, same run); first start on an empty folder (the demo seeded); idle memory on
// PGlite. Budgets (issue: foundation): PGlite ≤ 3× PostgreSQL and < 1 s; empty folder < 3 s; idle RSS < 400 MB.
// Each figure is the median of several starts (3 first starts, 5 cold starts each). BENCH_STARTUP_PORT (8391).
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import pg from 'pg';

const PORT = Number(process.env.BENCH_STARTUP_PORT ?? 8391);
const PG_BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function startOnce(env) {
  const taken = await fetch(`http://127.0.0.1:${PORT}/api/v1/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${PORT} is taken: set BENCH_STARTUP_PORT`);
  const t0 = performance.now();
  const child = spawn(process.execPath, ['dist/server/server.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      JOBS: '0',
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD: 'bench-password',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/v1/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const ms = performance.now() - t0;
  return { ms, child };
}

async function stop(child) {
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}

const rss = (pid) => Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run() {
  const dir = '.tmp/bench-data';
  const firstRuns = [];
  for (let i = 0; i < 3; i++) {
    fs.rmSync(dir, { recursive: true, force: true });
    const first = await startOnce({ DATA_DIR: dir });
    firstRuns.push(first.ms);
    await stop(first.child);
  }

  const pgliteRuns = [];
  let idle = 0;
  for (let i = 0; i < 5; i++) {
    const s = await startOnce({ DATA_DIR: dir });
    pgliteRuns.push(s.ms);
    if (i === 4) {
      await new Promise((r) => setTimeout(r, 2000));
      idle = rss(s.child.pid);
    }
    await stop(s.child);
  }

  const name = `hauswerk_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  const warm = await startOnce({ DATABASE_URL: url.toString() }); // migrations + demo on the first start
  await stop(warm.child);
  const pgRuns = [];
  for (let i = 0; i < 5; i++) {
    const s = await startOnce({ DATABASE_URL: url.toString() });
    pgRuns.push(s.ms);
    await stop(s.child);
  }
  await admin.query(`drop database ${name} with (force)`);
  await admin.end();

  const first = median(firstRuns);
  const pglite = median(pgliteRuns);
  const postgres = median(pgRuns);
  const rows = [
    ['first start, empty folder (median of 3)', `${first.toFixed(0)} ms`, 'budget < 3000 ms', first < 3000],
    ['cold start, PGlite (median of 5)', `${pglite.toFixed(0)} ms`, 'budget < 1000 ms', pglite < 1000],
    ['cold start, PostgreSQL (baseline)', `${postgres.toFixed(0)} ms`, '', true],
    ['ratio PGlite / PostgreSQL', `${(pglite / postgres).toFixed(2)}×`, 'budget ≤ 3×', pglite / postgres <= 3],
    ['idle memory, PGlite', `${idle.toFixed(0)} MB RSS`, 'budget < 400 MB', idle < 400],
  ];
  return rows;
}
