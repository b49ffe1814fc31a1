// Order lines (docs/planning-api.md): a line's total is stored on write; the order's total follows its live lines;
// a line that raises the total of an order drawing on a budget draws the difference (docs/domain/calculations.md,
// "Budgets"; refused or warned on `unit_price`).
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { sub, toDec } from '../../src/domain/decimal';
import { entities } from '../../src/entities/registry';
import { lineTotal, sum } from '../../src/domain/money';
import type { HookContext, ModelBehaviour } from '../crud/model-behaviour';
import { drawOnBudgets, lockBudgets, orderDraw } from './budget';
import { assertStorable } from '../crud/stored-values';
import type { Db } from '../db/client';
import { order as orders, orderLine as lines } from '../db/entity-tables';

async function refreshOrderTotals(db: Db, orderUuids: string[]) {
  for (const uuid of new Set(orderUuids)) {
    const totals = await db
      .select({ total: lines.total })
      .from(lines)
      .where(and(eq(lines.order_uuid, uuid), isNull(lines.deleted_at), isNull(lines.archived_at)));
    const total = sum(totals.map((t) => t.total));
    assertStorable(entities.order, { total }); // a sum of lines that each fit may not
    await db.update(orders).set({ total }).where(eq(orders.uuid, uuid));
  }
}

const orderOfLines = async (db: Db, uuids: string[]) =>
  (await db.select({ o: lines.order_uuid }).from(lines).where(inArray(lines.uuid, uuids))).map((r) => String(r.o));

/** What the line's write draws on its order's budget: the order's new total (other lines + this one) − its total. */
async function drawOfLine(h: HookContext, merged: Record<string, unknown>, uuid: string | undefined) {
  const orderUuid = String(merged.order_uuid);
  const before = await orderDraw(h, orderUuid);
  if (!before) return;
  await lockBudgets(h, [before.budget]);
  const drawn = await orderDraw(h, orderUuid); // read again under the lock
  if (!drawn) return;
  const others = await h.db
    .select({ total: lines.total })
    .from(lines)
    .where(
      and(
        eq(lines.order_uuid, orderUuid),
        isNull(lines.deleted_at),
        isNull(lines.archived_at),
        uuid ? ne(lines.uuid, uuid) : undefined,
      ),
    );
  const next = sum([...others.map((o) => o.total), lineTotal(merged)]);
  await drawOnBudgets(h, [
    { budget: drawn.budget, delta: sub(toDec(next)!, toDec(drawn.total) ?? toDec(0)!), field: 'unit_price' },
  ]);
}

export const orderLine: ModelBehaviour = {
  stored: (merged) => ({ total: lineTotal(merged) }),
  hooks: {
    beforeWrite: async (h, merged, _changes, current) => {
      await drawOfLine(h, merged, current ? String(current.uuid) : undefined);
    },
    afterWrite: async (h, uuid) => refreshOrderTotals(h.db, await orderOfLines(h.db, [uuid])),
    afterArchive: async (h, uuids) => refreshOrderTotals(h.db, await orderOfLines(h.db, uuids)),
  },
};
