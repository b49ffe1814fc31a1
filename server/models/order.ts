// Orders (docs/planning-api.md): overdue on read; the transitions of internal and external orders, sending an
// external order and a new token for its public page; a link to the public page's messages (orders.routes.ts).
import { isOverdue } from '../../src/domain/overdue';
import { orderTransitions } from '../../src/domain/transitions';
import { transitionRefusal } from '../crud/actions';
import { action, type ModelBehaviour } from '../crud/model-behaviour';
import { fieldError } from '../http-error';
import type { Row } from '../crud/present';
import type { HookContext } from '../crud/model-behaviour';
import { getTableName, sql } from 'drizzle-orm';
import { decEquals, sub, toDec } from '../../src/domain/decimal';
import { documentTotals, payable } from '../../src/domain/money';
import { entities } from '../../src/entities/registry';
import { assertStorable } from '../crud/stored-values';
import { discountOf, orderLineNumbers, storedTotals, warnIfDiscountExceeds } from '../services/document-totals.service';
import { cashRoundingOf, currencyOnCreate } from './workspace-defaults';
import { bill as bills, order as orders } from '../db/entity-tables';
import { drawOnBudgets, isBilled, lockBudgets, lockOrder, orderDraw } from './budget';
import { billFromOrder } from './bill';
import { ORDER_ACTIONS, orderTransition, resetToken, sendOrder } from '../services/order.service';

const transitionsOf = (row: Row) => orderTransitions(String(row.kind));
const external = (row: Row) => row.kind === 'external';
/** Two numbers the same (either missing counts as none). */
const sameNumber = (a: unknown, b: unknown) =>
  a == null || b == null ? a == null && b == null : decEquals(toDec(a) ?? toDec(0)!, toDec(b) ?? toDec(0)!);

/** An order given another budget draws its total on the new one (docs/domain/calculations.md, "Budgets"; refused
 * or warned on `budget_uuid`); a new order has no lines yet and draws nothing. */
async function drawOfBudgetChange(
  h: HookContext,
  merged: Row,
  changes: Row,
  current: Row | null,
  total?: string | null,
) {
  if (!current || !('budget_uuid' in changes) || changes.budget_uuid === current.budget_uuid) return;
  const budget = merged.budget_uuid;
  if (typeof budget !== 'string') return;
  // the total and status as they are once no line write is under way (`lockOrder`), not as read before
  const fresh = (await lockOrder(h, String(current.uuid))) ?? current;
  await lockBudgets(h, [budget, current.budget_uuid, fresh.budget]);
  const drawn = await orderDraw(h, String(current.uuid)); // drawing on the old budget, or on none
  const counts = !['cancelled', 'refused'].includes(String(fresh.status));
  const billed = counts && !drawn && (await isBilled(h, String(current.uuid)));
  if (!counts || billed) return;
  // the total a discount changed in the same write leaves, else the stored one
  await drawOnBudgets(h, [{ budget, delta: toDec(total ?? fresh.total) ?? toDec(0)!, field: 'budget_uuid' }]);
}

/**
 * An order's own discount changed (docs/domain/calculations.md, "Document totals"): its totals again from its live
 * lines, a discount worth more than their net a 422 on `discount_amount`, and the difference of the total drawn on
 * the budget it draws on (refused or warned on the field changed). Returns the totals to store.
 */
async function discountChange(h: HookContext, merged: Row, changes: Row, current: Row): Promise<Row> {
  const uuid = String(current.uuid);
  const fresh = await lockOrder(h, uuid); // no line write under way meanwhile
  const lines = await orderLineNumbers(h.db, uuid);
  warnIfDiscountExceeds(h, lines, merged);
  const totals = storedTotals(documentTotals(lines, merged.currency, await cashRoundingOf(h), discountOf(merged)));
  assertStorable(entities.order, totals);
  // a budget changed in the same write draws the whole new total there (`drawOfBudgetChange`)
  if (!('budget_uuid' in changes) || changes.budget_uuid === current.budget_uuid) {
    const before = await orderDraw(h, uuid);
    if (before) {
      await lockBudgets(h, [before.budget]);
      const drawn = await orderDraw(h, uuid); // read again under the lock
      if (drawn) {
        const field = 'discount_amount' in changes ? 'discount_amount' : 'discount';
        const delta = sub(toDec(totals.total)!, toDec(drawn.total ?? fresh?.total) ?? toDec(0)!);
        await drawOnBudgets(h, [{ budget: drawn.budget, delta, field }]);
      }
    }
  }
  return totals;
}

const DISCOUNT_INPUTS = ['discount', 'discount_amount'] as const;

export const order: ModelBehaviour = {
  computed: (row, today) => ({ overdue: isOverdue('order', row, today) }),
  // billed by a live bill that is not cancelled (as `isBilled`), read in the same query: the `bill` link leaves
  selected: () => ({
    // the order's column named with its table: a bare column inside the subquery would be the bill's own uuid
    billed: sql<boolean>`exists (select 1 from ${bills} x where x.order_uuid = ${sql.identifier(getTableName(orders))}.uuid
      and x.deleted_at is null and x.status <> 'cancelled')`,
  }),
  hooks: {
    beforeWrite: async (h, merged, changes, current) => {
      const derived = await currencyOnCreate(h, merged, current);
      const discounted =
        current && DISCOUNT_INPUTS.some((k) => k in changes && !sameNumber(changes[k], current[k]))
          ? await discountChange(h, merged, changes, current)
          : null;
      if (discounted) Object.assign(derived, discounted);
      await drawOfBudgetChange(h, merged, changes, current, discounted ? String(discounted.total) : undefined);
      // the total as its currency is paid, again when the currency changes (docs/domain/calculations.md, "Document
      // totals")
      if (current && !discounted && 'currency' in changes && merged.total != null)
        derived.payable_total = payable(String(merged.total), merged.currency, await cashRoundingOf(h));
      return derived;
    },
  },
  actions: [
    ...ORDER_ACTIONS.map((name) =>
      action({ name, refusal: transitionRefusal(transitionsOf, name), run: (a) => orderTransition(a, name) }),
    ),
    {
      name: 'send',
      refusal: (row) =>
        external(row)
          ? transitionRefusal(transitionsOf, 'send')(row)
          : fieldError('kind', 'validation.order_external_only'),
      run: sendOrder,
    },
    {
      name: 'reset-token',
      refusal: (row) =>
        external(row) && ['sent', 'accepted'].includes(String(row.status))
          ? null
          : fieldError('status', 'validation.transition', { state: String(row.status) }),
      run: resetToken,
    },
    {
      name: 'bill',
      refusal: (row) =>
        ['draft', 'cancelled', 'refused'].includes(String(row.status))
          ? fieldError('status', 'validation.transition', { state: String(row.status) })
          : row.billed === true
            ? fieldError('status', 'validation.order_billed')
            : null,
      run: billFromOrder,
    },
  ],
  links: [{ name: 'messages', when: external }, { name: 'totals' }],
};
