// Budgets (docs/domain/calculations.md, "Budgets"): the available amount is computed in SQL in every read's own
// query (a virtual field) from the budget's draws, which database triggers keep in budget_totals in the same
// transaction as every write to orders and bills (server/db/budget-schema.ts); every write that draws on a budget (an order given
// a budget, an order line, a bill, an expense line) goes through `drawOnBudgets` in its model's write hook: the
// budget rows are locked first (so two writers against one budget take turns and cannot both overspend it), then
// what is left is read and compared with what the write adds. `stop` refuses with a 422 on the write's amount field,
// `warn` lets it through and adds a warning to the reply, `ignore` lets it through.
import { and, eq, inArray, isNotNull, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { overspends } from '../../src/domain/budget';
import { add, decToString, sub, toDec, type Dec } from '../../src/domain/decimal';
import { LARGEST_TOTAL } from '../../src/domain/money';
import type { HookContext, ModelBehaviour, Warning } from '../crud/model-behaviour';
import { numberRange } from '../crud/list-query';
import { bill, budget as budgets, order } from '../db/entity-tables';
import { fieldError } from '../http-error';
import { Amount } from '../i18n/messages';
import { currencyOnCreate } from './workspace-defaults';
import { budgetTotals } from '../db/budget-schema';

/** Orders in these states draw on nothing. */
const NOT_DRAWING_ORDER = ['cancelled', 'refused'];
const ZERO: Dec = { units: 0n, scale: 0 };
const LARGEST = toDec(LARGEST_TOTAL)!;
/** Whether a sum of money is at most the largest a money column holds. */
const fitsTotal = (d: Dec) => sub(LARGEST, d).units >= 0n;

/** Σ totals of the orders drawing on the budget `b`: not deleted, not cancelled or refused, not billed by a live
 * bill that is not cancelled (the bill draws instead). Archiving changes nothing: money spent stays spent. */
const ordersDrawn = (b: SQL | typeof budgets.uuid) => sql`coalesce((select sum(${order.total}) from ${order}
  where ${order.budget_uuid} = ${b} and ${order.deleted_at} is null
    and ${order.status} not in ('cancelled', 'refused')
    and not exists (select 1 from ${bill} x where x.order_uuid = ${order.uuid} and x.deleted_at is null
      and x.status <> 'cancelled')), 0)`;

/** Σ amounts of the live bills on the budget `b` that are not cancelled. */
const billsDrawn = (b: SQL | typeof budgets.uuid) => sql`coalesce((select sum(${bill.amount}) from ${bill}
  where ${bill.budget_uuid} = ${b} and ${bill.deleted_at} is null and ${bill.status} <> 'cancelled'), 0)`;

/** available_amount = amount − Σ drawing orders − Σ bills, exact (numeric), as the API's decimal text: the draws
 * as the triggers keep them (one lookup), or summed from the orders and bills themselves (`fromRows`, for the
 * tests that prove the two agree). Cast to the width of the amount less the draws (budget_totals: 16 digits), so a
 * read never fails however much was drawn; writes keep the draws within a money column (`drawOnBudgets`). */
export const availableSql = ({ fromRows = false } = {}) =>
  fromRows
    ? sql<string>`(${budgets.amount} - ${ordersDrawn(budgets.uuid)} - ${billsDrawn(budgets.uuid)})::numeric(17,2)::text`
    : sql<string>`(${budgets.amount} - coalesce((select ${budgetTotals.orders_drawn} + ${budgetTotals.bills_drawn}
        from ${budgetTotals} where ${budgetTotals.budget_uuid} = ${budgets.uuid}), 0))::numeric(17,2)::text`;

/**
 * The named filter `used_percent` (docs/analytics-api.md, "Named filters"): the share of the budget used,
 * (amount − available) ÷ amount × 100 = drawn ÷ amount × 100, as a value or a range; a budget of 0 has none. Written
 * as `drawn × 100` against `bound × amount` inside an EXISTS on budget_totals, which PostgreSQL runs as one semi-join
 * over all budgets instead of a lookup per budget; a budget without a totals row has drawn 0.
 */
function usedPercentCondition(value: unknown): SQL {
  const { from, to } =
    typeof value === 'string' ? { from: value, to: value } : (value as { from?: string; to?: string });
  const within = (drawn: SQL) =>
    and(
      from !== undefined ? sql`${drawn} * 100 >= ${from}::numeric * ${budgets.amount}` : undefined,
      to !== undefined ? sql`${drawn} * 100 <= ${to}::numeric * ${budgets.amount}` : undefined,
    ) ?? sql`true`;
  const drawn = sql`(${budgetTotals.orders_drawn} + ${budgetTotals.bills_drawn})`;
  const found = sql`exists (select 1 from ${budgetTotals} where ${budgetTotals.budget_uuid} = ${budgets.uuid}
    and ${within(drawn)})`;
  const zeroFits = (from === undefined || Number(from) <= 0) && (to === undefined || Number(to) >= 0);
  const none = sql`not exists (select 1 from ${budgetTotals} where ${budgetTotals.budget_uuid} = ${budgets.uuid})`;
  return sql`(${budgets.amount} > 0 and ${zeroFits ? sql`(${found} or ${none})` : found})`;
}

export const budget: ModelBehaviour = {
  selected: () => ({ available_amount: availableSql() }),
  // a new budget without a currency takes the settings group's (docs/domain/fields.md, "Workspace settings")
  hooks: { beforeWrite: (h, merged, _changes, current) => currencyOnCreate(h, merged, current) },
  listFilters: {
    used_percent: { schema: numberRange, condition: usedPercentCondition },
    // the budgets without a cost group (`1`) or with one (`0`): a chart's "no cost group" bar opens exactly these
    // (docs/analytics-api.md, "Named filters")
    no_cost_group: {
      schema: z.enum(['0', '1', 'true', 'false']),
      condition: (value) =>
        value === '1' || value === 'true' ? isNull(budgets.cost_group_uuid) : isNotNull(budgets.cost_group_uuid),
    },
  },
};

/** What a write adds to what one budget is drawn for (may be negative), and the field its refusal names. */
export interface Draw {
  budget: string;
  delta: Dec;
  field: string;
}

/**
 * Draws let through in a hook context whose rows are not in the tables yet, by budget. An import runs the
 * `beforeWrite` of every row of a chunk, through one hook context, before it writes any of them
 * (server/imports/write-chunk.ts), so what the earlier rows of the chunk draw is not in what SQL reads; a single
 * write and each bulk row have a context of their own, where this stays empty. Bulk writes and imports apply the
 * rule per row, earlier rows counting (docs/domain/calculations.md, "Budgets").
 */
const pendingDraws = new WeakMap<HookContext, Map<string, Dec>>();

/**
 * Checks the draws of one write (inside its transaction): reads what is available on each budget (less what earlier
 * rows of the same context drew, `pendingDraws`) and applies each budget's action to the draws that would overspend
 * it. Call it after `lockBudgets`, with what is read for the deltas read after that lock.
 */
export async function drawOnBudgets(h: HookContext, draws: readonly Draw[]): Promise<void> {
  const pending = pendingDraws.get(h) ?? new Map<string, Dec>();
  const rising = draws.filter((d) => d.delta.units > 0n);
  const rows = rising.length
    ? await h.db
        .select({
          uuid: budgets.uuid,
          name: budgets.name,
          currency: budgets.currency,
          action: budgets.exceeded_action,
          amount: budgets.amount,
          available: availableSql(),
        })
        .from(budgets)
        .where(and(inArray(budgets.uuid, [...new Set(rising.map((d) => d.budget))]), isNull(budgets.deleted_at)))
    : [];
  const warnings: Warning[] = [];
  for (const d of rising) {
    const b = rows.find((r) => r.uuid === d.budget);
    if (!b) continue;
    const left = sub(toDec(b.available) ?? ZERO, pending.get(d.budget) ?? ZERO);
    // what is drawn on one budget stays within a money column (so does what is left of it), whatever its action: a
    // 422 on the write's field, nothing written (docs/hostile-input.md, "Values the server derives")
    const drawn = add(sub(toDec(b.amount) ?? ZERO, left), d.delta);
    if (!fitsTotal(drawn))
      throw fieldError(d.field, 'validation.derived_too_large', {
        derived: 'amount drawn on the budget',
        max: LARGEST_TOTAL,
      });
    if (b.action === 'ignore') continue;
    if (!overspends(decToString(left), d.delta)) continue;
    const params = { budget: b.name, available: new Amount(decToString(left, 2)), currency: b.currency };
    if (b.action === 'stop') throw fieldError(d.field, 'validation.budget_exceeded', params);
    warnings.push({ field: d.field, key: 'warnings.budget_exceeded', params });
  }
  // let through: what it draws counts for the rows after it in this context
  for (const d of draws) pending.set(d.budget, add(pending.get(d.budget) ?? ZERO, d.delta));
  pendingDraws.set(h, pending);
  h.warnings?.push(...warnings);
}

/**
 * Locks the given budgets (row locks, in uuid order so two writers never wait on each other crosswise) until the
 * write's transaction ends. Everything a draw is computed from is read after it.
 */
export async function lockBudgets(h: HookContext, uuids: readonly unknown[]): Promise<void> {
  const ids = [...new Set(uuids.filter((u): u is string => typeof u === 'string'))].sort();
  if (!ids.length) return;
  await h.db
    .select({ uuid: budgets.uuid })
    .from(budgets)
    .where(inArray(budgets.uuid, ids))
    .orderBy(budgets.uuid)
    .for('update');
}

/**
 * Locks an order's row until the write's transaction ends, before its budget and total are read: a line written
 * to the order and the order given a budget take turns, so neither draws on a total or a budget the other is
 * changing (docs/domain/calculations.md, "Budgets"). Take it before the budget locks.
 */
export async function lockOrder(h: HookContext, orderUuid: string) {
  const [o] = await h.db
    .select({ status: order.status, total: order.total, budget: order.budget_uuid })
    .from(order)
    .where(eq(order.uuid, orderUuid))
    .for('update');
  return o ?? null;
}

/**
 * Locks a bill's row until the write's transaction ends and reads what it draws with (as `lockOrder` for orders):
 * an expense line written to the bill and the bill's own write take turns. Take it before the budget locks.
 */
export async function lockBill(h: HookContext, billUuid: string) {
  const [b] = await h.db
    .select({
      amount: bill.amount,
      status: bill.status,
      budget_uuid: bill.budget_uuid,
      order_uuid: bill.order_uuid,
      paid_at: bill.paid_at,
    })
    .from(bill)
    .where(eq(bill.uuid, billUuid))
    .for('update');
  return b ?? null;
}

/** The budget an order draws on now and its total, when it draws (see `ordersDrawn`); else null. */
export async function orderDraw(h: HookContext, orderUuid: string, exceptBill?: string) {
  const [o] = await h.db
    .select({ budget: order.budget_uuid, total: order.total })
    .from(order)
    .where(
      and(
        eq(order.uuid, orderUuid),
        isNull(order.deleted_at),
        notInArray(order.status, NOT_DRAWING_ORDER),
        sql`not exists (select 1 from ${bill} x where x.order_uuid = ${order.uuid} and x.deleted_at is null
          and x.status <> 'cancelled' ${exceptBill ? sql`and x.uuid <> ${exceptBill}` : sql``})`,
      ),
    )
    .limit(1);
  return o?.budget ? { budget: o.budget, total: o.total } : null;
}

/** Whether a live bill that is not cancelled bills the order. */
export async function isBilled(h: HookContext, orderUuid: string): Promise<boolean> {
  const [b] = await h.db
    .select({ uuid: bill.uuid })
    .from(bill)
    .where(and(eq(bill.order_uuid, orderUuid), isNull(bill.deleted_at), ne(bill.status, 'cancelled')))
    .limit(1);
  return !!b;
}
