// Order routes beyond the records engine (docs/planning-api.md): the conversation of the public order page (the
// transitions, send and reset-token are actions declared in server/models/order.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../crud/access';
import { orderMessagesOf, postOrderMessage } from '../services/order.service';
import { created, ok } from './schemas';

const params = z.object({ uuid: z.uuid() });
const messages = z.object({
  data: z.array(z.object({ author: z.string(), body: z.string(), created_at: z.string() })),
});

export async function orderRoutes(app: FastifyInstance) {
  // the conversation of the public order page, for staff
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  r.get('/orders/:uuid/messages', { schema: { tags: ['orders'], params, response: ok(messages) } }, async (req) => ({
    data: await orderMessagesOf(ctx, await accessOf(ctx, req), req.params.uuid),
  }));
  r.post(
    '/orders/:uuid/messages',
    {
      schema: {
        tags: ['orders'],
        params,
        body: z.strictObject({ body: z.string().trim().min(1).max(2000) }),
        response: created(messages),
      },
    },
    async (req, reply) => {
      const access = await accessOf(ctx, req);
      await postOrderMessage(ctx, access, req.params.uuid, req.body.body);
      return reply.code(201).send({ data: await orderMessagesOf(ctx, access, req.params.uuid) });
    },
  );
}
