// The facilities grid sorted by a renewal figure over BENCH_FACILITIES facilities (100,000 by default) on
// PostgreSQL: the first page (100 rows, as the grid asks) sorted by remaining lifetime and by renewal year, each
// against the same page sorted by name, requests alternating in one run, one at a time (the grid's own pattern).
// Budget (renewal planning issue): the p50 of each within 1.5× the sort by name. A page is also checked to be in
// order, so a fast wrong answer cannot pass.
import { withDatabase } from './database.mjs';
import { login, timedGet as timed } from './http.mjs';
import { median, startServer } from './list.bench.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const page = (sort) => `/api/v1/facilities?per_page=100&sort_by=${sort}&status_limiter=active`;

const ordered = (rows, field) => rows.length === 100 && rows.every((r, i) => i === 0 || rows[i - 1][field] <= r[field]);

export async function run() {
  return withDatabase('facility_sort', async (url) => {
    const server = await startServer({ DATABASE_URL: url }, 8397);
    try {
      const base = 'http://127.0.0.1:8397';
      const cookie = await login(base);
      const sorts = ['name', 'remaining_lifetime', 'renewal_year'];
      const times = Object.fromEntries(sorts.map((s) => [s, []]));
      const checks = {};
      for (const s of sorts) checks[s] = ordered((await timed(base, cookie, page(s))).body.data, s); // warm-up
      for (let i = 0; i < ROUNDS; i++) for (const s of sorts) times[s].push((await timed(base, cookie, page(s))).ms);
      const byName = median(times.name);
      return [
        ['first page by name, p50 ms', byName.toFixed(1), '(the baseline)', checks.name],
        ...sorts.slice(1).map((s) => {
          const p50 = median(times[s]);
          return [
            `first page by ${s}, p50 ms`,
            p50.toFixed(1),
            `${(p50 / byName).toFixed(2)}× by name (≤ 1.5×)${checks[s] ? '' : ', NOT IN ORDER'}`,
            checks[s] && p50 / byName <= 1.5,
          ];
        }),
      ];
    } finally {
      server.kill('SIGTERM');
    }
  });
}
