// System notifications, exactly the calls of docs/domain/notifications.md, "System notifications".
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../plugins/auth';
import * as notifications from '../services/system-notifications.service';
import { translate } from '../i18n/messages';
import { systemNotificationBody, systemNotificationSchema } from '../../src/entities/account';
import { created, messageReply, ok } from './schemas';

/** Managing notifications is for superusers: checked before the body is validated. */
const managers = { authorize: (req: FastifyRequest) => notifications.assertManager(requireUser(req)) };
const params = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const one = z.object({ data: systemNotificationSchema });

export async function systemNotificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['system-notifications'];

  r.get(
    '/system-notifications',
    { schema: { tags, response: ok(z.object({ data: z.array(systemNotificationSchema) })) } },
    async (req) => ({
      data: await notifications.list(ctx, requireUser(req)),
    }),
  );

  r.post(
    '/system-notifications',
    { config: managers, schema: { tags, body: systemNotificationBody, response: created(one) } },
    async (req, reply) => reply.code(201).send({ data: await notifications.create(ctx, requireUser(req), req.body) }),
  );

  r.put(
    '/system-notifications/:id',
    { config: managers, schema: { tags, params, body: systemNotificationBody, response: ok(one) } },
    async (req) => ({
      data: await notifications.update(ctx, requireUser(req), req.params.id, req.body),
    }),
  );

  // The spec writes the delete path with a trailing slash; both spellings are served.
  for (const path of ['/system-notifications/:id', '/system-notifications/:id/']) {
    r.delete(path, { config: managers, schema: { tags, params, response: ok(messageReply) } }, async (req) => {
      await notifications.remove(ctx, requireUser(req), req.params.id);
      return { message: translate(req.locale, 'notifications.deleted') };
    });
  }

  r.post(
    '/system-notifications/:id/confirmations',
    { schema: { tags, params, response: ok(messageReply) } },
    async (req) => {
      await notifications.confirm(ctx, requireUser(req), req.params.id);
      return { message: translate(req.locale, 'notifications.marked_read') };
    },
  );
}
