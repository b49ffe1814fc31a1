// Order actions (docs/planning-api.md): transitions, send, reset-token.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entities } from '../../src/entities/registry';
import { accessOf } from '../crud/access';
import {
  ORDER_ACTIONS,
  orderMessagesOf,
  orderTransition,
  postOrderMessage,
  resetToken,
  sendOrder,
} from '../services/order.service';
import { actionRoute } from './record-action';
import { created, ok } from './schemas';

const params = z.object({ uuid: z.uuid() });
const messages = z.object({
  data: z.array(z.object({ author: z.string(), body: z.string(), created_at: z.string() })),
});

export async function orderRoutes(app: FastifyInstance) {
  for (const action of ORDER_ACTIONS)
    actionRoute(app, entities.order, action, null, (ctx, access, uuid) => orderTransition(ctx, access, uuid, action));
  actionRoute(app, entities.order, 'send', null, (ctx, access, uuid) => sendOrder(ctx, access, uuid));
  actionRoute(app, entities.order, 'reset-token', null, (ctx, access, uuid) => resetToken(ctx, access, uuid));

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
