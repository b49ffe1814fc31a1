// Settings groups (docs/domain/fields.md, "Workspaces and scope"): list (slim, sortBy=name), get, its members (for pickers),
// create; admins update.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../plugins/auth';
import { deniedGroups } from '../plugins/networks';
import { forbidden } from '../http-error';
import * as groups from '../services/settings-groups.service';
import {
  settingsGroupBody,
  settingsGroupSchema,
  settingsGroupSlim,
  settingsGroupUpdateBody,
} from '../../src/entities/account';
import { created, ok } from './schemas';

const params = z.object({ uuid: z.uuid() });

export async function settingsGroupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['settings-groups'];

  r.get(
    '/settings-groups',
    {
      schema: {
        tags,
        querystring: z.strictObject({
          slim: z.enum(['0', '1', 'true', 'false']).optional(),
          sortBy: z.enum(['name']).optional(),
        }),
        response: ok(z.object({ data: z.array(z.union([settingsGroupSchema, settingsGroupSlim])) })),
      },
    },
    async (req) => {
      const user = requireUser(req);
      // settings groups refused from the caller's address are left out (docs/domain/permissions.md, "Networks")
      const rows = (await groups.listGroups(ctx, user)).filter((row) => !deniedGroups(user).has(row.group.uuid));
      const slim = req.query.slim === '1' || req.query.slim === 'true';
      if (slim)
        return {
          data: rows.map((r) => ({ uuid: r.group.uuid, name: r.group.name, role: r.role as 'admin' | 'user' })),
        };
      return { data: await groups.presentAll(ctx, rows) };
    },
  );

  r.get(
    '/settings-groups/:uuid',
    { schema: { tags, params, response: ok(z.object({ data: settingsGroupSchema })) } },
    async (req) => ({
      data: await groups.present(ctx, await groups.loadGroup(ctx, requireUser(req), req.params.uuid)),
    }),
  );

  r.get(
    '/settings-groups/:uuid/members',
    {
      schema: {
        tags,
        params,
        response: ok(
          z.object({
            data: z.array(z.object({ user_uuid: z.string(), name: z.string(), role: z.enum(['admin', 'user']) })),
          }),
        ),
      },
    },
    async (req) => ({ data: await groups.listMembers(ctx, requireUser(req), req.params.uuid) }),
  );

  r.post(
    '/settings-groups',
    { schema: { tags, body: settingsGroupBody, response: created(z.object({ data: settingsGroupSchema })) } },
    async (req, reply) => {
      const row = await groups.createGroup(ctx, requireUser(req), req.body);
      return reply.code(201).send({ data: await groups.present(ctx, row) });
    },
  );

  r.patch(
    '/settings-groups/:uuid',
    {
      // A member who is not its admin gets 403 before the body is validated; a stranger gets the handler's 404.
      config: {
        authorize: (req) => {
          const { uuid } = req.params as { uuid?: unknown };
          const member = req.memberships?.find((m) => m.uuid === uuid);
          if (member && member.role !== 'admin') throw forbidden();
        },
      },
      schema: { tags, params, body: settingsGroupUpdateBody, response: ok(z.object({ data: settingsGroupSchema })) },
    },
    async (req) => ({
      data: await groups.present(
        ctx,
        await groups.updateGroup(ctx, requireUser(req), req.params.uuid, req.body, req.ip),
      ),
    }),
  );
}
