// Networks and the audit log of a settings group (docs/domain/permissions.md, "Networks" and "Audit log"; thin
// routes over server/services/networks.service.ts and audit.service.ts): admins only (403 for other members, 404
// outside the settings group, 401 signed out).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../plugins/auth';
import { translate } from '../i18n/messages';
import * as networks from '../services/networks.service';
import { AUDIT_MAX_PER_PAGE, listAuditLog } from '../services/audit.service';
import { created, messageReply, ok } from './schemas';

const params = z.object({ uuid: z.uuid() });
const flag = z.enum(['0', '1', 'true', 'false']).optional();
const isOn = (v: string | undefined) => v === '1' || v === 'true';

const networkSchema = z.object({
  uuid: z.string(),
  settings_group_uuid: z.string(),
  cidr: z.string(),
  action: z.enum(['allow', 'deny']),
  description: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
const oneNetwork = z.object({ data: networkSchema });
const networkBody = z.strictObject({
  settings_group_uuid: z.uuid(),
  cidr: z.string().max(100),
  action: z.enum(['allow', 'deny']),
  description: z.string().max(500).nullable().optional(),
  /** Save even though the admin's own current address would be refused. */
  confirm_lockout: z.boolean().optional(),
});
const networkUpdate = networkBody.omit({ settings_group_uuid: true }).partial();

const auditEntry = z.object({
  id: z.number(),
  user: z.object({ uuid: z.string(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_uuid: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  created_at: z.string(),
});

export async function networkRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['networks'];
  const actor = (req: { user: unknown; ip: string } & Parameters<typeof requireUser>[0]) => ({
    user: requireUser(req),
    ip: req.ip,
  });

  r.get(
    '/networks',
    {
      schema: {
        tags,
        querystring: z.strictObject({ settings_group_uuid: z.uuid().optional() }),
        response: ok(z.object({ data: z.array(networkSchema) })),
      },
    },
    async (req) => ({ data: await networks.listNetworks(ctx, requireUser(req), req.query.settings_group_uuid) }),
  );
  r.post(
    '/networks',
    {
      schema: {
        tags,
        querystring: z.strictObject({ replace: flag }),
        body: networkBody,
        response: { ...created(oneNetwork), 409: messageReply },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send({ data: await networks.createNetwork(ctx, actor(req), req.body, { replace: isOn(req.query.replace) }) }),
  );
  r.get('/networks/:uuid', { schema: { tags, params, response: ok(oneNetwork) } }, async (req) => ({
    data: await networks.getNetwork(ctx, requireUser(req), req.params.uuid),
  }));
  r.patch(
    '/networks/:uuid',
    { schema: { tags, params, body: networkUpdate, response: { ...ok(oneNetwork), 409: messageReply } } },
    async (req) => ({ data: await networks.updateNetwork(ctx, actor(req), req.params.uuid, req.body) }),
  );
  r.delete(
    '/networks/:uuid',
    {
      schema: {
        tags,
        params,
        querystring: z.strictObject({ confirm_lockout: flag }),
        response: ok(messageReply),
      },
    },
    async (req) => {
      await networks.deleteNetwork(ctx, actor(req), req.params.uuid, isOn(req.query.confirm_lockout));
      return { message: translate(req.locale, 'records.deleted') };
    },
  );

  r.get(
    '/settings-groups/:uuid/audit-log',
    {
      schema: {
        tags: ['settings-groups'],
        params,
        querystring: z.strictObject({
          before: z.coerce.number().int().positive().optional(),
          page: z.coerce.number().int().positive().optional(),
          per_page: z.coerce.number().int().positive().max(AUDIT_MAX_PER_PAGE).optional(),
        }),
        response: ok(
          z.object({
            data: z.array(auditEntry),
            meta: z.object({ per_page: z.number(), page: z.number(), next_before: z.number().nullable() }),
          }),
        ),
      },
    },
    async (req) => listAuditLog(ctx, requireUser(req), req.params.uuid, req.query),
  );
}
