// Materialised task events (domain.md §4.4): the events of a task from today over the rolling 12-month horizon,
// written on every save (inside the save's transaction) and by the daily job. Idempotent: running it twice changes
// nothing. Done, skipped and moved events are kept, and so are open events already past (they are overdue); the
// open, unmoved future events are brought in line with the rule (unchanged ones keep their uuid).
import { and, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { task as tasks, taskEvent as events } from '../db/entity-tables';
import { expand, horizonWindow, RecurrenceError } from '../../src/domain/recurrence';
import { recurrenceOf } from '../../src/domain/task-recurrence';

type Row = Record<string, unknown>;
type EventRow = { uuid: string; due_date: string; planned_date: string | null; status: string; moved: boolean | null };

export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Deletes the task's open events due today or later (deactivate, archive, delete). */
export async function deleteFutureOpen(db: Db, taskUuids: string[], today: string): Promise<number> {
  if (!taskUuids.length) return 0;
  const gone = await db
    .delete(events)
    .where(and(inArray(events.task_uuid!, taskUuids), eq(events.status!, 'open'), gte(events.due_date!, today)))
    .returning({ uuid: events.uuid! });
  return gone.length;
}

/** The occurrences the rule wants now, minus the planned dates already taken by kept events. */
function desired(task: Row, existing: EventRow[], today: string) {
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

/** Brings one task's events in line with its rule; returns how many events were added and removed. */
export async function materialise(db: Db, taskUuid: string, today: string, userId: number | null = null) {
  const [task] = (await db.select().from(tasks).where(eq(tasks.uuid!, taskUuid)).limit(1)) as Row[];
  if (!task || task.deleted_at || task.archived_at || task.status !== 'active')
    return { added: 0, removed: await deleteFutureOpen(db, [taskUuid], today) };
  const existing = (await db
    .select({
      uuid: events.uuid!,
      due_date: events.due_date!,
      planned_date: events.planned_date!,
      status: events.status!,
      moved: events.moved!,
    })
    .from(events)
    .where(and(eq(events.task_uuid!, taskUuid), isNull(events.deleted_at!)))) as EventRow[];
  let want;
  try {
    want = desired(task, existing, today);
  } catch (err) {
    if (err instanceof RecurrenceError) return { added: 0, removed: 0 }; // an old rule the checks now refuse
    throw err;
  }
  const wanted = new Map(want.map((o) => [`${o.planned_date}|${o.due_date}`, o]));
  const stale: string[] = [];
  for (const e of existing)
    if (e.status === 'open' && !e.moved && e.due_date >= today && !wanted.delete(`${e.planned_date}|${e.due_date}`))
      stale.push(e.uuid);
  if (stale.length) await db.delete(events).where(inArray(events.uuid!, stale));
  const rows = [...wanted.values()].map((o) => ({
    task_uuid: taskUuid,
    property_uuid: task.property_uuid,
    settings_group_uuid: task.settings_group_uuid,
    due_date: o.due_date,
    planned_date: o.planned_date,
    status: 'open',
    moved: false,
    created_by: userId,
    updated_by: userId,
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(events).values(rows.slice(i, i + 500) as never);
  return { added: rows.length, removed: stale.length };
}

/** The daily job: every active task, one after the other (each is cheap; the job holds its advisory lock). */
export async function materialiseAll(db: Db, today: string) {
  const active = (await db
    .select({ uuid: tasks.uuid! })
    .from(tasks)
    .where(and(eq(tasks.status!, 'active'), isNull(tasks.archived_at!), isNull(tasks.deleted_at!)))) as {
    uuid: string;
  }[];
  let added = 0;
  let removed = 0;
  for (const t of active) {
    const r = await materialise(db, t.uuid, today);
    added += r.added;
    removed += r.removed;
  }
  return { tasks: active.length, added, removed };
}
