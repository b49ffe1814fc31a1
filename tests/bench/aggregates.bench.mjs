// The map, the charts and the dashboard tiles (docs/analytics-api.md) against hand-written SQL aggregates answering the
// same replies in the same process (tests/bench/aggregates-server.ts), on PostgreSQL with 50,000 properties and
// 1,000,000 tickets, task events, readings and contracts (BENCH_AGG_ROWS, BENCH_AGG_PROPERTIES make it smaller).
// Each endpoint and its baseline are asked alternately, one request at a time (BENCH_AGG_RUNS each after two
// warm-ups); the budget is p50 ours ≤ 1.3× the baseline's, with identical reply bodies. BENCH_AGG_DATABASE_URL runs
// on a database that is kept (the load, ~6 minutes on a busy two-core machine, happens once).
import { spawn } from 'node:child_process';
import { withDatabase } from './database.mjs';
import { login } from './http.mjs';

const PORT = Number(process.env.BENCH_AGG_PORT ?? 8485);
const RUNS = Number(process.env.BENCH_AGG_RUNS ?? 9);
const BUDGET = 1.3;
const GROUP = '00000000-0000-4000-8000-0000000000b1';

const ENDPOINTS = [
  'map/properties?kpi=none',
  'map/properties?kpi=open_tickets',
  'map/properties?kpi=overdue_task_events',
  'map/properties?kpi=budget_use',
  'map/properties?kpi=anomalous_readings',
  'charts/budget-vs-actual',
  'charts/consumption',
  'charts/ticket-throughput',
  'charts/staffing',
  'charts/contract-volume',
  'dashboard/tiles/open_tickets',
  'dashboard/tiles/overdue_tickets',
  'dashboard/tiles/tasks_due_this_month',
  'dashboard/tiles/budgets_nearly_spent',
  'dashboard/tiles/anomalous_readings',
  'dashboard/tiles/contracts_cancellation_near',
  'dashboard/tiles/guarantees_expiring',
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => (x < 10 ? x.toFixed(1) : x.toFixed(0));

async function startServer(url) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/aggregates-server.ts'], {
    env: { ...process.env, PORT: String(PORT), DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    server.once('exit', (code) => reject(new Error(`bench server exited ${code}`)));
  });
  return server;
}

/** BENCH_AGG_DATABASE_URL: a database of one's own, kept (loaded on the first run, reused after). */
const onDatabase = (fn) =>
  process.env.BENCH_AGG_DATABASE_URL ? fn(process.env.BENCH_AGG_DATABASE_URL) : withDatabase('aggregates', fn);

export async function run() {
  return onDatabase(async (url) => {
    let server;
    try {
      const loading = Date.now();
      server = await startServer(url);
      const base = `http://127.0.0.1:${PORT}`;
      const cookie = await login(base);
      const rows = [
        ['data loaded', `${Math.round((Date.now() - loading) / 1000)} s`, 'server start and SQL load', true],
      ];
      const get = async (path) => {
        const t = process.hrtime.bigint();
        const res = await fetch(`${base}${path}`, { headers: { cookie, accept: 'application/json' } });
        const body = await res.text();
        if (!res.ok) throw new Error(`${path}: ${res.status} ${body.slice(0, 300)}`);
        return { ms: Number(process.hrtime.bigint() - t) / 1e6, body };
      };
      for (const endpoint of ENDPOINTS) {
        const sep = endpoint.includes('?') ? '&' : '?';
        const ours = `/api/v1/${endpoint}${sep}settings_group_uuid=${GROUP}`;
        const raw = `/api/v1/bench/raw/${endpoint}`;
        const times = { ours: [], raw: [] };
        let same = true;
        let bytes = 0;
        for (let i = 0; i < RUNS + 2; i++) {
          const order = i % 2 ? ['raw', 'ours'] : ['ours', 'raw'];
          const got = {};
          for (const k of order) {
            got[k] = await get(k === 'ours' ? ours : raw);
            if (i >= 2) times[k].push(got[k].ms);
          }
          same &&= got.ours.body === got.raw.body;
          bytes = got.ours.body.length;
        }
        const o = median(times.ours);
        const r = median(times.raw);
        const ratio = o / r;
        rows.push([
          endpoint,
          `${ratio.toFixed(2)}×`,
          `p50 ${ms(o)} / ${ms(r)} ms, ${Math.round(bytes / 1024)} KB${same ? '' : ', BODIES DIFFER'}`,
          ratio <= BUDGET && same,
        ]);
      }
      return rows;
    } finally {
      server?.kill('SIGTERM');
    }
  });
}
