// The contractor's public order page API (no login): GET /public/orders/{token}, its answers and the order's
// documents. Replies are never cached, indexed or sent on as a referrer; guessing tokens is rate-limited per IP
// (docs/domain/sign-in.md, "Tokens").
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { valueSchemas } from '../../src/entities/schemas';
import { translate } from '../i18n/messages';
import { answerOrder, publicOrder, publicOrderDocument, type PublicAction } from '../services/public-order.service';
import { downloadHeaders, sendFile } from '../documents/file-reply';
import { publicGuard, publicHeaders } from './public-guard';
import { errorReplies, messageReply } from './schemas';

const params = z.object({ token: z.string().max(100) });

export async function publicOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  publicHeaders(app);
  const guarded = publicGuard(ctx, 'public-order');

  r.get(
    '/public/orders/:token',
    {
      config: { public: true },
      schema: {
        tags: ['public'],
        params,
        response: { 200: z.object({ data: z.record(z.string(), z.unknown()) }), ...errorReplies },
      },
    },
    async (req) => ({ data: await guarded(req, () => publicOrder(ctx, req.params.token)) }),
  );

  r.get(
    '/public/orders/:token/documents/:uuid',
    {
      config: { public: true },
      schema: { tags: ['public'], params: params.extend({ uuid: z.uuid() }) },
      onSend: downloadHeaders,
    },
    async (req, reply) =>
      sendFile(reply, await guarded(req, () => publicOrderDocument(ctx, req.params.token, req.params.uuid))),
  );

  const bodies: Record<PublicAction, z.ZodType> = {
    accept: z.strictObject({ comment: z.string().trim().max(2000).nullable().optional() }),
    refuse: z.strictObject({ comment: z.string().trim().max(2000).nullable().optional() }),
    done: z.strictObject({ comment: z.string().trim().max(2000).nullable().optional() }),
    'propose-date': z.strictObject({
      date: valueSchemas.date(),
      comment: z.string().trim().max(2000).nullable().optional(),
    }),
    comment: z.strictObject({ body: z.string().trim().min(1).max(2000) }),
  };
  for (const [action, body] of Object.entries(bodies) as [PublicAction, z.ZodType][])
    r.post(
      `/public/orders/:token/${action}`,
      {
        config: { public: true, csrf: false },
        schema: { tags: ['public'], params, body, response: { 200: messageReply, ...errorReplies } },
      },
      async (req) => {
        await guarded(req, () => answerOrder(ctx, req.params.token, action, req.body ?? {}));
        return { message: translate(req.locale, 'public_order.thanks') };
      },
    );
}
