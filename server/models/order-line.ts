// Order lines (docs/planning-api.md): a line's total is stored on write; the order's total follows its live lines.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { entities } from '../../src/entities/registry';
import { lineTotal, sum } from '../../src/domain/money';
import type { ModelBehaviour } from '../crud/model-behaviour';
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

export const orderLine: ModelBehaviour = {
  stored: (merged) => ({ total: lineTotal(merged) }),
  hooks: {
    afterWrite: async (h, uuid) => refreshOrderTotals(h.db, await orderOfLines(h.db, [uuid])),
    afterArchive: async (h, uuids) => refreshOrderTotals(h.db, await orderOfLines(h.db, uuids)),
  },
};
