// Orders (docs/planning-api.md): overdue on read; the transitions of internal and external orders, sending an
// external order and a new token for its public page; a link to the public page's messages (orders.routes.ts).
import { isOverdue } from '../../src/domain/overdue';
import { orderTransitions } from '../../src/domain/transitions';
import { transitionRefusal } from '../crud/actions';
import { action, type ModelBehaviour } from '../crud/model-behaviour';
import { fieldError } from '../http-error';
import type { Row } from '../crud/present';
import { ORDER_ACTIONS, orderTransition, resetToken, sendOrder } from '../services/order.service';

const transitionsOf = (row: Row) => orderTransitions(String(row.kind));
const external = (row: Row) => row.kind === 'external';

export const order: ModelBehaviour = {
  computed: (row, today) => ({ overdue: isOverdue('order', row, today) }),
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
  ],
  links: [{ name: 'messages', when: external }],
};
