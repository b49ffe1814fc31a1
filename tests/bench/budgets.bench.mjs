// The budgets list with its computed `available_amount` (docs/domain/calculations.md, "Budgets": amount − Σ drawing
// orders − Σ bills, computed in SQL in every read's own query) against the same list without it, on PostgreSQL with
// 5,000 budgets over 200,000 orders and 200,000 bills (tests/bench/budgets-server.ts; BENCH_BUDGETS and
// BENCH_BUDGET_ROWS make it smaller). Budget (issue 14): p50 with the column ≤ 1.5× without, for every page.
//
// The baseline. The engine has no switch that leaves a virtual field out of a list, so the bench server registers,
// in the same process, the generic list route's own handler (access, list query, the engine's `list`, presentation,
// reply schema) for a copy of the budget model without the virtual field: its statement is the real one minus the two
// subqueries, and its reply is the real one minus `"available_amount":…` (checked: byte for byte once that key is
// removed). Both are loaded alternately over HTTP with autocannon (BENCH_CONNECTIONS, 10; the server drained between
// loads), per_page 50 and 500, a few sort orders, pages by number and by cursor; a page with fewer answers in a round
// than connections misses its budget. Beside them, without a budget: the two statements of each page run directly
// against PostgreSQL (one connection, BENCH_SQL_RUNS each, alternating), which shows what the subqueries cost the
// database alone; `BENCH_BUDGETS_EXPLAIN=1` prints EXPLAIN ANALYZE of the with-column statement of each page.
// Figures and where the time goes: tests/bench/README.md.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { withDatabase } from './database.mjs';
import { login } from './http.mjs';

const PORT = Number(process.env.BENCH_BUDGETS_PORT ?? 8483);
const DURATION = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SQL_RUNS = Number(process.env.BENCH_SQL_RUNS ?? 40);
const ROUNDS = 3;
// The grid asks for a page by number when it jumps and by cursor when it scrolls on (grids/use-grid-datasource.ts).
// `next` takes the cursor from the first page of that sort.
const PAGES = [
  { label: '50, name, page 1', query: 'per_page=50' },
  { label: '50, amount desc, by cursor', query: 'per_page=50&sort_by=amount&sort_descending=1', next: true },
  { label: '50, year, page 20', query: 'per_page=50&sort_by=year&page=20' },
  { label: '500, name, page 1', query: 'per_page=500' },
  { label: '500, created_at desc, page 5', query: 'per_page=500&sort_by=created_at&sort_descending=1&page=5' },
];

const load = (url, cookie) =>
  new Promise((resolve, reject) =>
    autocannon(
      { url, connections: CONNECTIONS, duration: DURATION, headers: { cookie, accept: 'application/json' } },
      (err, r) =>
        err ? reject(err) : r.non2xx ? reject(new Error(`${url}: ${r.non2xx} non-2xx answers`)) : resolve(r),
    ),
  );
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
const ms = (x) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
const withoutColumn = (body) => {
  const reply = JSON.parse(body);
  for (const r of reply.data) delete r.available_amount;
  return JSON.stringify(reply);
};

/** Waits until the server has worked off what a load left queued (a slow page's requests outlive its load): its
 * health check, which asks the database through the same pool, answers at once twice running (at most 60 s). */
async function drain(base) {
  for (let quick = 0, until = Date.now() + 60_000; quick < 2 && Date.now() < until;) {
    const t = Date.now();
    await fetch(`${base}/api/v1/health`).catch(() => {});
    quick = Date.now() - t < 100 ? quick + 1 : 0;
    if (!quick) await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function startServer(url) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/budgets-server.ts'], {
    env: { ...process.env, PORT: String(PORT), DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    server.once('exit', (code) => reject(new Error(`bench server exited ${code}`)));
  });
  return server;
}

/** Times of the two statements of a page, alternating on one connection (at most ~10 s of them). */
async function direct(client, statements) {
  const times = { with: [], without: [] };
  const until = Date.now() + 10_000;
  for (let i = 0; i < SQL_RUNS + 2 && (i < 5 || Date.now() < until); i++)
    for (const k of ['with', 'without']) {
      const t = process.hrtime.bigint();
      await client.query(statements[k].sql, statements[k].params);
      if (i >= 2) times[k].push(Number(process.hrtime.bigint() - t) / 1e6); // the first two warm up
    }
  return times;
}

export async function run() {
  return withDatabase('budgets', async (url) => {
    let server;
    const client = new pg.Client({ connectionString: url });
    try {
      server = await startServer(url);
      await client.connect();
      const base = `http://127.0.0.1:${PORT}`;
      const cookie = await login(base);
      // a 503 is the pool still busy with requests a slow load left queued: wait for it to drain
      const get = async (path, tries = 20) => {
        const res = await fetch(`${base}${path}`, { headers: { cookie } });
        if (res.status === 503 && tries > 0) {
          await new Promise((resolve) => setTimeout(resolve, 2000));
          return get(path, tries - 1);
        }
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return res.text();
      };
      const rows = [];
      const [{ budgetCount, orders, bills }] = (
        await client.query(
          `select (select count(*) from budgets)::int as "budgetCount", (select count(*) from orders where budget_uuid is not null)::int as orders,
             (select count(*) from bills where budget_uuid is not null)::int as bills`,
        )
      ).rows;
      for (const { label, query: q, next } of PAGES) {
        const query = next ? `${q}&cursor=${JSON.parse(await get(`/api/v1/budgets?${q}`)).meta.next_cursor}` : q;
        const ours = `/api/v1/budgets?${query}`;
        const bare = `/api/v1/bench/budgets-without?${query}`;
        const withBody = await get(ours);
        const sameRest = withoutColumn(withBody) === (await get(bare));
        const shown = JSON.parse(withBody).data;
        const p50 = { with: [], without: [] };
        const p99 = { with: [], without: [] };
        let answered = Infinity;
        await load(`${base}${ours}`, cookie); // warm-up
        await drain(base);
        await load(`${base}${bare}`, cookie);
        await drain(base);
        for (let i = 0; i < ROUNDS; i++)
          for (const [k, path] of [
            ['with', ours],
            ['without', bare],
          ]) {
            const r = await load(`${base}${path}`, cookie);
            await drain(base);
            answered = Math.min(answered, r.requests.total);
            p50[k].push(r.latency.p50);
            p99[k].push(r.latency.p99);
          }
        // a round in which fewer requests than connections were answered has no p50 worth the name
        const measured = answered >= CONNECTIONS;
        const w = median(p50.with);
        const o = median(p50.without);
        const statements = JSON.parse(await get(`/api/v1/bench/budgets-sql?${query}`));
        const t = await direct(client, statements);
        if (process.env.BENCH_BUDGETS_EXPLAIN === '1') {
          const plan = await client.query(`explain (analyze, buffers) ${statements.with.sql}`, statements.with.params);
          console.log(`\n${label}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
        }
        const sw = median(t.with);
        const so = median(t.without);
        rows.push(
          [
            `${label}: p50 ms, with / without`,
            `${w} / ${o}`,
            `${(w / o).toFixed(2)}× (≤ 1.5×); rounds ${p50.with.join(',')} / ${p50.without.join(',')}` +
              `${measured ? '' : `; only ${answered} answers in a round`}` +
              `${sameRest ? '' : '; the rest of the reply DIFFERS'}`,
            w / o <= 1.5 && measured && sameRest && shown.length > 0,
          ],
          [
            `${label}: p99 ms, with / without`,
            `${median(p99.with)} / ${median(p99.without)}`,
            `${(median(p99.with) / median(p99.without)).toFixed(2)}× (no budget); ${shown.length} rows`,
            true,
          ],
          [
            `${label}: SQL p50 ms, with / without`,
            `${ms(sw)} / ${ms(so)}`,
            `${(sw / so).toFixed(1)}× (no budget); p99 ${ms(quantile(t.with, 0.99))} / ${ms(quantile(t.without, 0.99))}, ${t.with.length} runs`,
            true,
          ],
        );
      }
      rows.unshift([
        'budgets; orders, bills on a budget',
        String(budgetCount),
        `${orders} orders, ${bills} bills`,
        true,
      ]);
      return rows;
    } finally {
      server?.kill('SIGTERM'); // also when a figure failed
      await client.end().catch(() => {});
    }
  });
}
