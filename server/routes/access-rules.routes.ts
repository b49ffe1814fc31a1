// The user groups of properties (docs/domain/permissions.md, "Restricted access"; thin routes over
// server/services/access-rules.service.ts): admins only (403 for other members, 404 outside the settings group).
// Stored filters and access rules are models of the engine (their routes are the generic ones).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { propertyUserGroupsBody, propertyUserGroupsSchema } from '../../src/entities/access-rules';
import { requireUser } from '../plugins/auth';
import * as rules from '../services/access-rules.service';
import { ok } from './schemas';

const params = z.object({ uuid: z.uuid() });

export async function accessRuleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

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
