// Order actions (docs/domain/states.md, "States and transitions"): the transitions, send (an external order is e-mailed to its
// contractor with a public token link) and reset-token (a new link; the old one is dead at once). The token is 32
// random bytes, base64url, stored as its SHA-256 only; the mail goes out after the transaction commits.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { entities } from '../../src/entities/registry';
import { orderTransitions } from '../../src/domain/transitions';
import type { Access } from '../crud/access';
import type { Row } from '../crud/present';
import { getRow } from '../crud/read';
import { contact as contacts } from '../db/entity-tables';
import { groupMail } from '../mail/compose';
import { settingsGroups } from '../db/schema';
import { orderMessages, orderTokens } from '../db/planning-schema';
import { fieldError } from '../http-error';
import { orderMail } from '../mail/order-mail';
import { randomToken, sha256 } from './crypto';
import { onRecord, transitionOf, type Tx } from '../crud/actions';
import type { ActionCall } from '../crud/model-behaviour';
import { setValues, userName } from './record-actions';

export const ORDER_ACTIONS = ['accept', 'refuse', 'done', 'confirm', 'cancel'] as const;

export async function orderTransition({ tx, access, uuid, row }: ActionCall, action: string) {
  const status = transitionOf(orderTransitions(String(row.kind)), row, action);
  await setValues(tx, entities.order, uuid, access, { status });
}

export const publicOrderUrl = (ctx: AppContext, token: string) => `${ctx.config.appUrl}/public/order/${token}`;

/** A new token for the order (replacing any old one); answers the token. */
async function newToken(tx: Tx, orderUuid: string): Promise<string> {
  const token = randomToken();
  await tx
    .insert(orderTokens)
    .values({ order_uuid: orderUuid, token_hash: sha256(token) })
    .onConflictDoUpdate({
      target: orderTokens.order_uuid,
      set: { token_hash: sha256(token), created_at: new Date(), answered_at: null },
    });
  return token;
}

async function contractor(tx: Tx, row: Row) {
  if (!row.contact_uuid) throw fieldError('contact_uuid', 'validation.contractor_email');
  const [c] = await tx
    .select({ email: contacts.email_address, name: contacts.display_name, language: contacts.language })
    .from(contacts)
    .where(and(eq(contacts.uuid, String(row.contact_uuid)), isNull(contacts.deleted_at)))
    .limit(1);
  if (!c?.email) throw fieldError('contact_uuid', 'validation.contractor_email');
  return { email: String(c.email), name: String(c.name ?? ''), language: c.language };
}

async function mailTo(ctx: AppContext, tx: Tx, row: Row, token: string) {
  const to = await contractor(tx, row);
  const [sg] = await tx
    .select({ name: settingsGroups.name })
    .from(settingsGroups)
    .where(eq(settingsGroups.uuid, String(row.settings_group_uuid)));
  return groupMail(
    tx,
    String(row.settings_group_uuid),
    orderMail(to, { title: String(row.title), sender: sg?.name ?? '' }, publicOrderUrl(ctx, token)),
  );
}

/** Sends an external order (the action's precondition, server/models/order.ts): its token, its status, and the
 * mail to the contractor once committed. */
export async function sendOrder({ ctx, tx, access, uuid, row }: ActionCall) {
  const status = transitionOf(orderTransitions('external'), row, 'send');
  const token = await newToken(tx, uuid);
  const mail = await mailTo(ctx, tx, row, token);
  await setValues(tx, entities.order, uuid, access, { status, sent_at: new Date() });
  return { meta: { public_url: publicOrderUrl(ctx, token) }, afterCommit: () => ctx.mailer.send(mail) };
}

/** A new token for a sent or accepted external order (server/models/order.ts), mailed once committed. */
export async function resetToken({ ctx, tx, access, uuid, row }: ActionCall) {
  const token = await newToken(tx, uuid);
  const mail = await mailTo(ctx, tx, row, token);
  await setValues(tx, entities.order, uuid, access, {});
  return { meta: { public_url: publicOrderUrl(ctx, token) }, afterCommit: () => ctx.mailer.send(mail) };
}

/** The messages of an order's public page (contractor answers and staff replies), oldest first. */
export async function orderMessagesOf(ctx: AppContext, access: Access, uuid: string) {
  await getRow(ctx, access, entities.order, uuid);
  const rows = await ctx.db
    .select({ author: orderMessages.author, body: orderMessages.body, created_at: orderMessages.created_at })
    .from(orderMessages)
    .where(eq(orderMessages.order_uuid, uuid))
    .orderBy(asc(orderMessages.created_at));
  return rows.map((m) => ({ ...m, created_at: m.created_at.toISOString() }));
}

/** A staff reply on the order's public page. */
export async function postOrderMessage(ctx: AppContext, access: Access, uuid: string, body: string) {
  await onRecord(ctx, access, entities.order, uuid, async (tx) => {
    await tx.insert(orderMessages).values({ order_uuid: uuid, author: userName(access), body });
  });
}
