// Write hooks of the planning models (server/crud/hooks.ts): a task's recurrence is checked and its events
// materialised in the save's transaction; a ticket gets its running number; an order's total follows its lines.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ModelHooks } from '../crud/hooks';
import { ValidationFailed } from '../http-error';
import type { MessageKey } from '../i18n/messages';
import { order as orders, orderLine as lines, task as tasks } from '../db/entity-tables';
import { recordNumbers } from '../db/planning-schema';
import { validateRecurrence } from '../../src/domain/recurrence';
import { recurrenceOf } from '../../src/domain/task-recurrence';
import { sum } from '../../src/domain/money';
import { entities } from '../../src/entities/registry';
import { assertStorable } from '../crud/stored-values';
import { deleteFutureOpen, isoDay, materialise } from './task-schedule.service';
import type { Db } from '../db/client';

const RECURRENCE_FIELDS = new Set(Object.keys(recurrenceOf({})));

function checkRecurrence(merged: Record<string, unknown>) {
  const problems = validateRecurrence(recurrenceOf(merged));
  if (problems.length)
    throw new ValidationFailed(
      Object.fromEntries(
        problems.map((p) => [p.path, [{ key: p.key as MessageKey, ...(p.params ? { params: p.params } : {}) }]]),
      ),
    );
}

/** The next number of a sequence in a settings group: one atomic upsert, safe under concurrent creates. */
export async function nextNumber(db: Db, settingsGroup: string, sequence: string): Promise<number> {
  const [row] = await db
    .insert(recordNumbers)
    .values({ settings_group_uuid: settingsGroup, sequence, last_value: 1 })
    .onConflictDoUpdate({
      target: [recordNumbers.settings_group_uuid, recordNumbers.sequence],
      set: { last_value: sql`${recordNumbers.last_value} + 1` },
    })
    .returning({ n: recordNumbers.last_value });
  return row!.n;
}

export const ticketNumber = (n: number) => `T-${String(n).padStart(5, '0')}`;

async function refreshOrderTotals(db: Db, orderUuids: string[]) {
  for (const uuid of new Set(orderUuids)) {
    const totals = await db
      .select({ total: lines.total! })
      .from(lines)
      .where(and(eq(lines.order_uuid!, uuid), isNull(lines.deleted_at!), isNull(lines.archived_at!)));
    const total = sum(totals.map((t) => t.total));
    assertStorable(entities.order, { total }); // a sum of lines that each fit may not
    await db
      .update(orders)
      .set({ total } as never)
      .where(eq(orders.uuid!, uuid));
  }
}

const orderOfLines = async (db: Db, uuids: string[]) =>
  (await db.select({ o: lines.order_uuid! }).from(lines).where(inArray(lines.uuid!, uuids))).map((r) => String(r.o));

export const planningHooks: Record<string, ModelHooks> = {
  task: {
    beforeWrite: async (_h, merged, changes, current) => {
      if (!current || Object.keys(changes).some((k) => RECURRENCE_FIELDS.has(k))) checkRecurrence(merged);
    },
    afterWrite: async (h, uuid) => void (await materialise(h.db, uuid, isoDay(h.now), h.access.user.id)),
    afterArchive: async (h, uuids, archived) => {
      if (archived) await deleteFutureOpen(h.db, uuids, isoDay(h.now));
      else for (const uuid of uuids) await materialise(h.db, uuid, isoDay(h.now), h.access.user.id);
    },
  },
  task_event: {
    // An event written by hand (created, or its due date changed) is kept where it was put: re-materialising the
    // series never moves or deletes it.
    beforeWrite: async (_h, _merged, changes, current) =>
      !current ? { moved: true } : 'due_date' in changes ? { moved: true } : undefined,
  },
  ticket: {
    beforeWrite: async (h, _merged, _changes, current) =>
      current ? undefined : { number: ticketNumber(await nextNumber(h.db, h.settingsGroup, 'ticket')) },
  },
  order_line: {
    afterWrite: async (h, uuid) => refreshOrderTotals(h.db, await orderOfLines(h.db, [uuid])),
    afterArchive: async (h, uuids) => refreshOrderTotals(h.db, await orderOfLines(h.db, uuids)),
  },
};

/** Tasks of these uuids that are still active (for cascades). */
export const activeTasks = (db: Db, uuids: string[]) =>
  db
    .select({ uuid: tasks.uuid! })
    .from(tasks)
    .where(and(inArray(tasks.uuid!, uuids), eq(tasks.status!, 'active'), isNull(tasks.deleted_at!)));
