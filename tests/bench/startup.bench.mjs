// Start-up of the built server to its first answered /api/v1/health, against a bare baseline measured in the same
// run (startup-bare.mjs: Fastify with one route on the same PGlite data folder, or the same PostgreSQL database):
// a cold start on each database (median of 5 each, ours and the bare server's taken in turn), a first start on an
// empty data folder (the demo's template copied, or the demo seeded; median of 3) and idle memory on PGlite.
// Budgets (issue 26): cold start ≤ 1.5× its bare baseline on each database; first start ≤ 2× our own cold start on
// PGlite; idle RSS < 400 MB. Wall time decides; the CPU time of the process when it first answered is printed beside
// it (the machine may be shared). BENCH_STARTUP_PORT (8391) moves it; a port already answering is an error.
import fs from 'node:fs';
import os from 'node:os';
import { execFileSync, spawn } from 'node:child_process';
import pg from 'pg';

const PORT = Number(process.env.BENCH_STARTUP_PORT ?? 8391);
const PG_BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OURS = 'dist/server/server.js';
const BARE = 'tests/bench/startup-bare.mjs';
const TICK = 1000 / 100; // ms per clock tick of /proc/<pid>/stat (USER_HZ is 100 on Linux)

async function startOnce(entry, env) {
  const taken = await fetch(`http://127.0.0.1:${PORT}/api/v1/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${PORT} is taken: set BENCH_STARTUP_PORT`);
  const t0 = performance.now();
  const child = spawn(process.execPath, [entry], {
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
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/v1/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const ms = performance.now() - t0;
  const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const cpu = (Number(stat[11]) + Number(stat[12])) * TICK; // utime + stime
  return { ms, cpu, child };
}

async function stop(child) {
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}

const rss = (pid) => Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => os.loadavg()[0].toFixed(1);

/** Cold starts of ours and the bare server in turn, `n` each: medians of wall and CPU time. */
async function coldStarts(env, n, onLast) {
  const runs = { ours: [], bare: [] };
  for (let i = 0; i < n; i++) {
    for (const [who, entry] of [
      ['ours', OURS],
      ['bare', BARE],
    ]) {
      const s = await startOnce(entry, env);
      runs[who].push(s);
      if (who === 'ours' && i === n - 1) await onLast?.(s);
      await stop(s.child);
    }
  }
  const of = (xs) => ({ ms: median(xs.map((x) => x.ms)), cpu: median(xs.map((x) => x.cpu)) });
  return { ours: of(runs.ours), bare: of(runs.bare) };
}

const fmt = ({ ms, cpu }) => `${ms.toFixed(0)} ms (CPU ${cpu.toFixed(0)})`;

export async function run() {
  const loadAtStart = load();
  const dir = '.tmp/bench-data';
  const firstRuns = [];
  for (let i = 0; i < 3; i++) {
    fs.rmSync(dir, { recursive: true, force: true });
    // A user's first start meets a disk at rest; without this, each start after the first writes its 45 MB copy of the
    // demo template while the kernel still flushes the previous one's (docs/decisions.md, "Start-up").
    execFileSync('sync');
    const first = await startOnce(OURS, { DATA_DIR: dir });
    firstRuns.push(first);
    await stop(first.child);
  }
  const first = { ms: median(firstRuns.map((r) => r.ms)), cpu: median(firstRuns.map((r) => r.cpu)) };

  let idle = 0;
  const pglite = await coldStarts({ DATA_DIR: dir }, 5, async (s) => {
    await new Promise((r) => setTimeout(r, 2000));
    idle = rss(s.child.pid);
  });

  const name = `hauswerk_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  let postgres;
  try {
    const warm = await startOnce(OURS, { DATABASE_URL: url.toString() }); // migrations + demo on the first start
    await stop(warm.child);
    postgres = await coldStarts({ DATABASE_URL: url.toString() }, 5);
  } finally {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }

  const ratio = (a, b) => a.ms / b.ms;
  const cpuRatio = (a, b) => (a.cpu / b.cpu).toFixed(2);
  return [
    ['load average (1 min) at start / end', `${loadAtStart} / ${load()}`, `${os.cpus().length} cores`, true],
    ['cold start, PGlite (median of 5)', fmt(pglite.ours), '', true],
    ['  bare Fastify, same PGlite folder', fmt(pglite.bare), '', true],
    [
      '  ratio PGlite / bare',
      `${ratio(pglite.ours, pglite.bare).toFixed(2)}×`,
      `budget ≤ 1.5× (CPU ${cpuRatio(pglite.ours, pglite.bare)}×)`,
      ratio(pglite.ours, pglite.bare) <= 1.5,
    ],
    ['cold start, PostgreSQL (median of 5)', fmt(postgres.ours), '', true],
    ['  bare Fastify, same database', fmt(postgres.bare), '', true],
    [
      '  ratio PostgreSQL / bare',
      `${ratio(postgres.ours, postgres.bare).toFixed(2)}×`,
      `budget ≤ 1.5× (CPU ${cpuRatio(postgres.ours, postgres.bare)}×)`,
      ratio(postgres.ours, postgres.bare) <= 1.5,
    ],
    ['first start, empty folder (median of 3)', fmt(first), '', true],
    [
      '  ratio first / cold start (PGlite)',
      `${ratio(first, pglite.ours).toFixed(2)}×`,
      `budget ≤ 2× (CPU ${cpuRatio(first, pglite.ours)}×)`,
      ratio(first, pglite.ours) <= 2,
    ],
    ['idle memory, PGlite', `${idle.toFixed(0)} MB RSS`, 'budget < 400 MB', idle < 400],
  ];
}
