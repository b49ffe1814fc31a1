// Expense lines of a bill (docs/domain/calculations.md, "Budgets"): a line's total is stored on write; the bill's
// amount becomes the total of its live lines and its own discount; a line that raises the amount of a bill drawing on a budget draws the
// difference (refused or warned on `unit_price`).
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { sub, toDec } from '../../src/domain/decimal';
import { LINE_INPUTS, billOwnTotals, documentTotals, lineTotal } from '../../src/domain/money';
import { entities } from '../../src/entities/registry';
import type { HookContext, ModelBehaviour } from '../crud/model-behaviour';
import type { Row } from '../crud/present';
import { assertStorable } from '../crud/stored-values';
import type { Db } from '../db/client';
import { bill as bills, expense as lines } from '../db/entity-tables';
import { drawOnBudgets, lockBill, lockBudgets } from './budget';
import { billLineNumbers, discountOf, storedTotals } from '../services/document-totals.service';
import { cashRoundingIn } from './workspace-defaults';

/**
 * The bills' amounts become the totals of their live lines and their own discount, with their net, tax and payable
 * totals (docs/domain/calculations.md, "Document totals"); a bill left without lines keeps its amount, split by its
 * own tax rate.
 */
export async function refreshBillAmounts(db: Db, billUuids: readonly string[]) {
  for (const uuid of new Set(billUuids)) {
    const [bill] = await db
      .select({
        amount: bills.amount,
        tax: bills.tax,
        currency: bills.currency,
        sg: bills.settings_group_uuid,
        discount: bills.discount,
        discount_amount: bills.discount_amount,
      })
      .from(bills)
      .where(eq(bills.uuid, uuid));
    if (!bill) continue;
    const rounding = await cashRoundingIn(db, bill.sg);
    const rows = await billLineNumbers(db, uuid);
    if (!rows.length) {
      await db
        .update(bills)
        .set({ ...billOwnTotals(bill, rounding), discount_total: null })
        .where(eq(bills.uuid, uuid));
      continue;
    }
    const { total, ...totals } = storedTotals(documentTotals(rows, bill.currency, rounding, discountOf(bill)));
    assertStorable(entities.bill, { amount: total }); // a sum of lines that each fit may not
    await db
      .update(bills)
      .set({ amount: total, ...totals })
      .where(eq(bills.uuid, uuid));
  }
}

/** A bill's amount with its live lines, `lines` added (written now, the line `except` among them), and its own
 * discount; null when it has no lines then. */
export async function billAmountWith(
  h: Pick<HookContext, 'db'>,
  billUuid: string,
  lines: readonly Row[],
  except?: string,
  discount?: Row,
): Promise<string | null> {
  const [bill] = discount
    ? [discount]
    : await h.db
        .select({ discount: bills.discount, discount_amount: bills.discount_amount })
        .from(bills)
        .where(eq(bills.uuid, billUuid));
  const all = [...(await billLineNumbers(h.db, billUuid, except)), ...lines];
  return all.length ? documentTotals(all, null, undefined, discountOf(bill ?? {})).total : null;
}

/**
 * The bill's amount once this line is written (its other live lines and this one) must fit the bill's column: a
 * 422 on the line's input the write sets, nothing written (docs/hostile-input.md, "Values the server derives").
 */
async function checkBillAmount(h: HookContext, merged: Row, changes: Row, uuid: string | undefined) {
  const amount = await billAmountWith(h, String(merged.bill_uuid), [merged], uuid);
  assertStorable(entities.bill, { amount }, { inputs: { amount: BILL_AMOUNT_INPUTS }, changes, owner: 'bill' });
}

const BILL_AMOUNT_INPUTS = [...LINE_INPUTS, 'bill_uuid'];

const billsOfLines = async (db: Db, uuids: string[]) =>
  (await db.select({ b: lines.bill_uuid }).from(lines).where(inArray(lines.uuid, uuids))).map((r) => String(r.b));

/**
 * Lines let through in a hook context whose rows are not in the tables yet, by bill: the bill's amount after them
 * and the lines. An import runs the `beforeWrite` of every row of a chunk before it writes any
 * (server/imports/write-chunk.ts; see `pendingDraws` in ./budget), so the bill's stored amount and lines are those
 * before the chunk.
 */
const pendingLines = new WeakMap<HookContext, Map<string, { amount: string; lines: Row[] }>>();

/** What the line's write draws on its bill's budget: the bill's new amount (other lines + this one) − its amount. */
async function drawOfLine(h: HookContext, merged: Row, uuid: string | undefined) {
  const billUuid = String(merged.bill_uuid);
  await lockBill(h, billUuid);
  const [b] = await h.db
    .select({ budget: bills.budget_uuid })
    .from(bills)
    .where(and(eq(bills.uuid, billUuid), ne(bills.status, 'cancelled'), isNull(bills.deleted_at)));
  if (!b?.budget) return;
  await lockBudgets(h, [b.budget]);
  const [current] = await h.db.select({ amount: bills.amount }).from(bills).where(eq(bills.uuid, billUuid));
  const pending = pendingLines.get(h) ?? new Map<string, { amount: string; lines: Row[] }>();
  const earlier = pending.get(billUuid);
  const written = [...(earlier?.lines ?? []), merged];
  const next = (await billAmountWith(h, billUuid, written, uuid))!;
  const before = earlier?.amount ?? current?.amount;
  await drawOnBudgets(h, [
    { budget: b.budget, delta: sub(toDec(next)!, toDec(before) ?? toDec(0)!), field: 'unit_price' },
  ]);
  pending.set(billUuid, { amount: next, lines: written });
  pendingLines.set(h, pending);
}

/**
 * A line restored draws again (docs/domain/calculations.md, "Budgets"): each bill's amount with its live lines less
 * its stored amount, on the bill's budget (refused or warned on `unit_price`), before the amounts are refreshed.
 */
async function drawOfRestored(h: HookContext, billUuids: readonly string[]) {
  for (const uuid of [...new Set(billUuids)].sort()) await lockBill(h, uuid);
  const drawing = await h.db
    .select({ uuid: bills.uuid, budget: bills.budget_uuid })
    .from(bills)
    .where(and(inArray(bills.uuid, [...new Set(billUuids)]), ne(bills.status, 'cancelled'), isNull(bills.deleted_at)));
  const onBudget = drawing.filter((b): b is { uuid: string; budget: string } => typeof b.budget === 'string');
  if (!onBudget.length) return;
  await lockBudgets(
    h,
    onBudget.map((b) => b.budget),
  );
  for (const b of onBudget) {
    const [current] = await h.db.select({ amount: bills.amount }).from(bills).where(eq(bills.uuid, b.uuid));
    const next = await billAmountWith(h, b.uuid, []);
    if (next === null) continue;
    await drawOnBudgets(h, [
      { budget: b.budget, delta: sub(toDec(next)!, toDec(current?.amount) ?? toDec(0)!), field: 'unit_price' },
    ]);
  }
}

/** The bill a line is moved away from, by line, until its write is done (its amount follows the lines it keeps). */
const movedFrom = new WeakMap<HookContext, Map<string, string>>();

export const expense: ModelBehaviour = {
  stored: (merged) => ({ total: lineTotal(merged) }),
  derivedFrom: { total: LINE_INPUTS },
  hooks: {
    beforeWrite: async (h, merged, changes, current) => {
      await checkBillAmount(h, merged, changes, current ? String(current.uuid) : undefined);
      await drawOfLine(h, merged, current ? String(current.uuid) : undefined);
      if (current && current.bill_uuid !== merged.bill_uuid)
        movedFrom.set(h, (movedFrom.get(h) ?? new Map()).set(String(current.uuid), String(current.bill_uuid)));
    },
    afterWrite: async (h, uuid) => {
      const from = movedFrom.get(h)?.get(uuid);
      await refreshBillAmounts(h.db, [...(await billsOfLines(h.db, [uuid])), ...(from ? [from] : [])]);
    },
    afterArchive: async (h, uuids, archived) => {
      const billsOf = await billsOfLines(h.db, uuids);
      if (!archived) await drawOfRestored(h, billsOf);
      await refreshBillAmounts(h.db, billsOf);
    },
  },
};
