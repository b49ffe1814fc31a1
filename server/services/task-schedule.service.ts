// Materialised task events (docs/domain/calculations.md, "Task recurrence"): the events of a task from today over the rolling
// 12-month horizon, written on every save (inside the save's transaction) and by the daily job. Idempotent: running it
// twice changes nothing. Done, skipped and moved events are kept, and so are open events already past (they are
// overdue); the open, unmoved future events are brought in line with the rule (unchanged ones keep their uuid).
import { and, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { task as tasks, taskEvent as events } from '../db/entity-tables';
import { expand, horizonWindow, RecurrenceError } from '../../src/domain/recurrence';
import { recurrenceOf } from '../../src/domain/task-recurrence';

type Task = typeof tasks.$inferSelect;
type NewEvent = typeof events.$inferInsert;
type EventRow = { uuid: string; due_date: string; planned_date: string | null; status: string; moved: boolean | null };

export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Deletes the task's open events due today or later (deactivate, archive, delete). */
export async function deleteFutureOpen(db: Db, taskUuids: string[], today: string): Promise<number> {
  if (!taskUuids.length) return 0;
  const gone = await db
    .delete(events)
    .where(and(inArray(events.task_uuid, taskUuids), eq(events.status, 'open'), gte(events.due_date, today)))
    .returning({ uuid: events.uuid });
  return gone.length;
}

/** The occurrences the rule wants now, minus the planned dates already taken by kept events. */
function desired(task: Task, existing: EventRow[], today: string) {
  const rec = recurrenceOf(task);
  const { to } = horizonWindow(today);
  const kept = existing.filter((e) => e.status !== 'open' || e.moved || e.due_date < today);
  const taken = new Set(kept.map((e) => e.planned_date ?? e.due_date));
  if (rec.anchor === 'completion') {
    if (existing.some((e) => e.status === 'open' && (e.moved || e.due_date < today))) return [];
    let anchor = (task.last_executed_at as string | null) ?? null;
    for (const e of existing) if (e.status === 'skipped' && (!anchor || e.due_date > anchor)) anchor = e.due_date;
    const doneCount = existing.filter((e) => e.status !== 'open').length;
    return expand(rec, {
      from: rec.start_date < today ? rec.start_date : today,
      to,
      lastDoneDate: anchor,
      doneCount,
    }).filter((o) => !taken.has(o.planned_date));
  }
  return expand(rec, { from: today, to }).filter((o) => !taken.has(o.planned_date));
}

/** What one task needs: the events to delete (uuids) and to insert (rows). */
function plan(task: Task, existing: EventRow[], today: string, userId: number | null) {
  let want;
  try {
    want = desired(task, existing, today);
  } catch (err) {
    if (err instanceof RecurrenceError) return { stale: [], rows: [] }; // an old rule the checks now refuse
    throw err;
  }
  const wanted = new Map(want.map((o) => [`${o.planned_date}|${o.due_date}`, o]));
  const stale: string[] = [];
  for (const e of existing)
    if (e.status === 'open' && !e.moved && e.due_date >= today && !wanted.delete(`${e.planned_date}|${e.due_date}`))
      stale.push(e.uuid);
  // explicit stamps: a database default has microseconds, which the version check (If-Match, ms) cannot match
  const now = new Date();
  const rows = [...wanted.values()].map((o) => ({
    task_uuid: task.uuid,
    property_uuid: task.property_uuid,
    settings_group_uuid: task.settings_group_uuid,
    due_date: o.due_date,
    planned_date: o.planned_date,
    status: 'open',
    moved: false,
    created_by: userId,
    updated_by: userId,
    created_at: now,
    updated_at: now,
  }));
  return { stale, rows };
}

async function write(db: Db, stale: string[], rows: NewEvent[]) {
  for (let i = 0; i < stale.length; i += 1000)
    await db.delete(events).where(inArray(events.uuid, stale.slice(i, i + 1000)));
  for (let i = 0; i < rows.length; i += 1000) await db.insert(events).values(rows.slice(i, i + 1000));
}

const eventColumns = () => ({
  uuid: events.uuid,
  task_uuid: events.task_uuid,
  due_date: events.due_date,
  planned_date: events.planned_date,
  status: events.status,
  moved: events.moved,
});

/** Brings one task's events in line with its rule; returns how many events were added and removed. */
export async function materialise(db: Db, taskUuid: string, today: string, userId: number | null = null) {
  const [task] = await db.select().from(tasks).where(eq(tasks.uuid, taskUuid)).limit(1);
  if (!task || task.deleted_at || task.archived_at || task.status !== 'active')
    return { added: 0, removed: await deleteFutureOpen(db, [taskUuid], today) };
  const existing = (await db
    .select(eventColumns())
    .from(events)
    .where(and(eq(events.task_uuid, taskUuid), isNull(events.deleted_at)))) as EventRow[];
  const { stale, rows } = plan(task, existing, today, userId);
  await write(db, stale, rows);
  return { added: rows.length, removed: stale.length };
}

/** The daily job: every active task, 500 at a time (their events read in one query, writes batched). */
export async function materialiseAll(db: Db, today: string) {
  const active = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.status, 'active'), isNull(tasks.archived_at), isNull(tasks.deleted_at)));
  let added = 0;
  let removed = 0;
  for (let i = 0; i < active.length; i += 500) {
    const batch = active.slice(i, i + 500);
    const found = (await db
      .select(eventColumns())
      .from(events)
      .where(
        and(
          inArray(
            events.task_uuid,
            batch.map((t) => String(t.uuid)),
          ),
          isNull(events.deleted_at),
        ),
      )) as (EventRow & { task_uuid: string })[];
    const byTask = new Map<string, EventRow[]>();
    for (const e of found) {
      const list = byTask.get(e.task_uuid);
      if (list) list.push(e);
      else byTask.set(e.task_uuid, [e]);
    }
    const stale: string[] = [];
    const rows: NewEvent[] = [];
    for (const task of batch) {
      const p = plan(task, byTask.get(String(task.uuid)) ?? [], today, null);
      stale.push(...p.stale);
      rows.push(...p.rows);
    }
    await write(db, stale, rows);
    added += rows.length;
    removed += stale.length;
  }
  return { tasks: active.length, added, removed };
}
