// Child of expand.bench.mjs: expands 2,000 active tasks (a mix of every repeat type) over the 12-month horizon with
// the domain code, then materialises them into an embedded database through the daily job's code path, and prints
// the timings as JSON.
import { sql } from 'drizzle-orm';
import { expand, horizonWindow } from '../../src/domain/recurrence';
import { recurrenceOf } from '../../src/domain/task-recurrence';
import { openDatabase } from '../../server/db/client';
import { materialiseAll } from '../../server/services/task-schedule.service';

const RULES: Record<string, unknown>[] = [
  { repeat_type: 'daily', interval: 1 },
  { repeat_type: 'daily', interval: 3, skip_weekends: true },
  { repeat_type: 'weekly', by_weekday: 'MO,WE,FR' },
  { repeat_type: 'monthly', interval: 3, month_mode: 'by_weekday_ordinal', weekday_ordinal: 1, by_weekday: 'MO' },
  { repeat_type: 'monthly', month_mode: 'by_weekday_ordinal', weekday_ordinal: -1, by_weekday: 'FR' },
  { repeat_type: 'monthly', start_date: '2026-01-31' },
  { repeat_type: 'yearly' },
  { repeat_type: 'every_x_unit', interval: 2, unit: 'week' },
  { repeat_type: 'custom', rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH' },
  { repeat_type: 'monthly', anchor: 'completion' },
];
const TASKS = 2000;
const today = new Date().toISOString().slice(0, 10);
const tasks: Record<string, unknown>[] = Array.from({ length: TASKS }, (_, i) => ({
  start_date: today,
  ...RULES[i % RULES.length],
}));

const t0 = performance.now();
let events = 0;
const { from, to } = horizonWindow(today);
for (const t of tasks) events += expand(recurrenceOf(t), { from, to }).length;
const expandMs = performance.now() - t0;

const database = await openDatabase({ dataDir: 'memory://' });
const { db } = database;
const GROUP = '00000000-0000-4000-8000-0000000000b1';
await db.execute(sql`insert into settings_groups (uuid, name) values (${GROUP}, 'Bench AG')`);
await db.execute(sql`insert into properties (uuid, settings_group_uuid, name) values (${GROUP}, ${GROUP}, 'P')`);
for (const [i, t] of tasks.entries())
  await db.execute(sql`insert into tasks (settings_group_uuid, property_uuid, title, repeat_type, interval, unit, by_weekday,
      month_mode, weekday_ordinal, start_date, anchor, skip_weekends, rrule)
    values (${GROUP}, ${GROUP}, ${`Task ${i}`}, ${t.repeat_type as string}, ${(t.interval as number) ?? 1}, ${(t.unit as string) ?? null},
      ${(t.by_weekday as string) ?? null}, ${(t.month_mode as string) ?? null}, ${(t.weekday_ordinal as number) ?? null},
      ${t.start_date as string}, ${(t.anchor as string) ?? 'scheduled'}, ${(t.skip_weekends as boolean) ?? false}, ${(t.rrule as string) ?? null})`);
const t1 = performance.now();
const first = await materialiseAll(db, today);
const jobMs = performance.now() - t1;
const t2 = performance.now();
const again = await materialiseAll(db, today);
const rerunMs = performance.now() - t2;
await database.close();
process.stdout.write(`${JSON.stringify({ tasks: TASKS, events, expandMs, jobMs, first, again, rerunMs })}\n`);
