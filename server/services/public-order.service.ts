// The contractor's page of an external order (docs/planning-api.md, "Public order page"): no login, the token is the
// key. Unknown or reset tokens are a 404 that reveals nothing; an order answered already (accepted, refused) cannot be
// answered again, and the contractor is told so (422 on status), nothing is changed. The documents attached to the
// order are listed and downloadable through the same token (only those).
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { order as orders, orderLine as lines, property as properties, contact as contacts } from '../db/entity-tables';
import { orderMessages, orderTokens } from '../db/planning-schema';
import { fieldError, notFound } from '../http-error';
import { orderTransitions } from '../../src/domain/transitions';
import { sha256 } from './crypto';
import type { Tx } from '../crud/actions';
import { documentsOfRecord, openStored } from '../documents/document.service';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The order behind a token, locked for the rest of the transaction; 404 when there is none. */
async function orderOf(tx: Tx, token: string) {
  if (!TOKEN.test(token)) throw notFound();
  const [row] = await tx
    .select({ order: orders })
    .from(orderTokens)
    .innerJoin(orders, eq(orders.uuid, orderTokens.order_uuid))
    .where(and(eq(orderTokens.token_hash, sha256(token)), isNull(orders.deleted_at), isNull(orders.archived_at)))
    .limit(1)
    .for('update');
  if (!row || row.order.kind !== 'external') throw notFound();
  return row.order as Record<string, unknown>;
}

function linksOf(order: Record<string, unknown>, base: string) {
  const state = String(order.status);
  const allowed = orderTransitions('external')[state as 'sent'] ?? {};
  const links: Record<string, string> = {};
  if ('accept' in allowed) links.accept = `${base}/accept`;
  if ('refuse' in allowed) links.refuse = `${base}/refuse`;
  if (state === 'sent' || state === 'accepted') links.propose_date = `${base}/propose-date`;
  if ('done' in allowed) links.done = `${base}/done`;
  if (!['cancelled', 'confirmed'].includes(state)) links.comment = `${base}/comment`;
  return links;
}

export async function publicOrder(ctx: AppContext, token: string) {
  return ctx.db.transaction(async (tx) => {
    const o = await orderOf(tx, token);
    const [p] = await tx
      .select({
        name: properties.name,
        street: properties.street,
        postcode: properties.postcode,
        city: properties.city,
      })
      .from(properties)
      .where(eq(properties.uuid, String(o.property_uuid)));
    const items = await tx
      .select({
        title: lines.title,
        quantity: lines.quantity,
        unit_price: lines.unit_price,
        discount: lines.discount,
        tax: lines.tax,
        total: lines.total,
      })
      .from(lines)
      .where(and(eq(lines.order_uuid, String(o.uuid)), isNull(lines.deleted_at), isNull(lines.archived_at)))
      .orderBy(asc(lines.created_at));
    const messages = await tx
      .select({ author: orderMessages.author, body: orderMessages.body, created_at: orderMessages.created_at })
      .from(orderMessages)
      .where(eq(orderMessages.order_uuid, String(o.uuid)))
      .orderBy(asc(orderMessages.created_at));
    const files = await documentsOfRecord(tx, { model_name: 'order', model_uuid: String(o.uuid) });
    const day = (v: unknown) => (v == null ? null : String(v));
    return {
      order: {
        title: String(o.title),
        description: (o.description as string | null) ?? null,
        status: String(o.status),
        due_date: day(o.due_date),
        execution_date: day(o.execution_date),
        proposed_date: day(o.proposed_date),
        currency: String(o.currency),
        // the order's own discount, so the lines' sum and the total agree for the reader
        discount_total: (o.discount_total as string | null) ?? null,
        total: (o.total as string | null) ?? null,
        property: p ?? null,
        lines: items,
      },
      messages: messages.map((m) => ({ ...m, created_at: m.created_at.toISOString() })),
      documents: files.map((d) => ({
        uuid: d.uuid,
        title: d.title,
        original_filename: d.original_filename,
        file_type: d.file_type,
        size: d.size,
        created_at: (d.created_at as Date).toISOString(),
        url: `/api/v1/public/orders/${token}/documents/${String(d.uuid)}`,
      })),
      links: linksOf(o, `/api/v1/public/orders/${token}`),
    };
  });
}

/** A document attached to the token's order, for the contractor to download (any other document is a 404). */
export async function publicOrderDocument(ctx: AppContext, token: string, documentUuid: string) {
  const row = await ctx.db.transaction(async (tx) => {
    const o = await orderOf(tx, token);
    const files = await documentsOfRecord(tx, { model_name: 'order', model_uuid: String(o.uuid) });
    return files.find((d) => d.uuid === documentUuid);
  });
  if (!row) throw notFound();
  return openStored(ctx, row);
}

export type PublicAction = 'accept' | 'refuse' | 'done' | 'propose-date' | 'comment';

export async function answerOrder(
  ctx: AppContext,
  token: string,
  action: PublicAction,
  body: { date?: string | undefined; comment?: string | null | undefined; body?: string | undefined },
) {
  await ctx.db.transaction(async (tx) => {
    const o = await orderOf(tx, token);
    const state = String(o.status);
    const links = linksOf(o, '');
    const key = action === 'propose-date' ? 'propose_date' : action;
    if (!links[key]) throw fieldError('status', 'public_order.answered', { state });
    const values: Record<string, unknown> = { updated_at: new Date(), updated_by: null };
    if (action === 'accept' || action === 'refuse' || action === 'done')
      values.status = orderTransitions('external')[state as 'sent']![action];
    if (action === 'propose-date') values.proposed_date = body.date;
    await tx
      .update(orders)
      .set(values)
      .where(eq(orders.uuid, String(o.uuid)));
    const text = action === 'comment' ? body.body : body.comment;
    if (text) {
      const [c] = await tx
        .select({ name: contacts.display_name })
        .from(contacts)
        .where(eq(contacts.uuid, String(o.contact_uuid ?? '00000000-0000-0000-0000-000000000000')));
      await tx
        .insert(orderMessages)
        .values({ order_uuid: String(o.uuid), author: String(c?.name ?? 'Contractor'), body: text });
    }
    if (action !== 'comment')
      await tx
        .update(orderTokens)
        .set({ answered_at: new Date() })
        .where(eq(orderTokens.order_uuid, String(o.uuid)));
  });
}
