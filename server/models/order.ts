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
import { toDec } from '../../src/domain/decimal';
import { payable } from '../../src/domain/money';
import { cashRoundingOf, currencyOnCreate } from './workspace-defaults';
import { bill as bills, order as orders } from '../db/entity-tables';
import { drawOnBudgets, isBilled, lockBudgets, lockOrder, orderDraw } from './budget';
import { billFromOrder } from './bill';
import { ORDER_ACTIONS, orderTransition, resetToken, sendOrder } from '../services/order.service';

const transitionsOf = (row: Row) => orderTransitions(String(row.kind));
const external = (row: Row) => row.kind === 'external';

/** An order given another budget draws its total on the new one (docs/domain/calculations.md, "Budgets"; refused
 * or warned on `budget_uuid`); a new order has no lines yet and draws nothing. */
async function drawOfBudgetChange(h: HookContext, merged: Row, changes: Row, current: Row | null) {
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
  await drawOnBudgets(h, [{ budget, delta: toDec(fresh.total) ?? toDec(0)!, field: 'budget_uuid' }]);
}

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
      await drawOfBudgetChange(h, merged, changes, current);
      // the total as its currency is paid, again when the currency changes (docs/domain/calculations.md, "Document
      // totals")
      if (current && 'currency' in changes && merged.total != null)
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
