// The contractor's public order page API (no login): GET /public/orders/{token}, its answers and the order's
// documents. Replies are never cached, indexed or sent on as a referrer; guessing tokens is rate-limited per IP
// (docs/domain/sign-in.md, "Tokens").
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { valueSchemas } from '../../src/entities/schemas';
import { HttpError } from '../http-error';
import { translate } from '../i18n/messages';
import { answerOrder, publicOrder, publicOrderDocument, type PublicAction } from '../services/public-order.service';
import { downloadHeaders, sendFile } from '../documents/file-reply';
import { hit, limitOrThrow, throttled, tooManyAttempts } from '../services/rate-limit';
import { errorReplies, messageReply } from './schemas';

const params = z.object({ token: z.string().max(100) });
/** Calls per IP and minute, and unknown tokens per IP and 10 minutes, before a 429. */
export const PUBLIC_LIMITS = { calls: 60, misses: 10 };

export async function publicOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cache-Control', 'no-store');
    reply.header('X-Robots-Tag', 'noindex, nofollow');
    return payload;
  });

  /** Runs a public call under the rate limits; a 404 counts as a guess. */
  async function guarded<T>(req: FastifyRequest, run: () => Promise<T>): Promise<T> {
    const miss = { key: `public-order-miss:${req.ip}`, max: PUBLIC_LIMITS.misses, windowSeconds: 600 };
    const wait = await tooManyAttempts(ctx.db, miss);
    if (wait) throw throttled(wait);
    await limitOrThrow(ctx.db, { key: `public-order:${req.ip}`, max: PUBLIC_LIMITS.calls, windowSeconds: 60 });
    try {
      return await run();
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) await hit(ctx.db, miss);
      throw err;
    }
  }

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
