// State machines (docs/domain/states.md, "States and transitions"): for each state the actions allowed from it and the state
// each action leads to. The server offers one link per allowed action and answers anything else with a 422 on `status`.

export const TICKET_STATES = [
  'requested',
  'open',
  'in_progress',
  'delegated',
  'done',
  'confirmed',
  'cancelled',
] as const;
export type TicketState = (typeof TICKET_STATES)[number];

export const ORDER_STATES = ['draft', 'sent', 'accepted', 'refused', 'done', 'confirmed', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const TASK_EVENT_STATES = ['open', 'done', 'skipped'] as const;

type Table<S extends string> = Record<S, Record<string, S>>;

/** Ticket: requested → open; open → in_progress | delegated | cancelled; delegated → in_progress | open;
 * in_progress → done | open; done → confirmed | open (reopen counts). */
export const TICKET_TRANSITIONS: Table<TicketState> = {
  requested: { open: 'open', cancel: 'cancelled' },
  open: { start: 'in_progress', delegate: 'delegated', cancel: 'cancelled' },
  delegated: { start: 'in_progress', open: 'open', cancel: 'cancelled' },
  in_progress: { done: 'done', open: 'open', cancel: 'cancelled' },
  done: { confirm: 'confirmed', reopen: 'open' },
  confirmed: {},
  cancelled: {},
};

/** External orders: draft → sent → accepted | refused; accepted → done → confirmed. Internal orders skip
 * sent/accepted (draft → done directly, or accept to start). Any non-terminal state → cancelled. */
const EXTERNAL_ORDER: Table<OrderState> = {
  draft: { send: 'sent', cancel: 'cancelled' },
  sent: { accept: 'accepted', refuse: 'refused', cancel: 'cancelled' },
  accepted: { done: 'done', cancel: 'cancelled' },
  refused: {},
  done: { confirm: 'confirmed' },
  confirmed: {},
  cancelled: {},
};
const INTERNAL_ORDER: Table<OrderState> = {
  ...EXTERNAL_ORDER,
  draft: { done: 'done', cancel: 'cancelled' },
};

export const orderTransitions = (kind: string): Table<OrderState> =>
  kind === 'external' ? EXTERNAL_ORDER : INTERNAL_ORDER;

export const TASK_EVENT_TRANSITIONS: Record<string, Record<string, string>> = {
  open: { done: 'done', skip: 'skipped' },
  done: {},
  skipped: {},
};

export const CONTRACT_STATES = ['active', 'cancelled', 'extended', 'ended'] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];

/** Contract: active → cancelled (cancel) | extended (extend, or the daily job for auto-extending contracts); an
 * extended contract runs on and may be cancelled or extended again. `ended` (the end date passed without an
 * extension, set by the daily job) and `cancelled` are terminal; archiving is orthogonal. */
export const CONTRACT_TRANSITIONS: Table<ContractState> = {
  active: { cancel: 'cancelled', extend: 'extended' },
  extended: { cancel: 'cancelled', extend: 'extended' },
  cancelled: {},
  ended: {},
};

export const GUARANTEE_STATES = ['active', 'expired', 'claimed'] as const;
export type GuaranteeState = (typeof GUARANTEE_STATES)[number];

/** Guarantee: active → claimed (the claim action, while active) | expired (the daily job, once the end date has
 * passed: `expire` is the job's transition, not a user action). Both are terminal; archiving is orthogonal. */
export const GUARANTEE_TRANSITIONS: Table<GuaranteeState> = {
  active: { claim: 'claimed', expire: 'expired' },
  expired: {},
  claimed: {},
};

export const BILL_STATES = ['open', 'paid', 'cancelled'] as const;
export type BillState = (typeof BILL_STATES)[number];

/** Bill: open → paid (the pay action, or a payment date written) | cancelled; paid → open (reopen: the payment
 * was a mistake); cancelled → open (reopen). A stored payment date makes an open bill paid on every write. */
export const BILL_TRANSITIONS: Table<BillState> = {
  open: { pay: 'paid', cancel: 'cancelled' },
  paid: { reopen: 'open' },
  cancelled: { reopen: 'open' },
};

/** The state an action leads to from `state`, or null when the action is not allowed from there. */
export function nextState(table: Record<string, Record<string, string>>, state: string, action: string): string | null {
  return table[state]?.[action] ?? null;
}

/** The actions allowed from a state. */
export const allowedActions = (table: Record<string, Record<string, string>>, state: string) =>
  Object.keys(table[state] ?? {});

/** Terminal states of a ticket or an order: never overdue. */
export const isClosed = (state: string) => ['done', 'confirmed', 'cancelled', 'refused'].includes(state);

export const SUPPORT_REQUEST_STATES = ['open', 'answered', 'closed'] as const;
export type SupportRequestState = (typeof SUPPORT_REQUEST_STATES)[number];

/** Support request (docs/domain/support-requests.md): open → answered (a superuser's answer, again while answered) |
 * closed; answered → closed | open (reopen, or the user writing again); closed → open (reopen). */
export const SUPPORT_REQUEST_TRANSITIONS: Table<SupportRequestState> = {
  open: { answer: 'answered', close: 'closed' },
  answered: { answer: 'answered', close: 'closed', reopen: 'open' },
  closed: { reopen: 'open' },
};
