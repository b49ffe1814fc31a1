// The server of the budgets benchmark (tests/bench/budgets.bench.mjs): the real app on DATABASE_URL plus, in the same
// process, the baseline: the generic list route's own handler (access, list query, engine `list`, presentation, reply
// schema) for a copy of the budget model without its virtual field `available_amount` (docs/domain/calculations.md,
// "Budgets"), so its statement is the real one minus the two subqueries and nothing else differs. And, for the
// direct SQL figures, the statements both send for a page. Data: a fixed workspace with BENCH_BUDGETS budgets (5,000)
// over BENCH_BUDGET_ROWS orders and as many bills (200,000 each). Bench-only: production never registers these routes.
import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { entities } from '../../src/entities/registry';
import { recordSchema } from '../../src/entities/schemas';
import type { AnyEntity } from '../../src/entities/define';
import { accessOf } from '../../server/crud/access';
import { listQuerySchema } from '../../server/crud/list-query';
import { afterCursor, list, listConditions } from '../../server/crud/read';
import { presentRecords } from '../../server/crud/present';
import { col, rowsOf, selection, tableOf } from '../../server/crud/table';
import { hashPassword } from '../../server/services/password';

const GROUP = '00000000-0000-4000-8000-0000000000b1';
const config = { ...loadConfig(), seedDemo: false, jobs: false, logLevel: 'warn' };
const app = await buildApp({ config });
const { db } = app.ctx;
const budgets = Number(process.env.BENCH_BUDGETS ?? 5000);
const rows = Number(process.env.BENCH_BUDGET_ROWS ?? 200_000);

// The budget an order or bill `i` draws on: three in four spread evenly, one in four skewed towards the first
// budgets (a few budgets carry hundreds of orders, most a few dozen); one in ten draws on none.
const budgetOf = (salt: number) =>
  sql.raw(`case when i % 10 = 0 then null else 1 + case when i % 4 <> 1 then (i::bigint * ${salt}) % ${budgets}
    else ((i::bigint * ${salt}) % ${budgets}) * ((i::bigint * ${salt}) % ${budgets}) / ${budgets} end end`);

const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from budgets`));
if (n < budgets) {
  const hash = await hashPassword('bench-password', 1024);
  await db.execute(sql`insert into settings_groups (uuid, name) values (${GROUP}, 'Bench AG') on conflict do nothing`);
  await db.execute(sql`insert into users (id, uuid, email, password_hash, first_name, last_name, terms_version, terms_accepted_at, email_verified_at, created_at)
    values (900001, '00000000-0000-4000-8000-0000000000b2', 'bench@hauswerk.test', ${hash}, 'Bench', 'User', '2026-11', '2026-01-01', '2026-01-01', '2026-01-01') on conflict do nothing`);
  await db.execute(
    sql`insert into settings_group_members (settings_group_uuid, user_id, role) values (${GROUP}, 900001, 'admin') on conflict do nothing`,
  );
  await db.execute(sql`insert into properties (uuid, settings_group_uuid, name, created_at, updated_at)
    select md5('p' || i)::uuid, ${GROUP}, 'Property ' || i, '2026-01-01', '2026-01-01' from generate_series(1, 30) i on conflict do nothing`);
  // budgets: 3 years, amounts 5,000–205,000; one in 25 archived, one in 100 deleted
  await db.execute(sql`insert into budgets (uuid, settings_group_uuid, property_uuid, name, year, amount, currency, exceeded_action,
      created_at, updated_at, created_by, updated_by, archived_at, deleted_at)
    select md5('b' || i)::uuid, ${GROUP}, md5('p' || (1 + i % 30))::uuid,
      (array['Unterhalt','Energie','Reinigung','Gartenpflege','Sanierung','Verwaltung'])[1 + i % 6] || ' ' || (2024 + i % 3) || ' / ' || i,
      2024 + i % 3, (5000 + (i::bigint * 7919) % 200000)::numeric(14,2), 'CHF', (array['warn','stop','ignore'])[1 + i % 3],
      timestamptz '2026-01-01' + i * interval '1 minute', '2026-01-01', 900001, 900001,
      case when i % 25 = 0 then timestamptz '2026-06-01' end, case when i % 100 = 0 then timestamptz '2026-06-01' end
    from generate_series(1, ${budgets}::int) i`);
  // The draws per budget are kept by triggers (docs/domain/calculations.md, "Budgets"); a bulk load switches them
  // off and computes every budget's draws once at the end, as a restore would.
  await db.execute(sql`alter table orders disable trigger user`);
  await db.execute(sql`alter table bills disable trigger user`);
  // orders: one in 20 cancelled, one in 20 refused, the rest over the five drawing states; one in 37 deleted
  for (let from = 1; from <= rows; from += 50_000) {
    const to = Math.min(rows, from + 49_999);
    await db.execute(sql`insert into orders (uuid, settings_group_uuid, property_uuid, title, kind, status, payment_responsibility,
        currency, total, budget_uuid, created_at, updated_at, deleted_at)
      select md5('o' || i)::uuid, ${GROUP}, md5('p' || (1 + coalesce(j, i) % 30))::uuid, 'Order ' || i, 'external',
        case i % 20 when 0 then 'cancelled' when 1 then 'refused' else (array['draft','sent','accepted','done','confirmed'])[1 + i % 5] end,
        'owner', 'CHF', (20 + (i::bigint * 31) % 2000 + (i % 100) / 100.0)::numeric(14,2), md5('b' || j)::uuid,
        '2026-01-01', '2026-01-01', case when i % 37 = 0 then timestamptz '2026-06-01' end
      from generate_series(${from}::int, ${to}::int) i, lateral (select ${budgetOf(7919)} as j) k`);
  }
  // bills: every other one bills order i (and draws on its budget), the others draw on a budget directly; one in 12
  // cancelled, a third paid; one in 41 deleted
  for (let from = 1; from <= rows; from += 50_000) {
    const to = Math.min(rows, from + 49_999);
    await db.execute(sql`insert into bills (uuid, settings_group_uuid, property_uuid, title, order_uuid, budget_uuid, amount, currency,
        status, bill_date, created_at, updated_at, deleted_at)
      select md5('i' || i)::uuid, ${GROUP}, md5('p' || (1 + coalesce(j, i) % 30))::uuid, 'Bill ' || i,
        case when i % 2 = 0 then md5('o' || i)::uuid end, md5('b' || j)::uuid,
        (20 + (i::bigint * 17) % 1500 + (i % 100) / 100.0)::numeric(14,2), 'CHF',
        case when i % 12 = 0 then 'cancelled' when i % 3 = 0 then 'paid' else 'open' end, date '2026-01-01' + i % 365,
        '2026-01-01', '2026-01-01', case when i % 41 = 0 then timestamptz '2026-06-01' end
      from generate_series(${from}::int, ${to}::int) i,
        lateral (select case when i % 2 = 0 then ${budgetOf(7919)} else ${budgetOf(104729)} end as j) k`);
  }
  await db.execute(sql`alter table orders enable trigger user`);
  await db.execute(sql`alter table bills enable trigger user`);
  await db.execute(sql`vacuum analyze budgets`);
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze bills`);
  for (let from = 1; from <= budgets; from += 500)
    await db.execute(sql`select budget_totals_refresh(md5('b' || i)::uuid)
      from generate_series(${from}::int, ${Math.min(budgets, from + 499)}::int) i`);
  await db.execute(sql`vacuum analyze budget_totals`);
  await db.execute(sql`analyze`);
}

// The baseline: the budget model without its virtual field, through the generic list route's handler.
const budget = entities.budget as AnyEntity;
const { available_amount: _virtual, ...stored } = budget.fields;
const without: AnyEntity = { ...budget, fields: stored };
const record = recordSchema(without);
app.withTypeProvider<ZodTypeProvider>().get(
  '/api/v1/bench/budgets-without',
  {
    config: { public: false },
    schema: {
      querystring: listQuerySchema(without),
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
    const access = await accessOf(app.ctx, req);
    const page = await list(app.ctx, access, without, req.query);
    return { ...page, data: presentRecords(without, access, page.data) };
  },
);

// The statements of one page, with and without the column, as the engine's `list` builds them (read.ts).
const pageSql = (entity: AnyEntity, q: z.output<ReturnType<typeof listQuerySchema>>, access: never) => {
  const sortName = q.sort_by ?? entity.defaultSort?.field ?? 'created_at';
  const descending = q.sort_descending ?? (q.sort_by ? false : (entity.defaultSort?.descending ?? false));
  const sortCol = col(entity, sortName);
  const dir = descending ? desc : asc;
  const perPage = q.per_page ?? 50;
  const order: SQL[] = [sortCol.notNull ? dir(sortCol) : sql`${dir(sortCol)} nulls last`, dir(col(entity, 'uuid'))];
  const cursor = q.cursor && JSON.parse(Buffer.from(q.cursor, 'base64url').toString());
  const where = listConditions(entity, access, q);
  return db
    .select(selection(entity))
    .from(tableOf(entity))
    .where(cursor ? and(where, afterCursor(sortCol, col(entity, 'uuid'), cursor, descending)) : where)
    .orderBy(...order)
    .limit(perPage + 1)
    .offset(cursor ? 0 : ((q.page ?? 1) - 1) * perPage)
    .toSQL();
};
app
  .withTypeProvider<ZodTypeProvider>()
  .get(
    '/api/v1/bench/budgets-sql',
    { config: { public: false }, schema: { querystring: listQuerySchema(budget) } },
    async (req) => {
      const access = (await accessOf(app.ctx, req)) as never;
      return { with: pageSql(budget, req.query, access), without: pageSql(without, req.query, access) };
    },
  );

await app.listen({ port: Number(process.env.PORT ?? 8483), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
