// The server of the calendar events benchmark: the real app on DATABASE_URL plus, in the same process, a
// hand-written SQL endpoint answering the same items through the same reply schema (the baseline). Data: a fixed
// workspace with 2,000 tasks and BENCH_EVENTS task events (100,000 by default) over three years, plus tickets and
// orders with due dates. Bench-only: production never registers the raw route.
import { sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { rowsOf } from '../../server/crud/table';
import { hashPassword } from '../../server/services/password';
import { calendarReply } from '../../server/routes/calendar.routes';

const GROUP = '00000000-0000-4000-8000-0000000000b1';
const config = { ...loadConfig(), seedDemo: false, jobs: false, logLevel: 'warn' };
const app = await buildApp({ config });
const { db } = app.ctx;
const total = Number(process.env.BENCH_EVENTS ?? 100_000);

const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from task_events`));
if (n < total) {
  const hash = await hashPassword('bench-password', 1024);
  await db.execute(sql`insert into settings_groups (uuid, name) values (${GROUP}, 'Bench AG') on conflict do nothing`);
  await db.execute(sql`insert into users (id, uuid, email, password_hash, first_name, last_name, terms_version, terms_accepted_at, email_verified_at, created_at)
    values (900001, '00000000-0000-4000-8000-0000000000b2', 'bench@hauswerk.test', ${hash}, 'Bench', 'User', '2026-11', '2026-01-01', '2026-01-01', '2026-01-01') on conflict do nothing`);
  await db.execute(
    sql`insert into settings_group_members (settings_group_uuid, user_id, role) values (${GROUP}, 900001, 'admin') on conflict do nothing`,
  );
  await db.execute(sql`insert into properties (uuid, settings_group_uuid, name, created_at, updated_at)
    select md5('p' || i)::uuid, ${GROUP}, 'Property ' || i, '2026-01-01', '2026-01-01' from generate_series(1, 30) i on conflict do nothing`);
  await db.execute(sql`insert into tasks (uuid, settings_group_uuid, property_uuid, title, repeat_type, start_date, status, created_at, updated_at)
    select md5('t' || i)::uuid, ${GROUP}, md5('p' || (1 + i % 30))::uuid, 'Task ' || i, 'weekly', '2026-01-01', 'active', '2026-01-01', '2026-01-01'
    from generate_series(1, 2000) i on conflict do nothing`);
  await db.execute(sql`insert into task_events (uuid, settings_group_uuid, property_uuid, task_uuid, due_date, planned_date, status, moved, created_at, updated_at)
    select md5('e' || i)::uuid, ${GROUP}, md5('p' || (1 + (i % 2000) % 30))::uuid, md5('t' || (1 + i % 2000))::uuid,
      date '2026-01-01' + (i % 1095), date '2026-01-01' + (i % 1095), case when i % 7 = 0 then 'done' else 'open' end, false,
      '2026-01-01', '2026-01-01'
    from generate_series(${n + 1}::int, ${total}::int) i`);
  await db.execute(sql`insert into tickets (uuid, settings_group_uuid, property_uuid, subject, number, priority, status, source, due_date, created_at, updated_at)
    select md5('k' || i)::uuid, ${GROUP}, md5('p' || (1 + i % 30))::uuid, 'Ticket ' || i, 'T-' || lpad(i::text, 5, '0'), 'normal', 'open', 'web',
      date '2026-01-01' + (i % 1095), '2026-01-01', '2026-01-01'
    from generate_series(1, 3000) i on conflict do nothing`);
  await db.execute(sql`insert into orders (uuid, settings_group_uuid, property_uuid, title, kind, status, payment_responsibility, currency, due_date, created_at, updated_at)
    select md5('o' || i)::uuid, ${GROUP}, md5('p' || (1 + i % 30))::uuid, 'Order ' || i, 'internal', 'draft', 'owner', 'CHF',
      date '2026-01-01' + (i % 1095), '2026-01-01', '2026-01-01'
    from generate_series(1, 3000) i on conflict do nothing`);
  await db.execute(sql`analyze`);
}

// Record dates (src/domain/calendar-kinds.ts) for the all-kinds figure: BENCH_RECORDS records of each dated model
// (2,000 by default), their dates over the same three years.
const records = Number(process.env.BENCH_RECORDS ?? 2000);
const [{ f } = { f: 0 }] = rowsOf<{ f: number }>(await db.execute(sql`select count(*)::int as f from facilities`));
if (f < records) {
  const day = (salt: number) => sql.raw(`date '2026-01-01' + ((i * ${salt}) % 1095)`);
  const common = sql.raw(`${`'${GROUP}'`}, md5('p' || (1 + i % 30))::uuid`);
  await db.execute(sql`insert into contacts (uuid, settings_group_uuid, kind, organisation)
    values (md5('c')::uuid, ${GROUP}, 'organisation', 'Bench AG') on conflict do nothing`);
  await db.execute(sql`insert into partitions (uuid, settings_group_uuid, property_uuid, name)
    select md5('pa' || i)::uuid, ${common}, 'Unit ' || i from generate_series(1, ${records}::int) i on conflict do nothing`);
  await db.execute(sql`insert into contracts (uuid, settings_group_uuid, property_uuid, title, contract_end_date, latest_cancellation_date)
    select md5('co' || i)::uuid, ${common}, 'Contract ' || i, ${day(7)}, ${day(7)} - 90
    from generate_series(1, ${records}::int) i on conflict do nothing`);
  await db.execute(sql`insert into guarantees (uuid, settings_group_uuid, property_uuid, title, guarantor_uuid, guarantee_duration, start_date, end_date)
    select md5('g' || i)::uuid, ${common}, 'Guarantee ' || i, md5('c')::uuid, 24, ${day(11)} - 730, ${day(11)}
    from generate_series(1, ${records}::int) i on conflict do nothing`);
  await db.execute(sql`insert into counters (uuid, settings_group_uuid, property_uuid, counter_id, name, next_verification_date)
    select md5('m' || i)::uuid, ${common}, 'M-' || i, 'Meter ' || i, ${day(13)}
    from generate_series(1, ${records}::int) i on conflict do nothing`);
  await db.execute(sql`insert into tenancies (uuid, settings_group_uuid, property_uuid, partition_uuid, contact_uuid, start_date, end_date)
    select md5('te' || i)::uuid, ${common}, md5('pa' || i)::uuid, md5('c')::uuid, date '2025-01-01', ${day(17)}
    from generate_series(1, ${records}::int) i on conflict do nothing`);
  await db.execute(sql`insert into documents (uuid, settings_group_uuid, property_uuid, title, valid_to)
    select md5('d' || i)::uuid, ${common}, 'Document ' || i, ${day(19)}
    from generate_series(1, ${records}::int) i on conflict do nothing`);
  await db.execute(sql`insert into facilities (uuid, settings_group_uuid, property_uuid, name, renewal_date)
    select md5('f' || i)::uuid, ${common}, 'Facility ' || i, ${day(23)}
    from generate_series(1, ${records}::int) i on conflict do nothing`);
  await db.execute(sql`analyze`);
}

// Bills (the bill_due kind) as many as the other record date models: four in five open, the rest paid or cancelled,
// which the calendar leaves out (docs/domain/planning.md, "Deadline calendar").
const [{ b } = { b: 0 }] = rowsOf<{ b: number }>(await db.execute(sql`select count(*)::int as b from bills`));
if (b < records) {
  await db.execute(sql`insert into bills (uuid, settings_group_uuid, property_uuid, title, amount, due_date, paid_at, status)
    select md5('b' || i)::uuid, ${GROUP}, md5('p' || (1 + i % 30))::uuid, 'Bill ' || i, 100 + i % 900,
      date '2026-01-01' + ((i * 29) % 1095), case when i % 10 = 0 then date '2026-01-01' end,
      case when i % 10 = 0 then 'paid' when i % 10 = 5 then 'cancelled' else 'open' end
    from generate_series(1, ${records}::int) i on conflict do nothing`);
  await db.execute(sql`analyze bills`);
}

// The baseline: one hand-written statement, rows mapped by hand, the same reply schema.
const PLURAL: Record<string, string> = { task_event: 'task-events', ticket: 'tickets', order: 'orders' };
app
  .withTypeProvider<ZodTypeProvider>()
  .get('/api/v1/bench/raw-calendar', { schema: { response: { 200: calendarReply } } }, async (req) => {
    const q = req.query as { from: string; to: string };
    const res = await db.execute(sql`
      select * from (
        select 'task_event' as kind, e.uuid, t.title, e.due_date::text as date, e.status, e.property_uuid, e.task_uuid,
          t.repeat_type <> 'singular' as series, e.updated_at
        from task_events e join tasks t on t.uuid = e.task_uuid
        where e.settings_group_uuid = ${GROUP} and e.deleted_at is null and e.archived_at is null and t.deleted_at is null
          and e.due_date >= ${q.from}::date and e.due_date <= ${q.to}::date
        union all
        select 'ticket', k.uuid, coalesce(k.number || ' ', '') || k.subject, k.due_date::text, k.status, k.property_uuid, null, false, k.updated_at
        from tickets k where k.settings_group_uuid = ${GROUP} and k.deleted_at is null and k.archived_at is null
          and k.due_date >= ${q.from}::date and k.due_date <= ${q.to}::date
        union all
        select 'order', o.uuid, o.title, o.due_date::text, o.status, o.property_uuid, null, false, o.updated_at
        from orders o where o.settings_group_uuid = ${GROUP} and o.deleted_at is null and o.archived_at is null
          and o.due_date >= ${q.from}::date and o.due_date <= ${q.to}::date
      ) x order by x.date, x.kind, x.uuid limit 5001`);
    const today = new Date().toISOString().slice(0, 10);
    const closed = ['done', 'confirmed', 'cancelled', 'refused'];
    const rows = rowsOf<Record<string, string | boolean | null>>(res);
    return {
      data: rows.slice(0, 5000).map((r) => {
        const self = `/api/v1/${PLURAL[r.kind as string]}/${r.uuid}`;
        const open = r.kind === 'task_event' ? r.status === 'open' : !closed.includes(r.status as string);
        return {
          id: `${r.kind}:${r.uuid}`,
          kind: r.kind as 'ticket',
          uuid: r.uuid as string,
          title: r.title as string,
          date: r.date as string,
          status: r.status as string,
          overdue: open && (r.date as string) < today,
          property_uuid: r.property_uuid as string,
          ...(r.task_uuid ? { task_uuid: r.task_uuid as string } : {}),
          series: r.series as boolean,
          updated_at: new Date(r.updated_at as string).toISOString(),
          links: (open
            ? { self, reschedule: r.kind === 'task_event' ? `${self}/reschedule` : self }
            : { self }) as Record<string, string>,
        };
      }),
      meta: { truncated: rows.length > 5000, limit: 5000 },
    };
  });

await app.listen({ port: Number(process.env.PORT ?? 8397), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
