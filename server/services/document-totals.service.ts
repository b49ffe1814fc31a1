// The totals of an order or a bill with the VAT per rate (docs/domain/calculations.md, "Document totals"): from the
// document's live lines and its own discount, computed as the writes store them (src/domain/money.ts,
// `documentTotals`); a bill without lines splits its own amount by its tax rate. The document is read in the caller's
// scope (404 outside it).
import { and, eq, isNull, ne, type Column } from 'drizzle-orm';
import {
  billOwnTotals,
  discountExceeding,
  documentTotals,
  type DocumentDiscount,
  type DocumentTotals,
} from '../../src/domain/money';
import { entities } from '../../src/entities/registry';
import type { AppContext } from '../context';
import type { Access } from '../crud/access';
import type { HookContext } from '../crud/model-behaviour';
import type { Row } from '../crud/present';
import { Amount } from '../i18n/messages';
import { getRow } from '../crud/read';
import type { Db } from '../db/client';
import { expense, orderLine } from '../db/entity-tables';
import { cashRoundingIn } from '../models/workspace-defaults';

/** A document line's numbers, as its totals are computed from (src/domain/money.ts, `documentTotals`). */
export const lineNumbers = <T extends typeof orderLine | typeof expense>(t: T) => ({
  quantity: t.quantity,
  unit_price: t.unit_price,
  discount: t.discount,
  discount_amount: t.discount_amount,
  tax: t.tax,
});

export type LineNumbers = Record<keyof ReturnType<typeof lineNumbers>, string | null>;

/** The numbers of a document's live lines (`parent` names the document), but the line `except` (one being written). */
const liveLineNumbers = <T extends typeof orderLine | typeof expense>(
  db: Pick<Db, 'select'>,
  t: T,
  parent: Column,
  uuid: string,
  except?: string,
): Promise<LineNumbers[]> =>
  db
    .select(lineNumbers(t))
    .from(t as typeof orderLine) // either lines table: the same columns
    .where(and(eq(parent, uuid), isNull(t.deleted_at), isNull(t.archived_at), except ? ne(t.uuid, except) : undefined));

/** The numbers of an order's live lines, but the line `except` (one being written). */
export const orderLineNumbers = (db: Pick<Db, 'select'>, orderUuid: string, except?: string) =>
  liveLineNumbers(db, orderLine, orderLine.order_uuid, orderUuid, except);

/** The numbers of a bill's live lines, but the line `except` (one being written). */
export const billLineNumbers = (db: Pick<Db, 'select'>, billUuid: string, except?: string) =>
  liveLineNumbers(db, expense, expense.bill_uuid, billUuid, except);

/** A document's own discount, as a row holds it. */
export const discountOf = (row: Readonly<Record<string, unknown>>): DocumentDiscount => ({
  discount: row.discount,
  discount_amount: row.discount_amount,
});

/** A document's discount worth more than its lines' net takes the net to zero, and the write says so (a warning on
 * `discount_amount`). */
export function warnIfDiscountExceeds(h: Pick<HookContext, 'warnings'>, lines: readonly LineNumbers[], doc: Row) {
  const net = lines.length ? discountExceeding(lines, discountOf(doc)) : null;
  if (net !== null)
    h.warnings?.push({
      field: 'discount_amount',
      key: 'warnings.discount_exceeds_document',
      params: { net: new Amount(net) },
    });
}

/** What an order or a bill stores of its totals (the per-rate figures and the subtotal are computed on read). */
export const storedTotals = ({ rates: _r, subtotal: _s, ...stored }: DocumentTotals) => stored;

export async function orderTotals(ctx: AppContext, access: Access, uuid: string): Promise<DocumentTotals> {
  const order = await getRow(ctx, access, entities.order, uuid);
  const rounding = await cashRoundingIn(ctx.db, String(order.settings_group_uuid));
  return documentTotals(await orderLineNumbers(ctx.db, uuid), order.currency, rounding, discountOf(order));
}

export async function billTotals(ctx: AppContext, access: Access, uuid: string): Promise<DocumentTotals> {
  const bill = await getRow(ctx, access, entities.bill, uuid);
  const lines = await billLineNumbers(ctx.db, uuid);
  const rounding = await cashRoundingIn(ctx.db, String(bill.settings_group_uuid));
  if (lines.length) return documentTotals(lines, bill.currency, rounding, discountOf(bill));
  const own = billOwnTotals(bill, rounding);
  const amount = String(bill.amount ?? '0.00');
  const net = own.net_total ?? amount;
  const tax = own.tax_total ?? '0.00';
  return {
    subtotal: net,
    discount_total: '0.00',
    net_total: net,
    tax_total: tax,
    total: amount,
    payable_total: own.payable_total ?? amount,
    rates: [{ rate: String(Number(bill.tax ?? 0)), net, tax }],
  };
}
