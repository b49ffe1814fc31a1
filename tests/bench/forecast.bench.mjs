// The renewal forecast over 50 years for BENCH_FACILITIES facilities (100,000 by default) on PostgreSQL, against a
// hand-written SQL statement giving the same totals in the same process (tests/bench/list-server.ts,
// `/bench/raw-forecast`), asked alternately, one request at a time, median of BENCH_ROUNDS (9). Budget (renewal
// planning issue): p50 ours ≤ 1.5× the baseline's; the two replies must agree year by year, or the figure is void.
import { withDatabase } from './database.mjs';
import { login, timedGet as timed } from './http.mjs';
import { median, startServer } from './list.bench.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const GROUP = '00000000-0000-4000-8000-0000000000b1';
const OURS = `/api/v1/renewal/forecast?settings_group_uuid=${GROUP}&years=50`;
const RAW = '/api/v1/bench/raw-forecast?years=50';

export async function run() {
  return withDatabase('forecast', async (url) => {
    const server = await startServer({ DATABASE_URL: url }, 8398);
    try {
      const base = 'http://127.0.0.1:8398';
      const cookie = await login(base);
      const ours = await timed(base, cookie, OURS);
      const raw = await timed(base, cookie, RAW);
      const same = JSON.stringify(ours.body) === JSON.stringify(raw.body);
      const times = { ours: [], raw: [] };
      for (let i = 0; i < ROUNDS; i++) {
        times.ours.push((await timed(base, cookie, OURS)).ms);
        times.raw.push((await timed(base, cookie, RAW)).ms);
      }
      const o = median(times.ours);
      const r = median(times.raw);
      return [
        ['same totals: ours and the hand-written SQL', same ? 'identical' : 'DIFFERENT', '', same],
        [
          'forecast 50 years p50 ms, ours / SQL',
          `${o.toFixed(0)} / ${r.toFixed(0)}`,
          `${(o / r).toFixed(2)}× (≤ 1.5×)`,
          same && o / r <= 1.5,
        ],
      ];
    } finally {
      server.kill('SIGTERM');
    }
  });
}
