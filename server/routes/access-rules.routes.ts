// Stored filters, access rules and the user groups of properties (docs/domain/permissions.md, "Access rules" and
// "Restricted access"; thin routes over server/services/access-rules.service.ts): admins only (403 for other
// members, 404 outside the settings group).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessRuleBody,
  accessRuleSchema,
  accessRuleUpdate,
  propertyUserGroupsBody,
  propertyUserGroupsSchema,
  storedFilterBody,
  storedFilterSchema,
  storedFilterUpdate,
} from '../../src/entities/access-rules';
import { requireUser } from '../plugins/auth';
import { translate } from '../i18n/messages';
import * as rules from '../services/access-rules.service';
import { created, messageReply, ok } from './schemas';

const params = z.object({ uuid: z.uuid() });
const listQuery = z.strictObject({ settings_group_uuid: z.uuid().optional() });

export async function accessRuleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  // ---- stored filters ----
  const f = { tags: ['filters'] };
  const oneFilter = z.object({ data: storedFilterSchema });
  r.get(
    '/filters',
    { schema: { ...f, querystring: listQuery, response: ok(z.object({ data: z.array(storedFilterSchema) })) } },
    async (req) => ({ data: await rules.listFilters(ctx, requireUser(req), req.query.settings_group_uuid) }),
  );
  r.post('/filters', { schema: { ...f, body: storedFilterBody, response: created(oneFilter) } }, async (req, reply) =>
    reply.code(201).send({ data: await rules.createFilter(ctx, requireUser(req), req.body) }),
  );
  r.get('/filters/:uuid', { schema: { ...f, params, response: ok(oneFilter) } }, async (req) => ({
    data: await rules.getFilter(ctx, requireUser(req), req.params.uuid),
  }));
  r.patch(
    '/filters/:uuid',
    { schema: { ...f, params, body: storedFilterUpdate, response: ok(oneFilter) } },
    async (req) => ({ data: await rules.updateFilter(ctx, requireUser(req), req.params.uuid, req.body) }),
  );
  r.delete('/filters/:uuid', { schema: { ...f, params, response: ok(messageReply) } }, async (req) => {
    await rules.deleteFilter(ctx, requireUser(req), req.params.uuid);
    return { message: translate(req.locale, 'records.deleted') };
  });

  // ---- access rules ----
  const a = { tags: ['access-rules'] };
  const oneRule = z.object({ data: accessRuleSchema });
  r.get(
    '/access-rules',
    { schema: { ...a, querystring: listQuery, response: ok(z.object({ data: z.array(accessRuleSchema) })) } },
    async (req) => ({ data: await rules.listAccessRules(ctx, requireUser(req), req.query.settings_group_uuid) }),
  );
  r.post('/access-rules', { schema: { ...a, body: accessRuleBody, response: created(oneRule) } }, async (req, reply) =>
    reply.code(201).send({ data: await rules.createAccessRule(ctx, requireUser(req), req.body) }),
  );
  r.get('/access-rules/:uuid', { schema: { ...a, params, response: ok(oneRule) } }, async (req) => ({
    data: await rules.getAccessRule(ctx, requireUser(req), req.params.uuid),
  }));
  r.patch(
    '/access-rules/:uuid',
    { schema: { ...a, params, body: accessRuleUpdate, response: ok(oneRule) } },
    async (req) => ({ data: await rules.updateAccessRule(ctx, requireUser(req), req.params.uuid, req.body) }),
  );
  r.delete('/access-rules/:uuid', { schema: { ...a, params, response: ok(messageReply) } }, async (req) => {
    await rules.deleteAccessRule(ctx, requireUser(req), req.params.uuid);
    return { message: translate(req.locale, 'records.deleted') };
  });

  // ---- the user groups of a property (restricted access) ----
  const p = { tags: ['properties'] };
  const oneProperty = z.object({ data: propertyUserGroupsSchema });
  r.get('/properties/:uuid/user-groups', { schema: { ...p, params, response: ok(oneProperty) } }, async (req) => ({
    data: await rules.getPropertyUserGroups(ctx, requireUser(req), req.params.uuid),
  }));
  r.put(
    '/properties/:uuid/user-groups',
    { schema: { ...p, params, body: propertyUserGroupsBody, response: ok(oneProperty) } },
    async (req) => ({
      data: await rules.setPropertyUserGroups(ctx, requireUser(req), req.params.uuid, req.body.user_group_uuids),
    }),
  );
}
