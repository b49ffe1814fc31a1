// Ticket actions (docs/domain/states.md, "States and transitions"): the transitions, assignment to a member, delegation to a
// member or a contact, followers, comments and an order created from a ticket (with the ticket's documents). Each is
// one transaction.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { entities } from '../../src/entities/registry';
import { TICKET_TRANSITIONS } from '../../src/domain/transitions';
import type { Access } from '../crud/access';
import { getRow } from '../crud/read';
import { scopeCondition, selection } from '../crud/table';
import { create } from '../crud/write';
import type { Row } from '../crud/present';
import { contact as contacts, ticketComment as comments } from '../db/entity-tables';
import { users } from '../db/schema';
import { ticketFollowers } from '../db/planning-schema';
import { ValidationFailed, fieldError } from '../http-error';
import { onRecord, transitionOf } from '../crud/actions';
import type { ActionCall } from '../crud/model-behaviour';
import { assignMember, memberName, setValues, userName } from './record-actions';
import { copyLinks } from '../documents/document-links';

export const TICKET_ACTIONS = ['open', 'start', 'done', 'confirm', 'reopen', 'cancel'] as const;

async function addComment(ctx: AppContext, access: Access, ticket: Row, body: string) {
  return create(ctx, access, entities.ticket_comment, {
    property_uuid: ticket.property_uuid,
    ticket_uuid: ticket.uuid,
    body,
  });
}

export async function ticketTransition({ tx, access, uuid, row }: ActionCall, action: string) {
  const status = transitionOf(TICKET_TRANSITIONS, row, action);
  const extra: Row = {};
  if (action === 'confirm') Object.assign(extra, { confirmed_at: new Date(), confirmed_by: userName(access) });
  if (action === 'reopen') extra.reopen_count = Number(row.reopen_count ?? 0) + 1;
  await setValues(tx, entities.ticket, uuid, access, { status, ...extra });
}

export interface DelegateBody {
  user_uuid?: string | undefined;
  contact_uuid?: string | undefined;
  comment?: string | null | undefined;
}

export async function delegate({ ctx, tx, access, uuid, row, body }: ActionCall<DelegateBody>) {
  const status = transitionOf(TICKET_TRANSITIONS, row, 'delegate');
  if (!body.user_uuid === !body.contact_uuid)
    throw new ValidationFailed({
      user_uuid: [{ key: 'validation.one_of' }],
      contact_uuid: [{ key: 'validation.one_of' }],
    });
  const sg = String(row.settings_group_uuid);
  const values: Row = { status };
  if (body.user_uuid)
    Object.assign(values, {
      assignee_user_uuid: body.user_uuid,
      assignee_name: await memberName(tx, sg, body.user_uuid, 'user_uuid'),
      delegated_contact_uuid: null,
    });
  else {
    const [c] = await tx
      .select({ uuid: contacts.uuid })
      .from(contacts)
      .where(
        // a contact hidden from the caller is refused as an unknown one (docs/domain/permissions.md, "Access rules")
        and(
          eq(contacts.uuid, body.contact_uuid!),
          eq(contacts.settings_group_uuid, sg),
          scopeCondition(entities.contact, access),
        ),
      )
      .limit(1);
    if (!c) throw fieldError('contact_uuid', 'validation.ref_not_found');
    values.delegated_contact_uuid = body.contact_uuid;
  }
  await setValues(tx, entities.ticket, uuid, access, values);
  if (body.comment) await addComment(ctx, access, row, body.comment);
}

export const assign = assignMember(entities.ticket);

/** Follows or unfollows (idempotent; any member who sees the ticket); answers whether the caller follows now. */
export async function follow({ tx, access, uuid }: ActionCall, on: boolean) {
  if (on) await tx.insert(ticketFollowers).values({ ticket_uuid: uuid, user_id: access.user.id }).onConflictDoNothing();
  else
    await tx
      .delete(ticketFollowers)
      .where(and(eq(ticketFollowers.ticket_uuid, uuid), eq(ticketFollowers.user_id, access.user.id)));
  return { meta: { following: on } };
}

export async function followers(ctx: AppContext, access: Access, uuid: string) {
  await getRow(ctx, access, entities.ticket, uuid);
  const rows = await ctx.db
    .select({ uuid: users.uuid, first: users.first_name, last: users.last_name, id: users.id })
    .from(ticketFollowers)
    .innerJoin(users, eq(users.id, ticketFollowers.user_id))
    .where(eq(ticketFollowers.ticket_uuid, uuid))
    .orderBy(asc(users.last_name));
  return {
    data: rows.map((r) => ({ user_uuid: r.uuid, name: `${r.first} ${r.last}`.trim() })),
    meta: { following: rows.some((r) => r.id === access.user.id) },
  };
}

export async function listComments(ctx: AppContext, access: Access, uuid: string) {
  await getRow(ctx, access, entities.ticket, uuid);
  return (
    (await ctx.db
      .select(selection(entities.ticket_comment))
      .from(comments)
      // the comments the caller may see (docs/domain/permissions.md, "Access rules"): not deleted, in scope
      .where(
        and(
          eq(comments.ticket_uuid, uuid),
          scopeCondition(entities.ticket_comment, access),
          isNull(comments.archived_at),
        ),
      )
      .orderBy(asc(comments.created_at))) as Row[]
  );
}

export async function postComment(ctx: AppContext, access: Access, uuid: string, body: string) {
  return onRecord(ctx, access, entities.ticket, uuid, (_tx, row, txCtx) => addComment(txCtx, access, row, body));
}

export interface CreateOrderBody {
  kind: 'internal' | 'external';
  contact_uuid?: string | null | undefined;
}

/**
 * A new order carrying the ticket's subject, description, property and due date, and its documents (the same
 * files, attached to the order as well); answers its uuid.
 */
export async function orderFromTicket(ctx: AppContext, access: Access, uuid: string, body: CreateOrderBody) {
  return onRecord(ctx, access, entities.ticket, uuid, async (tx, row, txCtx) => {
    const order = await create(txCtx, access, entities.order, {
      property_uuid: row.property_uuid,
      ticket_uuid: row.uuid,
      title: row.subject,
      description: row.description ?? null,
      due_date: row.due_date ?? null,
      kind: body.kind,
      contact_uuid: body.contact_uuid ?? null,
    });
    await copyLinks(tx, access, { model_name: 'ticket', model_uuid: uuid }, { model_name: 'order', model_uuid: order });
    return order;
  });
}
