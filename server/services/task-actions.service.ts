// Task and task event actions (docs/planning-api.md, "Actions"): activate / deactivate a task, mark an event done or
// skipped, reschedule one occurrence, this and the following ones, or the whole series, and join a split series back.
import { and, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { entities } from '../../src/entities/registry';
import { isWritable } from '../../src/entities/fields';
import { TASK_EVENT_TRANSITIONS } from '../../src/domain/transitions';
import { WEEKDAYS, type Weekday } from '../../src/domain/recurrence-types';
import type { Access } from '../crud/access';
import { getRow } from '../crud/read';
import { create, softDelete, update } from '../crud/write';
import type { Row } from '../crud/present';
import type { Db } from '../db/client';
import { task as tasks, taskEvent as events } from '../db/entity-tables';
import { HttpError, ValidationFailed, fieldError } from '../http-error';
import { deleteFutureOpen, isoDay, materialise } from './task-schedule.service';
import { transitionOf, type Tx } from '../crud/actions';
import type { ActionCall } from '../crud/model-behaviour';
import { setValues, userName } from './record-actions';

const DAY = 86_400_000;
const addDays = (iso: string, n: number) => isoDay(new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY));
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY);

/** Activates or deactivates a task (the state machine is checked by the action, server/models/task.ts). */
export async function setTaskActive({ tx, access, uuid }: ActionCall, active: boolean) {
  await setValues(tx, entities.task, uuid, access, { status: active ? 'active' : 'inactive' });
  const today = isoDay(new Date());
  if (active) await materialise(tx, uuid, today, access.user.id);
  else await deleteFutureOpen(tx, [uuid], today);
}

export async function finishEvent(
  { tx, access, uuid, row }: ActionCall,
  action: 'done' | 'skip',
  comment: string | null | undefined,
) {
  const status = transitionOf(TASK_EVENT_TRANSITIONS, row, action);
  const now = new Date();
  await setValues(tx, entities.task_event, uuid, access, {
    status,
    ...(comment != null ? { comment } : {}),
    ...(action === 'done' ? { done_at: now, done_by: userName(access) } : {}),
  });
  if (action === 'done')
    await tx
      .update(tasks)
      .set({ last_executed_at: sql`greatest(${tasks.last_executed_at}, ${isoDay(now)}::date)` })
      .where(eq(tasks.uuid, String(row.task_uuid)));
  await materialise(tx, String(row.task_uuid), isoDay(now), access.user.id);
}

export type RescheduleScope = 'this' | 'following' | 'all';

/**
 * Moves an open occurrence. `this`: the event alone (marked moved, so re-materialising keeps it); `all`: the
 * task's start (and end date) shift by the same number of days; `following`: the series ends the day before this
 * occurrence and a copy of the task starts on the new date (its uuid is returned). A first occurrence makes
 * `following` the same as `all`.
 */
export async function reschedule(
  { ctx: txCtx, tx, access, uuid, row: event }: ActionCall,
  dueDate: string,
  scope: RescheduleScope,
): Promise<string | null> {
  if (scope === 'this') {
    await setValues(tx, entities.task_event, uuid, access, { due_date: dueDate, moved: true });
    return null;
  }
  const task = await getRow(txCtx, access, entities.task, String(event.task_uuid));
  const delta = daysBetween(String(event.due_date), dueDate);
  const planned = String(event.planned_date ?? event.due_date);
  const start = String(task.start_date);
  const today = isoDay(new Date());
  const following = scope === 'following' && planned > start;
  const kept = await tx
    .update(events)
    .set({ moved: true })
    .where(
      and(
        eq(events.task_uuid, String(task.uuid)),
        eq(events.status, 'open'),
        eq(events.moved, false),
        or(
          eq(events.uuid, uuid),
          and(gte(events.due_date, today), following ? gte(events.planned_date, planned) : undefined),
        ),
      ),
    )
    .returning({ uuid: events.uuid });
  let series = String(task.uuid);
  await onDueDate(async () => {
    if (following) series = await splitSeries(txCtx, access, task, planned, delta);
    else await update(txCtx, access, entities.task, series, shifted(task, delta));
  });
  await handOver(
    tx,
    kept.map((k) => String(k.uuid)),
    series,
    delta,
    { uuid, dueDate },
  );
  return following ? series : null;
}

/**
 * A series moved where its rule cannot be (a start past the years a task may have) is refused on the due date the
 * caller asked for, the input that moved it, not on the task's fields the move derived (docs/hostile-input.md,
 * "Values the server derives").
 */
async function onDueDate(move: () => Promise<void>) {
  try {
    await move();
  } catch (err) {
    if (!(err instanceof ValidationFailed)) throw err;
    const derived = Object.keys(err.fields).filter((name) => name !== 'scope' && name !== 'due_date');
    if (!derived.length) throw err;
    throw fieldError('due_date', 'validation.derived_invalid', { derived: `task.${derived[0]!}` });
  }
}

/**
 * The open events of a shifted or split series keep their uuid (the calendar's undo needs it): each takes the
 * place of the freshly materialised event on its shifted date, or goes when the rule has no such date; the
 * dragged event itself then stays where it was dropped (moved).
 */
async function handOver(
  tx: Tx,
  kept: string[],
  series: string,
  delta: number,
  dragged: { uuid: string; dueDate: string },
) {
  if (!kept.length) return;
  const fresh = await tx
    .select({ uuid: events.uuid, planned: events.planned_date, due: events.due_date })
    .from(events)
    .where(and(eq(events.task_uuid, series), eq(events.status, 'open'), eq(events.moved, false)));
  const byPlanned = new Map(fresh.map((e) => [String(e.planned), e]));
  const old = await tx
    .select({ uuid: events.uuid, planned: events.planned_date, due: events.due_date })
    .from(events)
    .where(inArray(events.uuid, kept));
  for (const e of old) {
    const twin = byPlanned.get(addDays(String(e.planned ?? e.due), delta));
    if (!twin) {
      if (e.uuid === dragged.uuid)
        await tx
          .update(events)
          .set({ task_uuid: series, due_date: dragged.dueDate, moved: true })
          .where(eq(events.uuid, e.uuid));
      else await tx.delete(events).where(eq(events.uuid, e.uuid));
      continue;
    }
    await tx.delete(events).where(eq(events.uuid, twin.uuid));
    await tx
      .update(events)
      .set({ task_uuid: series, planned_date: twin.planned, due_date: twin.due, moved: false })
      .where(eq(events.uuid, e.uuid));
  }
}

/** The task moved by `delta` days: its start (and an until end), and the weekdays a rule names turn along. */
function shifted(task: Row, delta: number): Row {
  const out: Row = { start_date: addDays(String(task.start_date), delta) };
  if (task.end_type === 'until' && task.end_date) out.end_date = addDays(String(task.end_date), delta);
  const turns = ((delta % 7) + 7) % 7;
  if (task.by_weekday && turns && task.repeat_type !== 'custom')
    out.by_weekday = String(task.by_weekday)
      .split(',')
      .map((d) => WEEKDAYS[(WEEKDAYS.indexOf(d.trim().toUpperCase() as Weekday) + turns) % 7] ?? d)
      .join(',');
  return out;
}

/** How many occurrences of a series were planned before `cut` (a count-ended series' share before a split). */
async function eventsBefore(db: Db, taskUuid: string, cut: string): Promise<number> {
  const before = await db.execute(
    sql`select count(*)::int as n from task_events where task_uuid = ${taskUuid} and deleted_at is null
        and coalesce(planned_date, due_date) < ${cut}`,
  );
  return ((before as { rows?: { n: number }[] }).rows ?? (before as unknown as { n: number }[]))[0]?.n ?? 0;
}

async function splitSeries(ctx: AppContext, access: Access, task: Row, cut: string, delta: number) {
  const copy: Row = { property_uuid: task.property_uuid, split_from_uuid: task.uuid };
  for (const [name, field] of Object.entries(entities.task.fields))
    if (isWritable(field) && name !== 'property_uuid') copy[name] = task[name] ?? null;
  Object.assign(copy, shifted({ ...task, start_date: cut }, delta));
  if (task.end_type === 'count') {
    const left = Number(task.occurrences) - (await eventsBefore(ctx.db, String(task.uuid), cut));
    if (left < 1) throw fieldError('scope', 'validation.rrule_empty');
    copy.occurrences = left;
  }
  await update(ctx, access, entities.task, String(task.uuid), {
    end_type: 'until',
    end_date: addDays(cut, -1),
    occurrences: null,
  });
  // the copy keeps the series' references, even one hidden from the caller (crud/write.ts, `carried`)
  return create(ctx, access, entities.task, copy, { carried: copy });
}

/**
 * Undoes a "this and following" move (the undo step of the calendar): the series `uuid` was split off another; that
 * one takes its end back (restored from this series' end, shifted back), this series' open events return to it
 * on their old dates keeping their uuids (so the move can be redone on the same event), and this series is deleted.
 * Refused when this series has events that were done or skipped since: the split is in use.
 */
export async function rejoinSeries({ ctx: txCtx, tx, access, uuid, row: copy }: ActionCall): Promise<string> {
  const original = await getRow(txCtx, access, entities.task, String(copy.split_from_uuid));
  if (original.end_type !== 'until' || !original.end_date) throw new HttpError(409, 'errors.conflict');
  const [worked] = await tx
    .select({ uuid: events.uuid })
    .from(events)
    .where(and(eq(events.task_uuid, uuid), inArray(events.status, ['done', 'skipped'])))
    .limit(1);
  if (worked) throw new HttpError(409, 'errors.conflict');
  const cut = addDays(String(original.end_date), 1);
  const delta = daysBetween(cut, String(copy.start_date));
  const end: Row = { end_type: copy.end_type, end_date: null, occurrences: null };
  if (copy.end_type === 'until' && copy.end_date) end.end_date = addDays(String(copy.end_date), -delta);
  if (copy.end_type === 'count') {
    end.occurrences = Number(copy.occurrences) + (await eventsBefore(tx, String(original.uuid), cut));
  }
  const kept = await tx
    .select({ uuid: events.uuid })
    .from(events)
    .where(and(eq(events.task_uuid, uuid), eq(events.status, 'open')));
  await update(txCtx, access, entities.task, String(original.uuid), end);
  await handOver(
    tx,
    kept.map((k) => String(k.uuid)),
    String(original.uuid),
    -delta,
    { uuid: '', dueDate: '' },
  );
  await softDelete(txCtx, access, entities.task, uuid);
  return String(original.uuid);
}
