// User groups, permission groups and the members of a settings group (docs/domain/permissions.md; thin routes over
// server/services/permissions.service.ts): admins only (403 for other members, 404 outside the settings group).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entityList } from '../../src/entities/registry';
import { accessOf, may } from '../crud/access';
import {
  RIGHTS,
  type Right,
  permissionGroupBody,
  permissionGroupSchema,
  permissionGroupUpdate,
  userGroupBody,
  userGroupSchema,
  userGroupUpdate,
} from '../../src/entities/permissions';
import { requireUser } from '../plugins/auth';
import { translate } from '../i18n/messages';
import * as permissions from '../services/permissions.service';
import { created, messageReply, ok } from './schemas';

const params = z.object({ uuid: z.uuid() });
const memberParams = z.object({ uuid: z.uuid(), user_uuid: z.uuid() });
const listQuery = z.strictObject({ settings_group_uuid: z.uuid().optional() });

export const memberSchema = z.object({
  user_uuid: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'user']),
  user_group_uuids: z.array(z.string()),
  last_login: z.string().nullable(),
  two_factor: z.boolean(),
  two_factor_locked: z.boolean(),
  member_since: z.string(),
});
const memberUpdate = z.strictObject({
  role: z.enum(['admin', 'user']).optional(),
  user_group_uuids: z.array(z.uuid()).max(1000).optional(),
});

export async function permissionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  // ---- user groups ----
  const ug = { tags: ['user-groups'] };
  const oneUserGroup = z.object({ data: userGroupSchema });
  r.get(
    '/user-groups',
    { schema: { ...ug, querystring: listQuery, response: ok(z.object({ data: z.array(userGroupSchema) })) } },
    async (req) => ({
      data: await permissions.listUserGroups(ctx, requireUser(req), req.query.settings_group_uuid),
    }),
  );
  r.post(
    '/user-groups',
    { schema: { ...ug, body: userGroupBody, response: created(oneUserGroup) } },
    async (req, reply) =>
      reply.code(201).send({ data: await permissions.createUserGroup(ctx, requireUser(req), req.body, req.ip) }),
  );
  r.get('/user-groups/:uuid', { schema: { ...ug, params, response: ok(oneUserGroup) } }, async (req) => ({
    data: await permissions.getUserGroup(ctx, requireUser(req), req.params.uuid),
  }));
  r.patch(
    '/user-groups/:uuid',
    { schema: { ...ug, params, body: userGroupUpdate, response: ok(oneUserGroup) } },
    async (req) => ({
      data: await permissions.updateUserGroup(ctx, requireUser(req), req.params.uuid, req.body, req.ip),
    }),
  );
  r.delete('/user-groups/:uuid', { schema: { ...ug, params, response: ok(messageReply) } }, async (req) => {
    await permissions.deleteUserGroup(ctx, requireUser(req), req.params.uuid, req.ip);
    return { message: translate(req.locale, 'records.deleted') };
  });

  // ---- permission groups ----
  const pg = { tags: ['permission-groups'] };
  const onePermissionGroup = z.object({ data: permissionGroupSchema });
  r.get(
    '/permission-groups',
    {
      schema: { ...pg, querystring: listQuery, response: ok(z.object({ data: z.array(permissionGroupSchema) })) },
    },
    async (req) => ({
      data: await permissions.listPermissionGroups(ctx, requireUser(req), req.query.settings_group_uuid),
    }),
  );
  r.post(
    '/permission-groups',
    { schema: { ...pg, body: permissionGroupBody, response: created(onePermissionGroup) } },
    async (req, reply) =>
      reply.code(201).send({ data: await permissions.createPermissionGroup(ctx, requireUser(req), req.body, req.ip) }),
  );
  r.get('/permission-groups/:uuid', { schema: { ...pg, params, response: ok(onePermissionGroup) } }, async (req) => ({
    data: await permissions.getPermissionGroup(ctx, requireUser(req), req.params.uuid),
  }));
  r.patch(
    '/permission-groups/:uuid',
    { schema: { ...pg, params, body: permissionGroupUpdate, response: ok(onePermissionGroup) } },
    async (req) => ({
      data: await permissions.updatePermissionGroup(ctx, requireUser(req), req.params.uuid, req.body, req.ip),
    }),
  );
  r.delete('/permission-groups/:uuid', { schema: { ...pg, params, response: ok(messageReply) } }, async (req) => {
    await permissions.deletePermissionGroup(ctx, requireUser(req), req.params.uuid, req.ip);
    return { message: translate(req.locale, 'records.deleted') };
  });

  // ---- the caller's own rights (the client hides what they may not do) ----
  r.get(
    '/user/rights',
    {
      schema: {
        tags: ['user'],
        response: ok(
          z.object({
            data: z.record(
              z.string(),
              z.object({ role: z.enum(['admin', 'user']), rights: z.record(z.string(), z.array(z.enum(RIGHTS))) }),
            ),
          }),
        ),
      },
    },
    async (req) => {
      const access = await accessOf(ctx, req);
      const data: Record<string, { role: 'admin' | 'user'; rights: Record<string, Right[]> }> = {};
      for (const sg of access.groups) {
        const rights: Record<string, Right[]> = {};
        for (const entity of entityList) {
          const granted = RIGHTS.filter((right) => may(access, sg, right, entity.name));
          if (granted.length) rights[entity.name] = granted;
        }
        data[sg] = { role: access.roles.get(sg)!, rights };
      }
      return { data };
    },
  );

  // ---- members (the members' list for pickers stays in settings-groups.routes.ts) ----
  const sg = { tags: ['settings-groups'] };
  r.get(
    '/settings-groups/:uuid/members/details',
    { schema: { ...sg, params, response: ok(z.object({ data: z.array(memberSchema) })) } },
    async (req) => ({ data: await permissions.listMembersDetailed(ctx, requireUser(req), req.params.uuid) }),
  );
  r.patch(
    '/settings-groups/:uuid/members/:user_uuid',
    { schema: { ...sg, params: memberParams, body: memberUpdate, response: ok(z.object({ data: memberSchema })) } },
    async (req) => ({
      data: await permissions.updateMember(
        ctx,
        requireUser(req),
        req.params.uuid,
        req.params.user_uuid,
        req.body,
        req.ip,
      ),
    }),
  );
  // a member's two-factor sign-in locked after too many wrong codes (docs/domain/sign-in.md, "Two-factor lock")
  r.post(
    '/settings-groups/:uuid/members/:user_uuid/two-factor-unlock',
    { schema: { ...sg, params: memberParams, response: ok(messageReply) } },
    async (req) => {
      await permissions.unlockMemberTwoFactor(ctx, requireUser(req), req.params.uuid, req.params.user_uuid, req.ip);
      return { message: translate(req.locale, 'auth.two_factor_unlocked') };
    },
  );
  r.delete(
    '/settings-groups/:uuid/members/:user_uuid',
    { schema: { ...sg, params: memberParams, response: ok(messageReply) } },
    async (req) => {
      await permissions.removeMember(ctx, requireUser(req), req.params.uuid, req.params.user_uuid, req.ip);
      return { message: translate(req.locale, 'settings_group.member_removed') };
    },
  );
}
