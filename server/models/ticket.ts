// Tickets (docs/planning-api.md): overdue on read (the running number is the engine's: `numbering` in the
// definition, server/crud/numbering.ts); the transitions, delegate, assign,
// follow and unfollow; links to the comments and to a new order from the ticket (their routes: tickets.routes.ts).
import { z } from 'zod';
import { isOverdue } from '../../src/domain/overdue';
import { TICKET_TRANSITIONS } from '../../src/domain/transitions';
import { transitionRefusal } from '../crud/actions';
import { action, type ModelBehaviour } from '../crud/model-behaviour';
import { TICKET_ACTIONS, assign, delegate, follow, ticketTransition } from '../services/ticket.service';

export const ticket: ModelBehaviour = {
  computed: (row, today) => ({ overdue: isOverdue('ticket', row, today) }),
  actions: [
    ...TICKET_ACTIONS.map((name) =>
      action({ name, refusal: transitionRefusal(TICKET_TRANSITIONS, name), run: (a) => ticketTransition(a, name) }),
    ),
    action({
      name: 'delegate',
      refusal: transitionRefusal(TICKET_TRANSITIONS, 'delegate'),
      body: z.strictObject({
        user_uuid: z.uuid().optional(),
        contact_uuid: z.uuid().optional(),
        comment: z.string().trim().max(5000).nullable().optional(),
      }),
      run: delegate,
    }),
    action({ name: 'assign', body: z.strictObject({ user_uuid: z.uuid().nullable() }), run: assign }),
    { name: 'follow', right: 'read', run: (a) => follow(a, true) },
    { name: 'unfollow', right: 'read', run: (a) => follow(a, false) },
  ],
  links: [{ name: 'comments' }, { name: 'create-order' }],
};
