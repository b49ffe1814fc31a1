// Order actions (docs/planning-api.md): transitions, send, reset-token.
import type { FastifyInstance } from 'fastify';
import { entities } from '../../src/entities/registry';
import { ORDER_ACTIONS, orderTransition, resetToken, sendOrder } from '../services/order.service';
import { actionRoute } from './record-action';

export async function orderRoutes(app: FastifyInstance) {
  for (const action of ORDER_ACTIONS)
    actionRoute(app, entities.order, action, null, (ctx, access, uuid) => orderTransition(ctx, access, uuid, action));
  actionRoute(app, entities.order, 'send', null, (ctx, access, uuid) => sendOrder(ctx, access, uuid));
  actionRoute(app, entities.order, 'reset-token', null, (ctx, access, uuid) => resetToken(ctx, access, uuid));
}
