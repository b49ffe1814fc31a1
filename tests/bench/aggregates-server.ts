// The server of the aggregates benchmark (tests/bench/aggregates.bench.mjs): the real app on DATABASE_URL plus, in the
// same process, the baseline: for each aggregate of docs/analytics-api.md (map, charts, dashboard tiles) a
// hand-written SQL statement over the same data, answering the same reply through the same presentation, at
// `/api/v1/bench/raw/<path of the aggregate>`. Data (generated in SQL, deterministic): one workspace with
// BENCH_AGG_PROPERTIES properties (50,000; one in twenty without coordinates) and BENCH_AGG_ROWS (1,000,000) tickets,
// task events, readings and contracts, a fifth as many budgets (with their draws in budget_totals) and guarantees.
// Bench-only: production never registers these routes.
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { rowsOf } from '../../server/crud/table';
import { hashPassword } from '../../server/services/password';
import { charts } from '../../server/services/charts.service';
import { addDays, OPEN_TICKET_STATES, tiles } from '../../server/services/dashboard.service';
import { addMonths } from '../../src/domain/contract-deadlines';
import { CHARTS, TILES, type Chart, type Tile } from '../../src/entities/analytics';

const GROUP = '00000000-0000-4000-8000-0000000000b1';
const config = { ...loadConfig(), seedDemo: false, jobs: false, logLevel: 'warn' };
const app = await buildApp({ config });
const { db } = app.ctx;
const PROPERTIES = Number(process.env.BENCH_AGG_PROPERTIES ?? 50_000);
const ROWS = Number(process.env.BENCH_AGG_ROWS ?? 1_000_000);
const FEW = Math.max(1, Math.floor(ROWS / 5));
const TASKS = 10_000;
const COUNTERS = 5_000;
const q = (text: string) => db.execute(sql.raw(text));
const count = async (table: string) => rowsOf<{ n: number }>(await q(`select count(*)::int as n from ${table}`))[0]!.n;

// The load runs on a connection of its own without the app's statement time limit, and without the foreign-key
// and user triggers (replica role): every row is generated consistent, and the budgets' draws are written directly.
const loader = new pg.Client({ connectionString: process.env.DATABASE_URL });

/** Inserts `total` rows in chunks of 100,000 (`select` over `i`, from `from` to `to`). */
async function load(table: string, total: number, select: (from: number, to: number) => string) {
  for (let from = 1; from <= total; from += 100_000) await loader.query(select(from, Math.min(total, from + 99_999)));
  await loader.query(`analyze ${table}`);
}

if ((await count('properties')) < PROPERTIES) {
  const started = Date.now();
  await loader.connect();
  await loader.query(`set statement_timeout = 0`);
  await loader.query(`set session_replication_role = replica`);
  const hash = await hashPassword('bench-password', 1024);
  const who = `'2026-01-01', '2026-01-01', 900001, 900001`;
  await q(`insert into settings_groups (uuid, name) values ('${GROUP}', 'Bench AG') on conflict do nothing`);
  await q(`insert into users (id, uuid, email, password_hash, first_name, last_name, terms_version, terms_accepted_at, email_verified_at, created_at)
    values (900001, '00000000-0000-4000-8000-0000000000b2', 'bench@hauswerk.test', '${hash}', 'Bench', 'User', '2026-11', '2026-01-01', '2026-01-01', '2026-01-01') on conflict do nothing`);
  await q(
    `insert into settings_group_members (settings_group_uuid, user_id, role) values ('${GROUP}', 900001, 'admin') on conflict do nothing`,
  );
  await load(
    'properties',
    PROPERTIES,
    (from, to) => `insert into properties (uuid, settings_group_uuid, name, latitude, longitude,
      energy_reference_area, created_at, updated_at, created_by, updated_by)
    select md5('p' || i)::uuid, '${GROUP}', 'Property ' || i,
      case when i % 20 <> 0 then 45.8 + (i % 997) * 0.002 end, case when i % 20 <> 0 then 5.9 + (i % 991) * 0.004 end,
      case when i % 3 <> 0 then 500 + i % 1000 end, ${who}
    from generate_series(${from}, ${to}) i`,
  );
  const prop = (expr: string) => `md5('p' || (1 + (${expr}) % ${PROPERTIES}))::uuid`;
  await load(
    'cost_groups',
    20,
    () => `insert into cost_groups (uuid, settings_group_uuid, code, name, created_at, updated_at, created_by, updated_by)
    select md5('g' || i)::uuid, '${GROUP}', 'K' || i, 'Kostengruppe ' || i, ${who} from generate_series(1, 20) i`,
  );
  await load(
    'units',
    1,
    () => `insert into units (uuid, settings_group_uuid, name, symbol, created_at, updated_at, created_by, updated_by)
    values (md5('u1')::uuid, '${GROUP}', 'Kilowattstunde', 'kWh', ${who})`,
  );
  // tickets: every state, created over the last 1,000 days, due around today
  await load(
    'tickets',
    ROWS,
    (from, to) => `insert into tickets (uuid, settings_group_uuid, property_uuid, subject, number, status,
      due_date, created_at, updated_at, created_by, updated_by)
    select md5('t' || i)::uuid, '${GROUP}', ${prop('i')}, 'Ticket ' || i, 'T-' || i,
      (array['requested','open','in_progress','delegated','done','confirmed','cancelled'])[1 + i % 7],
      current_date - 500 + i % 1000, now() - (i % 1000) * interval '1 day', now() - (i % 900) * interval '1 day', 900001, 900001
    from generate_series(${from}, ${to}) i`,
  );
  await load(
    'tasks',
    TASKS,
    (from, to) => `insert into tasks (uuid, settings_group_uuid, property_uuid, title, start_date, workload,
      cost_per_hour, created_at, updated_at, created_by, updated_by)
    select md5('k' || i)::uuid, '${GROUP}', ${prop('i')}, 'Task ' || i, '2024-01-01', 1 + i % 4, 80, ${who}
    from generate_series(${from}, ${to}) i`,
  );
  // task events: due from a year ago to a year ahead; seven in ten open, two done, one skipped
  await load(
    'task_events',
    ROWS,
    (from, to) => `insert into task_events (uuid, settings_group_uuid, property_uuid, task_uuid, due_date,
      status, created_at, updated_at, created_by, updated_by)
    select md5('e' || i)::uuid, '${GROUP}', ${prop(`1 + i % ${TASKS}`)}, md5('k' || (1 + i % ${TASKS}))::uuid,
      current_date - 365 + i % 730, (array['open','open','open','open','open','open','open','done','done','skipped'])[1 + i % 10], ${who}
    from generate_series(${from}, ${to}) i`,
  );
  await load(
    'counters',
    COUNTERS,
    (from, to) => `insert into counters (uuid, settings_group_uuid, property_uuid, counter_id, name,
      unit_uuid, created_at, updated_at, created_by, updated_by)
    select md5('c' || i)::uuid, '${GROUP}', ${prop('i')}, 'C' || i, 'Counter ' || i, md5('u1')::uuid, ${who}
    from generate_series(${from}, ${to}) i`,
  );
  // readings: one a day per counter backwards from now, one in fifty anomalous
  await load(
    'measurements',
    ROWS,
    (from, to) => `insert into measurements (uuid, settings_group_uuid, property_uuid, counter_uuid,
      measured_at, value, consumption, status, created_at, updated_at, created_by, updated_by)
    select md5('m' || i)::uuid, '${GROUP}', ${prop(`1 + i % ${COUNTERS}`)}, md5('c' || (1 + i % ${COUNTERS}))::uuid,
      now() - (i / ${COUNTERS}) * interval '1 day', i, 10 + i % 7, case when i % 50 = 0 then 'anomalous' else 'valid' end, ${who}
    from generate_series(${from}, ${to}) i`,
  );
  await load(
    'contracts',
    ROWS,
    (from, to) => `insert into contracts (uuid, settings_group_uuid, property_uuid, title, contract_type,
      contract_start_date, contract_end_date, latest_cancellation_date, amount, status, created_at, updated_at, created_by, updated_by)
    select md5('v' || i)::uuid, '${GROUP}', ${prop('i')}, 'Contract ' || i,
      (array['service','maintenance','lease','supply','insurance','other'])[1 + i % 6],
      current_date - 2000 + i % 1500, case when i % 4 <> 0 then current_date - 500 + i % 1500 end,
      case when i % 4 <> 0 then current_date - 200 + i % 1000 end, 100 + i % 10000,
      (array['active','active','extended','cancelled','ended'])[1 + i % 5], ${who}
    from generate_series(${from}, ${to}) i`,
  );
  await load(
    'budgets',
    FEW,
    (from, to) => `insert into budgets (uuid, settings_group_uuid, property_uuid, cost_group_uuid, name, year,
      amount, created_at, updated_at, created_by, updated_by)
    select md5('b' || i)::uuid, '${GROUP}', ${prop('i')}, case when i % 7 <> 0 then md5('g' || (1 + i % 20))::uuid end,
      'Budget ' || i, extract(year from current_date)::int - 2 + i % 4, 1000 + i % 5000, ${who}
    from generate_series(${from}, ${to}) i`,
  );
  await load(
    'budget_totals',
    FEW,
    (from, to) => `insert into budget_totals (budget_uuid, orders_drawn, bills_drawn)
    select md5('b' || i)::uuid, (1000 + i % 5000) * (i % 60) / 100.0, (1000 + i % 5000) * (i % 50) / 100.0
    from generate_series(${from}, ${to}) i on conflict do nothing`,
  );
  await load(
    'contacts',
    1,
    () => `insert into contacts (uuid, settings_group_uuid, kind, organisation, created_at, updated_at, created_by, updated_by)
    values (md5('o1')::uuid, '${GROUP}', 'organisation', 'Bau AG', ${who})`,
  );
  await load(
    'guarantees',
    FEW,
    (from, to) => `insert into guarantees (uuid, settings_group_uuid, property_uuid, title, guarantor_uuid,
      start_date, guarantee_duration, end_date, status, created_at, updated_at, created_by, updated_by)
    select md5('w' || i)::uuid, '${GROUP}', ${prop('i')}, 'Guarantee ' || i, md5('o1')::uuid,
      current_date - 700 + i % 1000, 24, current_date + 30 + i % 1000 - 730,
      case when i % 10 = 0 then 'claimed' else 'active' end, ${who}
    from generate_series(${from}, ${to}) i`,
  );
  await loader.end();
  process.stderr.write(`loaded in ${Math.round((Date.now() - started) / 1000)} s\n`);
}

// The baseline: each aggregate written by hand for the bench's admin (the settings group, live, not archived).
const live = (t: string) =>
  `${t}.settings_group_uuid = '${GROUP}' and ${t}.deleted_at is null and ${t}.archived_at is null`;
const list = (xs: readonly string[]) => `(${xs.map((x) => `'${x}'`).join(', ')})`;
const today = () => new Date().toISOString().slice(0, 10);
const period = (qs: Record<string, string | undefined>) => {
  const year = Number(today().slice(0, 4));
  return { from: qs.from ?? `${year - 1}-01-01`, to: qs.to ?? `${year}-12-31` };
};

function mapSql(kpi: string) {
  const d = today();
  const kpis: Record<string, [string, string, string]> = {
    open_tickets: ['tickets', `status in ${list(OPEN_TICKET_STATES)}`, 'count(*)::int'],
    overdue_task_events: ['task_events', `status = 'open' and due_date <= '${addDays(d, -1)}'`, 'count(*)::int'],
    anomalous_readings: [
      'measurements',
      `status = 'anomalous' and measured_at >= '${addMonths(d, -12)}T00:00:00Z'`,
      'count(*)::int',
    ],
  };
  let join = '';
  let value = 'null::int';
  if (kpi === 'budget_use') {
    join = `left join (select b.property_uuid, round(sum(coalesce(t.orders_drawn + t.bills_drawn, 0)) * 100 / nullif(sum(b.amount), 0), 2)::float8 as v
      from budgets b left join budget_totals t on t.budget_uuid = b.uuid where ${live('b')} and b.year = ${d.slice(0, 4)}
      group by b.property_uuid) k on k.property_uuid = p.uuid`;
    value = 'k.v';
  } else if (kpis[kpi]) {
    const [table, where, agg] = kpis[kpi]!;
    join = `left join (select x.property_uuid, ${agg} as v from ${table} x where ${live('x')} and ${where} group by x.property_uuid) k
      on k.property_uuid = p.uuid`;
    value = 'coalesce(k.v, 0)';
  }
  return `select json_build_object('kpi', '${kpi}',
      'rows', coalesce(json_agg(json_build_array(p.uuid, p.name, p.latitude::float8, p.longitude::float8, ${value})
        order by p.name, p.uuid) filter (where p.latitude is not null and p.longitude is not null), '[]'),
      'unplaced', coalesce(json_agg(json_build_array(p.uuid, p.name) order by p.name, p.uuid)
        filter (where p.latitude is null or p.longitude is null), '[]'))::text as body
    from properties p ${join} where ${live('p')}`;
}

const chartSql: Record<Chart, (from: string, to: string) => string> = {
  'budget-vs-actual': (from, to) => `select b.year, b.cost_group_uuid, g.name as cost_group,
      sum(b.amount)::numeric(16,2)::text as budget, sum(coalesce(t.orders_drawn + t.bills_drawn, 0))::numeric(16,2)::text as actual
    from budgets b left join budget_totals t on t.budget_uuid = b.uuid
    left join cost_groups g on g.uuid = b.cost_group_uuid and g.deleted_at is null
    where ${live('b')} and b.year between ${from.slice(0, 4)} and ${to.slice(0, 4)}
    group by b.year, b.cost_group_uuid, g.name order by 1, 3 nulls last, 2 nulls first`,
  consumption: (
    from,
    to,
  ) => `select to_char(m.measured_at at time zone 'UTC', 'YYYY-MM') as month, c.uuid as counter_uuid,
      c.name as counter, u.symbol as unit, sum(m.consumption)::text as total,
      (count(*) filter (where m.status = 'anomalous'))::int as anomalies, p.energy_reference_area::text as area
    from measurements m join counters c on c.uuid = m.counter_uuid and c.deleted_at is null
    join properties p on p.uuid = c.property_uuid left join units u on u.uuid = c.unit_uuid
    where ${live('m')} and m.consumption is not null
      and m.measured_at >= '${from}T00:00:00Z' and m.measured_at < ('${to}'::date + 1)::timestamp at time zone 'UTC'
    group by 1, c.uuid, c.name, u.symbol, p.energy_reference_area order by 1, 3, 2`,
  'ticket-throughput': (from, to) => `select to_char(v.day, 'IYYY-"W"IW') as week,
      (count(*) filter (where v.k = 1))::int as opened, (count(*) filter (where v.k = 2))::int as closed,
      (count(*) filter (where v.k = 3))::int as overdue
    from tickets t cross join lateral (values (1, (t.created_at at time zone 'UTC')::date),
      (2, case when t.status not in ${list(OPEN_TICKET_STATES)} then (t.updated_at at time zone 'UTC')::date end),
      (3, case when t.status in ${list(OPEN_TICKET_STATES)} and t.due_date < '${today()}' then t.due_date end)) v(k, day)
    where ${live('t')} and v.day between '${from}' and '${to}' group by 1 order by 1`,
  staffing: (from, to) => `select to_char(e.due_date, 'YYYY-MM') as month,
      coalesce(sum(k.workload), 0)::numeric(14,2)::text as hours, coalesce(sum(k.workload * k.cost_per_hour), 0)::numeric(14,2)::text as cost
    from task_events e join tasks k on k.uuid = e.task_uuid
    where e.settings_group_uuid = '${GROUP}' and e.deleted_at is null and k.deleted_at is null and e.status <> 'skipped'
      and e.due_date between '${from}' and '${to}'
    group by 1 order by 1`,
  'contract-volume': (from, to) => `select contract_type as type, count(*)::int as count,
      coalesce(sum(amount), 0)::numeric(16,2)::text as volume
    from contracts c where ${live('c')}
      and (contract_start_date is null or contract_start_date <= '${to}') and (contract_end_date is null or contract_end_date >= '${from}')
    group by 1 order by 1`,
};

// the counting tiles (renewals_due sums the renewal costs the read computes: measured with the facility figures)
const tileSql: Partial<Record<Tile, () => string>> = {
  open_tickets: () =>
    `select count(*)::int as n from tickets t where ${live('t')} and status in ${list(OPEN_TICKET_STATES)}`,
  overdue_tickets:
    () => `select count(*)::int as n from tickets t where ${live('t')} and status in ${list(OPEN_TICKET_STATES)}
    and due_date <= '${addDays(today(), -1)}'`,
  tasks_due_this_month: () => {
    const first = `${today().slice(0, 7)}-01`;
    return `select count(*)::int as n from task_events e where ${live('e')} and status = 'open'
      and due_date between '${first}' and '${addDays(addMonths(first, 1), -1)}'`;
  },
  budgets_nearly_spent:
    () => `select count(*)::int as n from budgets b left join budget_totals t on t.budget_uuid = b.uuid
    where ${live('b')} and b.amount > 0 and coalesce(t.orders_drawn + t.bills_drawn, 0) * 100 / b.amount >= 90`,
  anomalous_readings: () => `select count(*)::int as n from measurements m where ${live('m')} and status = 'anomalous'
    and measured_at >= '${addDays(today(), -30)}T00:00:00Z'`,
  contracts_cancellation_near: () => `select count(*)::int as n from contracts c where ${live('c')}
    and status in ('active', 'extended') and latest_cancellation_date between '${today()}' and '${addDays(today(), 60)}'`,
  guarantees_expiring: () => `select count(*)::int as n from guarantees g where ${live('g')}
    and status = 'active' and end_date between '${today()}' and '${addDays(today(), 90)}'`,
};

const json = (reply: FastifyReply, body: string) =>
  reply
    .type('application/json; charset=utf-8')
    .serializer((x) => x as string)
    .send(body);

app.get('/api/v1/bench/raw/map/properties', async (req, reply) => {
  const kpi = String((req.query as Record<string, string>).kpi ?? 'none');
  return json(reply, rowsOf<{ body: string }>(await q(mapSql(kpi)))[0]!.body);
});
for (const chart of CHARTS)
  app.get(`/api/v1/bench/raw/charts/${chart}`, async (req, reply) => {
    const { from, to } = period(req.query as Record<string, string>);
    const rows = rowsOf<Record<string, unknown>>(await q(chartSql[chart](from, to)));
    return json(reply, JSON.stringify({ data: rows.map((r) => charts[chart].present(r)) }));
  });
for (const name of TILES.filter((t) => tileSql[t]))
  app.get(`/api/v1/bench/raw/dashboard/tiles/${name}`, async (_req, reply) => {
    const [row] = rowsOf<{ n: number }>(await q(tileSql[name]!()));
    const { entity, filter } = tiles[name](today());
    return json(reply, JSON.stringify({ value: row!.n, model: entity.name, filter }));
  });

await app.listen({ port: Number(process.env.PORT ?? 8485), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
