// The totals of an order or a bill with the VAT per rate (docs/domain/calculations.md, "Document totals"): from the
// document's live lines, computed as the writes store them (src/domain/money.ts, `documentTotals`); a bill without
// lines splits its own amount by its tax rate. The document is read in the caller's scope (404 outside it).
import { and, eq, isNull } from 'drizzle-orm';
import { billOwnTotals, documentTotals, type DocumentTotals } from '../../src/domain/money';
import { entities } from '../../src/entities/registry';
import type { AppContext } from '../context';
import type { Access } from '../crud/access';
import { getRow } from '../crud/read';
import { expense, orderLine } from '../db/entity-tables';

/** A document line's numbers, as its totals are computed from (src/domain/money.ts, `documentTotals`). */
export const lineNumbers = <T extends typeof orderLine | typeof expense>(t: T) => ({
  quantity: t.quantity,
  unit_price: t.unit_price,
  discount: t.discount,
  discount_amount: t.discount_amount,
  tax: t.tax,
});

export async function orderTotals(ctx: AppContext, access: Access, uuid: string): Promise<DocumentTotals> {
  const order = await getRow(ctx, access, entities.order, uuid);
  const lines = await ctx.db
    .select(lineNumbers(orderLine))
    .from(orderLine)
    .where(and(eq(orderLine.order_uuid, uuid), isNull(orderLine.deleted_at), isNull(orderLine.archived_at)));
  return documentTotals(lines, order.currency);
}

export async function billTotals(ctx: AppContext, access: Access, uuid: string): Promise<DocumentTotals> {
  const bill = await getRow(ctx, access, entities.bill, uuid);
  const lines = await ctx.db
    .select(lineNumbers(expense))
    .from(expense)
    .where(and(eq(expense.bill_uuid, uuid), isNull(expense.deleted_at), isNull(expense.archived_at)));
  if (lines.length) return documentTotals(lines, bill.currency);
  const own = billOwnTotals(bill);
  const amount = String(bill.amount ?? '0.00');
  const net = own.net_total ?? amount;
  const tax = own.tax_total ?? '0.00';
  return {
    net_total: net,
    tax_total: tax,
    total: amount,
    payable_total: own.payable_total ?? amount,
    rates: [{ rate: String(Number(bill.tax ?? 0)), net, tax }],
  };
}
