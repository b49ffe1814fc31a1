// Bills (docs/domain/states.md, "Bills"; docs/domain/calculations.md, "Budgets"): the status follows the payment
// date on every write (open ↔ paid) and the cancel and reopen actions; overdue on read; a bill with expense lines
// has their sum as its amount (a typed amount that differs is a 422); every write and reopen draws on its budget,
// and billing an order takes the order's draw off its budget (the bill draws instead).
import { and, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { add as addDec, decEquals, decToString, sub, toDec, type Dec } from '../../src/domain/decimal';
import { billOwnTotals, documentTotals } from '../../src/domain/money';
import { isOverdue } from '../../src/domain/overdue';
import { BILL_TRANSITIONS } from '../../src/domain/transitions';
import { entities } from '../../src/entities/registry';
import { transitionOf, transitionRefusal, type Tx } from '../crud/actions';
import type { Access } from '../crud/access';
import {
  action,
  type ActionCall,
  type ActionResult,
  type HookContext,
  type ModelBehaviour,
  type Warning,
} from '../crud/model-behaviour';
import type { Row } from '../crud/present';
import { bill as bills, expense as expenses, order, orderLine } from '../db/entity-tables';
import { create } from '../crud/write';
import { refreshBillAmounts } from './expense';
import { billLineNumbers, discountOf, storedTotals, warnIfDiscountExceeds } from '../services/document-totals.service';
import { cashRoundingOf, currencyOnCreate } from './workspace-defaults';
import { fieldError } from '../http-error';
import { Amount } from '../i18n/messages';
import { setValues } from '../services/record-actions';
import { isoDay } from '../services/task-schedule.service';
import { availableSql, drawOnBudgets, lockBill, lockBudgets, orderDraw, type Draw } from './budget';
import { budget as budgetRows } from '../db/entity-tables';

const ZERO: Dec = { units: 0n, scale: 0 };
const drawing = (row: Row | null) => !!row && row.status !== 'cancelled';
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** The status a write leaves: cancelled stays cancelled; otherwise paid exactly when a payment date is set. */
export const billStatus = (merged: Row) =>
  merged.status === 'cancelled' ? 'cancelled' : merged.paid_at ? 'paid' : 'open';

/**
 * What a bill going from `prev` to `next` (either null: not there) draws on budgets: its own amount, and, for an
 * order it starts or stops billing, the order's draw off or back on. Budgets are locked before anything is read.
 */
export async function billDraws(h: HookContext, uuid: string | undefined, next: Row | null, prev: Row | null) {
  const orderOf = (row: Row | null) => (drawing(row) ? str(row!.order_uuid) : null);
  const [nextOrder, prevOrder] = [orderOf(next), orderOf(prev)];
  const orderBudgets =
    nextOrder || prevOrder
      ? await h.db
          .select({ budget: order.budget_uuid })
          .from(order)
          .where(eq(order.uuid, (nextOrder ?? prevOrder)!))
      : [];
  const prevOrderBudget =
    prevOrder && prevOrder !== nextOrder
      ? await h.db.select({ budget: order.budget_uuid }).from(order).where(eq(order.uuid, prevOrder))
      : [];
  await lockBudgets(h, [
    next?.budget_uuid,
    prev?.budget_uuid,
    ...orderBudgets.map((o) => o.budget),
    ...prevOrderBudget.map((o) => o.budget),
  ]);
  const draws: Draw[] = [];
  const add = (budget: unknown, delta: Dec | null) => {
    if (typeof budget === 'string' && delta) draws.push({ budget, delta, field: 'amount' });
  };
  if (drawing(next)) add(next!.budget_uuid, toDec(next!.amount));
  if (drawing(prev)) add(prev!.budget_uuid, sub(ZERO, toDec(prev!.amount) ?? ZERO));
  if (nextOrder !== prevOrder) {
    // an order billed now stops drawing; one no longer billed by this bill draws again (unless another bills it)
    const billed = nextOrder ? await orderDraw(h, nextOrder, uuid) : null;
    if (billed) add(billed.budget, sub(ZERO, toDec(billed.total) ?? ZERO));
    const unbilled = prevOrder ? await orderDraw(h, prevOrder, uuid) : null;
    if (unbilled) add(unbilled.budget, toDec(unbilled.total));
  }
  // one draw per budget: what the write changes on it in all
  const byBudget = new Map<string, Draw>();
  for (const d of draws) {
    const seen = byBudget.get(d.budget);
    byBudget.set(d.budget, seen ? { ...seen, delta: sub(seen.delta, sub(ZERO, d.delta)) } : d);
  }
  await drawOnBudgets(h, [...byBudget.values()]);
}

/**
 * A status action's draws, then its write: a cancelled bill reopened draws on its budget again; a bill of an order
 * cancelled lets the order draw again (its total may be more than the bill was). Read with what is stored once no
 * line write is under way (the bill's row lock).
 */
async function withDraws(tx: Tx, access: Access, uuid: string, row: Row, status: string, values: Row) {
  const warnings: Warning[] = [];
  const h: HookContext = { db: tx, access, settingsGroup: String(row.settings_group_uuid), now: new Date(), warnings };
  const stored = { ...row, ...(await lockBill(h, uuid)) };
  await billDraws(h, uuid, { ...stored, status }, stored);
  await setValues(tx, entities.bill, uuid, access, { status, ...values });
  return { warnings };
}

/**
 * Deleting a bill that billed an order lets the order draw on its budget again (docs/domain/calculations.md,
 * "Budgets"): once the delete is written (the triggers have moved the draws), a budget the order's return leaves
 * overspent applies its rule to it: `stop` refuses the delete with a 422 on `amount` naming what was available
 * before, `warn` adds a warning. Archiving changes no draw, so only deleted bills count here.
 */
async function deletedBillsRedraw(h: HookContext, uuids: string[]) {
  const gone = await h.db
    .select({ uuid: bills.uuid, order: bills.order_uuid, budget: bills.budget_uuid, amount: bills.amount })
    .from(bills)
    .where(and(inArray(bills.uuid, uuids), isNotNull(bills.deleted_at), ne(bills.status, 'cancelled')));
  const deltas = new Map<string, Dec>();
  for (const b of gone) {
    if (!b.order) continue;
    const back = await orderDraw(h, b.order);
    if (!back) continue;
    const delta = sub(toDec(back.total) ?? ZERO, b.budget === back.budget ? (toDec(b.amount) ?? ZERO) : ZERO);
    if (delta.units > 0n) deltas.set(back.budget, addDec(deltas.get(back.budget) ?? ZERO, delta));
  }
  if (!deltas.size) return;
  await lockBudgets(h, [...deltas.keys()]);
  const rows = await h.db
    .select({
      uuid: budgetRows.uuid,
      name: budgetRows.name,
      currency: budgetRows.currency,
      action: budgetRows.exceeded_action,
      available: availableSql(),
    })
    .from(budgetRows)
    .where(and(inArray(budgetRows.uuid, [...deltas.keys()]), isNull(budgetRows.deleted_at)));
  for (const b of rows) {
    const after = toDec(b.available) ?? ZERO;
    if (b.action === 'ignore' || after.units >= 0n) continue;
    const before = addDec(after, deltas.get(b.uuid)!);
    const params = { budget: b.name, available: new Amount(decToString(before, 2)), currency: b.currency };
    if (b.action === 'stop') throw fieldError('amount', 'validation.budget_exceeded', params);
    h.warnings?.push({ field: 'amount', key: 'warnings.budget_exceeded', params });
  }
}

export const bill: ModelBehaviour = {
  stored: (merged) => ({ status: billStatus(merged) }),
  computed: (row, today) => ({ overdue: isOverdue('bill', row, today) }),
  hooks: {
    afterArchive: async (h, uuids, archived) => {
      if (archived) await deletedBillsRedraw(h, uuids);
    },
    beforeWrite: async (h, merged, changes, current) => {
      const derived: Row = await currencyOnCreate(h, merged, current);
      let hasLines = false;
      let prev = current;
      let next = merged;
      if (current) {
        // what the bill draws with as stored once no line write is under way (`lockBill`), not as read before
        const stored = await lockBill(h, String(current.uuid));
        if (stored) {
          prev = { ...current, ...stored };
          next = { ...merged, ...Object.fromEntries(Object.entries(stored).filter(([k]) => !(k in changes))) };
        }
        const lines = await billLineNumbers(h.db, String(current.uuid));
        if (lines.length) {
          // its lines and its own discount make its amount (docs/domain/calculations.md, "Document totals")
          warnIfDiscountExceeds(h, lines, merged);
          const { total, ...totals } = storedTotals(
            documentTotals(lines, merged.currency, await cashRoundingOf(h), discountOf(merged)),
          );
          if ('amount' in changes && !decEquals(toDec(changes.amount) ?? ZERO, toDec(total)!))
            throw fieldError('amount', 'validation.bill_lines_sum', { sum: new Amount(total) });
          Object.assign(derived, totals, { amount: total });
          hasLines = true;
        }
      }
      // a bill without lines: its net and tax from its own tax rate, the typed amount what is owed
      if (!hasLines) Object.assign(derived, billOwnTotals(merged, await cashRoundingOf(h)), { discount_total: null });
      await billDraws(
        h,
        current ? String(current.uuid) : undefined,
        { ...next, ...derived, status: billStatus(next) },
        prev,
      );
      return derived;
    },
  },
  actions: [
    action({
      name: 'pay',
      refusal: transitionRefusal(BILL_TRANSITIONS, 'pay'),
      run: async ({ tx, access, uuid, row }) => {
        const status = transitionOf(BILL_TRANSITIONS, row, 'pay');
        await setValues(tx, entities.bill, uuid, access, { status, paid_at: row.paid_at ?? isoDay(new Date()) });
      },
    }),
    action({
      name: 'cancel',
      refusal: transitionRefusal(BILL_TRANSITIONS, 'cancel'),
      run: async ({ tx, access, uuid, row }) => {
        const status = transitionOf(BILL_TRANSITIONS, row, 'cancel');
        return withDraws(tx, access, uuid, row, status, {});
      },
    }),
    action({
      name: 'reopen',
      refusal: transitionRefusal(BILL_TRANSITIONS, 'reopen'),
      run: async ({ tx, access, uuid, row }) => {
        const status = transitionOf(BILL_TRANSITIONS, row, 'reopen');
        return withDraws(tx, access, uuid, row, status, { paid_at: null });
      },
    }),
  ],
  links: [{ name: 'totals' }],
};

/**
 * `POST /orders/{uuid}/bill`: a bill for the order (its title, property, contractor, budget, cost group, currency
 * and total), its lines carried over as the bill's expense lines, linked by the bill's `order_uuid`. Created
 * through the generic create (same checks; the order's draw moves to the bill, so the budget sees no change),
 * the lines written with it. A cancelled, refused or draft order, or one billed already, is a 422.
 */
export async function billFromOrder({ ctx, tx, access, uuid, row }: ActionCall): Promise<ActionResult> {
  const [taken] = await tx
    .select({ uuid: bills.uuid })
    .from(bills)
    .where(and(eq(bills.order_uuid, uuid), isNull(bills.deleted_at), ne(bills.status, 'cancelled')))
    .limit(1);
  if (taken) throw fieldError('status', 'validation.order_billed');
  const warnings: Warning[] = [];
  const values = {
    property_uuid: row.property_uuid,
    title: row.title,
    contact_uuid: row.contact_uuid ?? null,
    budget_uuid: row.budget_uuid ?? null,
    order_uuid: uuid,
    cost_group_uuid: row.cost_group_uuid ?? null,
    currency: row.currency,
    amount: row.total ?? '0',
    // the order's own discount, so the bill's lines come to the order's total
    discount: row.discount ?? null,
    discount_amount: row.discount_amount ?? null,
    discount_uuid: row.discount_uuid ?? null,
  };
  // the order's references carry over, even one hidden from the caller (crud/write.ts, `carried`)
  const billUuid = await create(ctx, access, entities.bill, values, { warnings, carried: values });
  const orderLines = await tx
    .select()
    .from(orderLine)
    .where(and(eq(orderLine.order_uuid, uuid), isNull(orderLine.deleted_at), isNull(orderLine.archived_at)))
    .orderBy(orderLine.created_at);
  if (orderLines.length) {
    const now = new Date();
    await tx.insert(expenses).values(
      orderLines.map((l) => ({
        settings_group_uuid: l.settings_group_uuid,
        property_uuid: l.property_uuid,
        bill_uuid: billUuid,
        title: l.title,
        quantity: l.quantity,
        unit_uuid: l.unit_uuid,
        unit_price: l.unit_price,
        discount: l.discount,
        discount_amount: l.discount_amount,
        tax: l.tax,
        total: l.total,
        article_uuid: l.article_uuid,
        tax_uuid: l.tax_uuid,
        discount_uuid: l.discount_uuid,
        cost_group_uuid: row.cost_group_uuid as string | null,
        created_at: now,
        updated_at: now,
        created_by: access.user.id,
        updated_by: access.user.id,
      })),
    );
    // the lines' sum is the order's total, which the bill drew already
    await refreshBillAmounts(tx, [billUuid]);
  }
  return { meta: { bill_uuid: billUuid }, warnings };
}
