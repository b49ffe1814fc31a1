// The server of the meter readings benchmarks (tests/bench/measurements.bench.mjs): the real app on DATABASE_URL
// with a fixed workspace (the list benchmark's bench user), 40 counters (uuids …-000000000001 to …-000000000040) on one property with an energy reference
// area, and BENCH_READINGS readings (1,000,000 by default; 0 for none) inserted with generate_series: 60 % on the
// first counter (its readings page at depth 500,000), the rest over the others; a reading every hour, 10 more each
// time, every 1,000th a spike of 100 — stored with the consumption and status the rule gives them
// (docs/domain/calculations.md, "Consumption and anomalies").
// BENCH_RULE=off is the import baseline: the measurement model keeps its checks before the write (the counter, the
// property, one reading per moment) but not the recompute of consumption and anomalies after it. Bench-only: the
// production registry is never changed.
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { rowsOf } from '../../server/crud/table';
import { models } from '../../server/models';
import { hashPassword } from '../../server/services/password';

export const GROUP = '00000000-0000-4000-8000-0000000000b1';
const PROPERTY = '00000000-0000-4000-8000-0000000000c1';

if (process.env.BENCH_RULE === 'off') {
  const own = models.measurement!;
  models.measurement = { ...own, hooks: { beforeWrite: own.hooks!.beforeWrite } };
}

const config = { ...loadConfig(), seedDemo: false, jobs: false, logLevel: 'warn' };
const app = await buildApp({ config });
const { db } = app.ctx;
const total = Number(process.env.BENCH_READINGS ?? 1_000_000);

const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from counters`));
if (n === 0) {
  const hash = await hashPassword('bench-password', 1024);
  await db.execute(sql`insert into settings_groups (uuid, name) values (${GROUP}, 'Bench AG') on conflict do nothing`);
  await db.execute(sql`insert into users (id, uuid, email, password_hash, first_name, last_name, terms_version, terms_accepted_at, email_verified_at, created_at)
    values (900001, '00000000-0000-4000-8000-0000000000b2', 'bench@hauswerk.test', ${hash}, 'Bench', 'User', '2026-11', '2026-01-01', '2026-01-01', '2026-01-01') on conflict do nothing`);
  await db.execute(
    sql`insert into settings_group_members (settings_group_uuid, user_id, role) values (${GROUP}, 900001, 'admin') on conflict do nothing`,
  );
  await db.execute(sql`insert into properties (uuid, settings_group_uuid, name, energy_reference_area, created_at, updated_at)
    values (${PROPERTY}, ${GROUP}, 'Bench property', 2500, '2026-01-01', '2026-01-01')`);
  await db.execute(sql`insert into counters (uuid, settings_group_uuid, property_uuid, counter_id, name, medium, factor, is_cumulative, status, created_at, updated_at)
    select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, ${GROUP}, ${PROPERTY}, 'C-' || i, 'Counter ' || i, 'electricity', 1, true, 'active', '2026-01-01', '2026-01-01'
    from generate_series(1, 40) i`);
  if (total > 0) {
    const big = Math.floor(total * 0.6);
    const each = Math.ceil((total - big) / 39);
    // counter 1: readings 1..big; counter k (2..40): `each` readings. Hourly from 2000-01-01, value 10 a step.
    for (let from = 1; from <= total; from += 100_000) {
      const to = Math.min(total, from + 99_999);
      await db.execute(sql`insert into measurements (uuid, settings_group_uuid, property_uuid, counter_uuid, measured_at, value, source,
          consumption, status, created_at, updated_at)
        select md5('m' || i)::uuid, ${GROUP}::uuid, ${PROPERTY}::uuid, ('00000000-0000-4000-8000-' || lpad(k::text, 12, '0'))::uuid,
          timestamptz '2000-01-01 00:00Z' + make_interval(hours => j), j * 10 + (j / 1000) * 90, 'manual',
          case when j = 0 then null when j % 1000 = 0 then 100 else 10 end,
          case when j > 0 and j % 1000 = 0 then 'anomalous' else 'valid' end, '2026-01-01', '2026-01-01'
        from generate_series(${from}::int, ${to}::int) i,
          lateral (select case when i <= ${big}::int then 1 else 2 + (i - ${big}::int - 1) / ${each}::int end as k) kk,
          lateral (select case when k = 1 then i - 1 else (i - ${big}::int - 1) % ${each}::int end as j) jj`);
    }
  }
  await db.execute(sql`analyze`);
}

await app.listen({ port: Number(process.env.PORT ?? 8493), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
