// The server of the list benchmark: the real app (DATABASE_URL or DATA_DIR) plus, in the same process, a
// hand-written SQL endpoint returning the same rows through the same response schema — the baseline.
// Data: a fixed workspace with BENCH_FACILITIES facilities (deterministic uuids, so both databases answer the
// same bytes). Bench-only: production never registers the raw route.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { entities } from '../../src/entities/registry';
import { recordSchema } from '../../src/entities/schemas';
import { presentRecord, type Row } from '../../server/crud/present';
import { COUNT_CAP } from '../../server/crud/read';
import { rowsOf } from '../../server/crud/table';
import { hashPassword } from '../../server/services/password';

export const BENCH_GROUP = '00000000-0000-4000-8000-0000000000b1';
export const BENCH_EMAIL = 'bench@hauswerk.test';
export const BENCH_PASSWORD = 'bench-password';

const config = { ...loadConfig(), seedDemo: false, jobs: false, logLevel: 'warn' };
const app = await buildApp({ config });
const { db } = app.ctx;
const total = Number(process.env.BENCH_FACILITIES ?? 100_000);

const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from facilities`));
if (n < total) {
  const hash = await hashPassword(BENCH_PASSWORD, 1024);
  await db.execute(
    sql`insert into settings_groups (uuid, name) values (${BENCH_GROUP}, 'Bench AG') on conflict do nothing`,
  );
  await db.execute(sql`insert into users (id, uuid, email, password_hash, first_name, last_name, terms_version, terms_accepted_at, email_verified_at, created_at)
    values (900001, '00000000-0000-4000-8000-0000000000b2', ${BENCH_EMAIL}, ${hash}, 'Bench', 'User', '2026-11', '2026-01-01', '2026-01-01', '2026-01-01') on conflict do nothing`);
  await db.execute(
    sql`insert into settings_group_members (settings_group_uuid, user_id, role) values (${BENCH_GROUP}, 900001, 'admin') on conflict do nothing`,
  );
  await db.execute(sql`insert into properties (uuid, settings_group_uuid, name, created_at, updated_at, created_by, updated_by)
    select md5('p' || i)::uuid, ${BENCH_GROUP}, 'Property ' || i, '2026-01-01', '2026-01-01', 900001, 900001 from generate_series(1, 30) i on conflict do nothing`);
  // building the trigram index once after a big load is much faster than maintaining it row by row
  const big = total - n > 100_000;
  if (big) await db.execute(sql`drop index if exists facilities_search_idx`);
  for (let from = n + 1; from <= total; from += 20_000) {
    const to = Math.min(total, from + 19_999);
    await db.execute(sql`insert into facilities (uuid, settings_group_uuid, property_uuid, name, number_internal, manufacturer, serial_number,
        quantity, unit_price, commissioning_year, lifetime, status, created_at, updated_at, created_by, updated_by)
      select md5('f' || i)::uuid, ${BENCH_GROUP}::uuid, md5('p' || (1 + i % 30))::uuid,
        (array['Wärmepumpe','Aufzug','Lüftungsgerät','Fenster','Brandmeldeanlage'])[1 + i % 5] || ' ' || i, 'A-' || i,
        (array['Viessmann','Hoval','Schindler','Siemens'])[1 + i % 4], 'SN' || (i::bigint * 7919 % 100000000), 1 + i % 4, ((1000 + i % 50000) || '.50')::numeric,
        1990 + i % 34, 20 + i % 20, case when i % 20 = 0 then 'inactive' else 'active' end, '2026-01-01', '2026-01-01', 900001, 900001
      from generate_series(${from}::int, ${to}::int) i`);
  }
  if (big) await db.execute(sql`create index facilities_search_idx on facilities using gin (search_text gin_trgm_ops)`);
  await db.execute(sql`analyze`);
}

// The baseline: the same rows and the same reply schema, one hand-written statement, no engine.
const facility = entities.facility;
const record = recordSchema(facility);
app.withTypeProvider<ZodTypeProvider>().get(
  '/api/v1/bench/raw-facilities',
  {
    config: { public: false },
    schema: {
      response: {
        200: z.object({
          data: z.array(record),
          meta: z.record(z.string(), z.unknown()),
          links: z.record(z.string(), z.string()),
        }),
      },
    },
  },
  async (req) => {
    const res = await db.execute(sql`
      select f.uuid, f.settings_group_uuid, f.attributes, f.created_at,
        (select first_name || ' ' || last_name from users where id = f.created_by) as created_by, f.updated_at,
        (select first_name || ' ' || last_name from users where id = f.updated_by) as updated_by, f.archived_at,
        (select first_name || ' ' || last_name from users where id = f.archived_by) as archived_by,
        ${sql.raw(
          Object.keys(facility.fields)
            .map((c) => `f."${c}"`)
            .join(', '),
        )}
      from facilities f
      where f.settings_group_uuid = ${BENCH_GROUP} and f.deleted_at is null and f.archived_at is null and f.status in ('active')
      order by f.name nulls last, f.uuid limit 51`);
    const rows = rowsOf<Row>(res).map((r) => ({
      ...r,
      created_at: new Date(r.created_at as string),
      updated_at: new Date(r.updated_at as string),
      archived_at: r.archived_at ? new Date(r.archived_at as string) : null,
    }));
    const [count] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from (select 1 from facilities where settings_group_uuid = ${BENCH_GROUP}
        and deleted_at is null and archived_at is null and status in ('active') limit ${COUNT_CAP + 1}) t`),
    );
    const access = {
      user: req.user!,
      roles: new Map([[BENCH_GROUP, 'admin' as const]]),
      groups: [BENCH_GROUP],
      rights: new Map([[BENCH_GROUP, null]]),
    };
    const page = rows.slice(0, 50);
    const meta: Record<string, unknown> = { page: 1, per_page: 50 };
    if (rows.length > 50) {
      const last = page[page.length - 1] as Row;
      meta.next_cursor = Buffer.from(JSON.stringify({ v: last.name, u: last.uuid })).toString('base64url');
    }
    if (count!.n > COUNT_CAP) meta.total_at_least = COUNT_CAP;
    else meta.total = count!.n;
    return {
      data: page.map((r) => presentRecord(facility, access, r)),
      meta,
      links: { self: '/api/v1/facilities', create: '/api/v1/facilities' },
    };
  },
);

// The forecast's baseline (tests/bench/forecast.bench.mjs): the same totals over `years` years from this year, one
// hand-written statement for what the bench's facilities are (their own lifetime and unit price, no renewal group,
// usage factor, condition, typed date or index): each renewed in its renewal year (an overdue one this year) and
// again every lifetime. The reply as the forecast's, with its one group (none: '').
app.get('/api/v1/bench/raw-forecast', async (req) => {
  const years = Number((req.query as Record<string, string>).years ?? 50);
  const from = new Date().getUTCFullYear();
  const to = from + years - 1;
  const rows = rowsOf<{ year: number; total: string | null }>(
    await db.execute(sql`
      with renewals as (
        select r.year, sum(f.unit_price * f.quantity) as total from facilities f
          cross join lateral generate_series(greatest(f.commissioning_year + f.lifetime, ${from}::int), ${to}::int,
            f.lifetime) r(year)
          where f.settings_group_uuid = ${BENCH_GROUP} and f.deleted_at is null and f.archived_at is null
            and f.excluded_from_renewal is not true
          group by r.year)
      select y.year, renewals.total::numeric(16,2)::text as total
      from generate_series(${from}::int, ${to}::int) y(year) left join renewals on renewals.year = y.year
      order by y.year`),
  );
  return {
    data: {
      years: rows.map((r) => ({
        year: Number(r.year),
        total: r.total ?? '0.00',
        groups: r.total ? { '': r.total } : {},
        deferred: '0.00',
        backlog: '0.00',
      })),
      skipped_excluded: 0,
      skipped_incomplete: 0,
      missing_index_years: [],
      budget_line: null,
    },
  };
});

await app.listen({ port: Number(process.env.PORT ?? 8395), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
