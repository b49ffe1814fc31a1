// The routes of webhooks beside the engine's (docs/domain/webhooks.md): the create, whose reply shows the new secret
// once; a webhook's delivery log; a test delivery sent at once; a delivery sent again. A webhook is an admins' table:
// 401 signed out, 404 outside the caller's settings groups, 403 for a member.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import { entities } from '../../src/entities/registry';
import { createSchema } from '../../src/entities/schemas';
import { TEST_EVENT, type WebhookDelivery } from '../../src/entities/webhook';
import { accessOf, mayOnRecord, type Access } from '../crud/access';
import { getRow } from '../crud/read';
import { create } from '../crud/write';
import { presentRecord } from '../crud/present';
import type { AppContext } from '../context';
import { webhookDeliveries } from '../db/webhook-schema';
import { forbidden, notFound } from '../http-error';
import { lazyRecordSchema, lazySchema } from '../lazy-schemas';
import { newSecret } from '../webhooks/signature';
import { deliverNow } from '../webhooks/sender';
import { created, ok } from './schemas';

const entity = entities.webhook;
const tags = ['webhooks'];
const params = z.object({ uuid: z.uuid() });
const deliveryParams = z.object({ uuid: z.uuid(), id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
const DELIVERY_PAGE = 100;

const deliverySchema = z.object({
  id: z.number(),
  message_id: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  response_status: z.number().nullable(),
  duration_ms: z.number().nullable(),
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  payload: z.unknown(),
});

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
const present = (d: DeliveryRow): WebhookDelivery => ({
  id: d.id,
  message_id: d.message_id,
  event: d.event,
  status: d.status as WebhookDelivery['status'],
  attempts: d.attempts,
  created_at: d.created_at.toISOString(),
  next_attempt_at: d.status === 'pending' ? d.next_attempt_at.toISOString() : null,
  delivered_at: d.delivered_at?.toISOString() ?? null,
  response_status: d.response_status,
  duration_ms: d.duration_ms,
  response_excerpt: d.response_excerpt,
  error: d.error,
  payload: d.payload,
});

/** The webhook in the caller's scope (404 outside it, 403 for a member); `change`: the caller may change it. */
async function webhookOf(ctx: AppContext, access: Access, uuid: string, change: boolean) {
  const row = await getRow(ctx, access, entity, uuid);
  if (change && !mayOnRecord(access, entity, row, 'update')) throw forbidden();
  return row;
}

async function deliveryOf(ctx: AppContext, webhook: string, id: number) {
  const [row] = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.webhook_uuid, webhook)));
  if (!row) throw notFound();
  return row;
}

export async function webhooksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const record = lazyRecordSchema(entity);
  const reply = lazySchema(() => z.object({ data: record, meta: z.object({ secret: z.string() }) }));

  r.post(
    '/webhooks',
    { schema: { tags, body: lazySchema(() => createSchema(entity)), response: created(reply) } },
    async (req, res) => {
      const access = await accessOf(ctx, req);
      const secret = newSecret();
      const uuid = await create(ctx, access, entity, req.body as Record<string, unknown>, { input: { secret } });
      const data = presentRecord(entity, access, await getRow(ctx, access, entity, uuid));
      return res.code(201).send({ data, meta: { secret } });
    },
  );

  r.get(
    '/webhooks/:uuid/deliveries',
    {
      schema: {
        tags,
        params,
        querystring: z.object({
          status: z.enum(['pending', 'delivered', 'failed']).optional(),
          before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
        }),
        response: ok(z.object({ data: z.array(deliverySchema) })),
      },
    },
    async (req) => {
      const access = await accessOf(ctx, req);
      await webhookOf(ctx, access, req.params.uuid, false);
      const rows = await ctx.db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.webhook_uuid, req.params.uuid),
            req.query.status ? eq(webhookDeliveries.status, req.query.status) : undefined,
            req.query.before ? lt(webhookDeliveries.id, req.query.before) : undefined,
          ),
        )
        .orderBy(desc(webhookDeliveries.id))
        .limit(DELIVERY_PAGE);
      return { data: rows.map(present) };
    },
  );

  r.post(
    '/webhooks/:uuid/test',
    { schema: { tags, params, response: ok(z.object({ data: deliverySchema })) } },
    async (req) => {
      const access = await accessOf(ctx, req);
      const hook = await webhookOf(ctx, access, req.params.uuid, true);
      const now = new Date();
      const message = `msg_${crypto.randomUUID().replace(/-/g, '')}`;
      const [queued] = await ctx.db
        .insert(webhookDeliveries)
        .values({
          webhook_uuid: req.params.uuid,
          settings_group_uuid: String(hook.settings_group_uuid),
          message_id: message,
          event: TEST_EVENT,
          payload: {
            type: TEST_EVENT,
            timestamp: now.toISOString(),
            data: { webhook_uuid: req.params.uuid, settings_group_uuid: hook.settings_group_uuid },
          },
        })
        .returning({ id: webhookDeliveries.id });
      await deliverNow(ctx, [queued!.id]);
      return { data: present(await deliveryOf(ctx, req.params.uuid, queued!.id)) };
    },
  );

  r.post(
    '/webhooks/:uuid/deliveries/:id/resend',
    { schema: { tags, params: deliveryParams, response: ok(z.object({ data: deliverySchema })) } },
    async (req) => {
      const access = await accessOf(ctx, req);
      await webhookOf(ctx, access, req.params.uuid, true);
      await deliveryOf(ctx, req.params.uuid, req.params.id);
      await deliverNow(ctx, [req.params.id]);
      return { data: present(await deliveryOf(ctx, req.params.uuid, req.params.id)) };
    },
  );
}
