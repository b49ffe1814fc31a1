// Order lines (docs/planning-api.md): a line's total is stored on write; the order's total follows its live lines
// and its own discount;
// a line that raises the total of an order drawing on a budget draws the difference (docs/domain/calculations.md,
// "Budgets"; refused or warned on `unit_price`).
import { eq, inArray } from 'drizzle-orm';
import { sub, toDec } from '../../src/domain/decimal';
import { entities } from '../../src/entities/registry';
import { LINE_INPUTS, documentTotals, lineTotal } from '../../src/domain/money';
import type { HookContext, ModelBehaviour } from '../crud/model-behaviour';
import type { Row } from '../crud/present';
import { drawOnBudgets, lockBudgets, lockOrder, orderDraw } from './budget';
import { discountOf, orderLineNumbers, storedTotals } from '../services/document-totals.service';
import { cashRoundingIn } from './workspace-defaults';
import { assertStorable } from '../crud/stored-values';
import type { Db } from '../db/client';
import { order as orders, orderLine as lines } from '../db/entity-tables';

/** The orders' totals from their live lines and their own discount: net, tax, gross and payable
 * (docs/domain/calculations.md, "Document totals"). */
async function refreshOrderTotals(db: Db, orderUuids: string[]) {
  for (const uuid of new Set(orderUuids)) {
    const [order] = await db
      .select({
        currency: orders.currency,
        sg: orders.settings_group_uuid,
        discount: orders.discount,
        discount_amount: orders.discount_amount,
      })
      .from(orders)
      .where(eq(orders.uuid, uuid));
    if (!order) continue;
    const rows = await orderLineNumbers(db, uuid);
    const totals = storedTotals(
      documentTotals(rows, order.currency, await cashRoundingIn(db, order.sg), discountOf(order)),
    );
    assertStorable(entities.order, totals); // a sum of lines that each fit may not
    await db.update(orders).set(totals).where(eq(orders.uuid, uuid));
  }
}

/** An order's total with its live lines, the line `uuid` as `merged` (written now), and its own discount. */
async function orderTotalWith(h: HookContext, orderUuid: string, merged: Row | null, uuid?: string) {
  const [order] = await h.db
    .select({ currency: orders.currency, discount: orders.discount, discount_amount: orders.discount_amount })
    .from(orders)
    .where(eq(orders.uuid, orderUuid));
  const others = await orderLineNumbers(h.db, orderUuid, uuid);
  return documentTotals([...others, ...(merged ? [merged] : [])], order?.currency, undefined, discountOf(order ?? {}))
    .total;
}

/**
 * The order's total once this line is written (its other live lines and this one) must fit the order's column: a
 * 422 on the line's input the write sets, nothing written (docs/hostile-input.md, "Values the server derives").
 */
async function checkOrderTotal(h: HookContext, merged: Row, changes: Row, uuid: string | undefined) {
  const total = await orderTotalWith(h, String(merged.order_uuid), merged, uuid);
  assertStorable(entities.order, { total }, { inputs: { total: ORDER_TOTAL_INPUTS }, changes, owner: 'order' });
}

const ORDER_TOTAL_INPUTS = [...LINE_INPUTS, 'order_uuid'];

const orderOfLines = async (db: Db, uuids: string[]) =>
  (await db.select({ o: lines.order_uuid }).from(lines).where(inArray(lines.uuid, uuids))).map((r) => String(r.o));

/** What the line's write draws on its order's budget: the order's new total (other lines + this one) − its total. */
async function drawOfLine(h: HookContext, merged: Row, uuid: string | undefined) {
  const orderUuid = String(merged.order_uuid);
  await lockOrder(h, orderUuid);
  const before = await orderDraw(h, orderUuid);
  if (!before) return;
  await lockBudgets(h, [before.budget]);
  const drawn = await orderDraw(h, orderUuid); // read again under the lock
  if (!drawn) return;
  const next = await orderTotalWith(h, orderUuid, merged, uuid);
  await drawOnBudgets(h, [
    { budget: drawn.budget, delta: sub(toDec(next)!, toDec(drawn.total) ?? toDec(0)!), field: 'unit_price' },
  ]);
}

/**
 * A line restored draws again (docs/domain/calculations.md, "Budgets"): each order's total with its live lines less
 * its stored total, on the budget the order draws on (refused or warned on `unit_price`), before the totals are
 * refreshed.
 */
async function drawOfRestored(h: HookContext, orderUuids: readonly string[]) {
  const unique = [...new Set(orderUuids)];
  const before = await Promise.all(unique.map((o) => orderDraw(h, o)));
  await lockBudgets(
    h,
    before.map((d) => d?.budget),
  );
  for (const uuid of unique) {
    const drawn = await orderDraw(h, uuid); // read again under the lock
    if (!drawn) continue;
    const next = await orderTotalWith(h, uuid, null);
    await drawOnBudgets(h, [
      { budget: drawn.budget, delta: sub(toDec(next)!, toDec(drawn.total) ?? toDec(0)!), field: 'unit_price' },
    ]);
  }
}

/** The order a line is moved away from, by line, until its write is done (its total follows the lines it keeps). */
const movedFrom = new WeakMap<HookContext, Map<string, string>>();

export const orderLine: ModelBehaviour = {
  stored: (merged) => ({ total: lineTotal(merged) }),
  derivedFrom: { total: LINE_INPUTS },
  hooks: {
    beforeWrite: async (h, merged, changes, current) => {
      await checkOrderTotal(h, merged, changes, current ? String(current.uuid) : undefined);
      await drawOfLine(h, merged, current ? String(current.uuid) : undefined);
      if (current && current.order_uuid !== merged.order_uuid)
        movedFrom.set(h, (movedFrom.get(h) ?? new Map()).set(String(current.uuid), String(current.order_uuid)));
    },
    afterWrite: async (h, uuid) => {
      const from = movedFrom.get(h)?.get(uuid);
      await refreshOrderTotals(h.db, [...(await orderOfLines(h.db, [uuid])), ...(from ? [from] : [])]);
    },
    afterArchive: async (h, uuids, archived) => {
      const ordersOf = await orderOfLines(h.db, uuids);
      if (!archived) await drawOfRestored(h, ordersOf);
      await refreshOrderTotals(h.db, ordersOf);
    },
  },
};
