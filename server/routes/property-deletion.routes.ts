// Property deletion (docs/domain/permissions.md, "Property deletion"; thin routes over
// server/services/property-deletion.service.ts): the request and its mail, the confirmation the app's page posts
// with the mailed token (signed in as the requesting admin), the list and the withdrawal; and the generic delete of
// a property, taken over from the records engine (server/models/property.ts): the whole tree, 409 while licensed.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../crud/access';
import { requireUser } from '../plugins/auth';
import { translate } from '../i18n/messages';
import * as deletion from '../services/property-deletion.service';
import { created, messageReply, ok } from './schemas';

const params = z.object({ uuid: z.uuid() });
const requestReply = z.object({
  uuid: z.string(),
  settings_group_uuid: z.string(),
  property_uuid: z.string(),
  property_name: z.string().nullable(),
  status: z.enum(['pending', 'scheduled', 'done', 'withdrawn']),
  delete_on: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  done_at: z.string().nullable(),
  created_at: z.string(),
  links: z.record(z.string(), z.string()),
});
const one = z.object({ data: requestReply, message: z.string() });

export async function propertyDeletionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['properties'];

  r.delete('/properties/:uuid', { schema: { tags, params, response: ok(messageReply) } }, async (req) => {
    await deletion.deleteProperty(ctx, await accessOf(ctx, req), req.params.uuid);
    return { message: translate(req.locale, 'records.deleted') };
  });
  r.post('/properties/:uuid/delete-request', { schema: { tags, params, response: created(one) } }, async (req, reply) =>
    reply.code(201).send({
      data: await deletion.requestDeletion(ctx, await accessOf(ctx, req), req.params.uuid),
      message: translate(req.locale, 'property_deletion.requested'),
    }),
  );
  r.post(
    '/property-delete-requests/confirm',
    {
      schema: { tags, body: z.strictObject({ token: z.string().min(1).max(100) }), response: ok(one) },
    },
    async (req, reply) => {
      reply.header('Referrer-Policy', 'no-referrer').header('Cache-Control', 'no-store');
      const data = await deletion.confirmDeletion(ctx, requireUser(req), req.body.token);
      const key =
        data.status === 'done'
          ? 'property_deletion.done'
          : data.status === 'scheduled'
            ? 'property_deletion.scheduled'
            : 'property_deletion.withdrawn';
      return { data, message: translate(req.locale, key, { date: data.delete_on ?? '' }) };
    },
  );
  r.get(
    '/property-delete-requests',
    {
      schema: {
        tags,
        querystring: z.strictObject({ settings_group_uuid: z.uuid() }),
        response: ok(
          z.object({
            data: z.array(
              requestReply.extend({ requested_by_name: z.string().nullable(), licensed_until: z.string().nullable() }),
            ),
          }),
        ),
      },
    },
    async (req) => ({ data: await deletion.listRequests(ctx, requireUser(req), req.query.settings_group_uuid) }),
  );
  r.delete('/property-delete-requests/:uuid', { schema: { tags, params, response: ok(one) } }, async (req) => ({
    data: await deletion.withdraw(ctx, requireUser(req), req.params.uuid),
    message: translate(req.locale, 'property_deletion.withdrawn'),
  }));
}
