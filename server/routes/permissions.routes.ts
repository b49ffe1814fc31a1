// The members of a settings group and the caller's own rights (docs/domain/permissions.md; thin routes over
// server/services/permissions.service.ts): members admins only (403 for other members, 404 outside the settings
// group). User groups and permission groups are models of the engine (src/entities/administration.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entityList } from '../../src/entities/registry';
import { accessOf, may } from '../crud/access';
import { RIGHTS, type Right } from '../../src/entities/permissions';
import { requireUser } from '../plugins/auth';
import { translate } from '../i18n/messages';
import * as permissions from '../services/permissions.service';
import { messageReply, ok } from './schemas';

const params = z.object({ uuid: z.uuid() });
const memberParams = z.object({ uuid: z.uuid(), user_uuid: z.uuid() });

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
          // a user's own rows take no rights: each row's links say what the caller may (docs/domain/permissions.md)
          if (entity.scope === 'user') continue;
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
