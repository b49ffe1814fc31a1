// Licenses (docs/domain/permissions.md, "Licenses"; thin routes over server/services/licenses.service.ts):
// superusers with confirmed 2FA write (checked before the body is validated, like system notifications); the
// settings group's admins read.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../plugins/auth';
import { translate } from '../i18n/messages';
import * as licenses from '../services/licenses.service';
import { assertManager } from '../services/system-notifications.service';
import { created, messageReply, ok } from './schemas';

const managers = { authorize: (req: FastifyRequest) => assertManager(requireUser(req)) };
const params = z.object({ uuid: z.uuid() });
const one = z.object({ data: licenses.licenseSchema });

export async function licenseRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['licenses'];

  r.get(
    '/licenses',
    {
      schema: {
        tags,
        querystring: z.strictObject({ settings_group_uuid: z.uuid().optional() }),
        response: ok(z.object({ data: z.array(licenses.licenseSchema) })),
      },
    },
    async (req) => ({
      data: await licenses.listLicenses(ctx, requireUser(req), req.query.settings_group_uuid),
    }),
  );
  r.get('/licenses/:uuid', { schema: { tags, params, response: ok(one) } }, async (req) => ({
    data: await licenses.getLicense(ctx, requireUser(req), req.params.uuid),
  }));
  r.post(
    '/licenses',
    { config: managers, schema: { tags, body: licenses.licenseBody, response: created(one) } },
    async (req, reply) => reply.code(201).send({ data: await licenses.createLicense(ctx, requireUser(req), req.body) }),
  );
  r.patch(
    '/licenses/:uuid',
    { config: managers, schema: { tags, params, body: licenses.licenseUpdateBody, response: ok(one) } },
    async (req) => ({ data: await licenses.updateLicense(ctx, requireUser(req), req.params.uuid, req.body) }),
  );
  r.delete(
    '/licenses/:uuid',
    { config: managers, schema: { tags, params, response: ok(messageReply) } },
    async (req) => {
      await licenses.deleteLicense(ctx, requireUser(req), req.params.uuid);
      return { message: translate(req.locale, 'license.deleted') };
    },
  );
}
