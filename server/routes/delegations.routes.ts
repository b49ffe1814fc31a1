// Delegation between colleagues (docs/domain/permissions.md, "Delegation"): list, create and remove delegations, and
// the tickets, tasks and task events assigned to the caller or to the members delegating to them today.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entities } from '../../src/entities/registry';
import { recordSchema, valueSchemas } from '../../src/entities/schemas';
import type { SQL } from 'drizzle-orm';
import type { AnyEntity } from '../../src/entities/define';
import { accessOf, type Access } from '../crud/access';
import { listQuerySchema } from '../crud/list-query';
import { presentRecords } from '../crud/present';
import { list } from '../crud/read';
import {
  assignedToMeCondition,
  createDelegation,
  deleteDelegation,
  listDelegations,
  taskEventsAssignedToMeCondition,
} from '../services/delegation.service';
import { created, noContent, ok } from './schemas';

const tags = ['delegations'];
const delegation = z.object({
  uuid: z.string(),
  settings_group_uuid: z.string(),
  from_user_uuid: z.string(),
  from_name: z.string(),
  to_user_uuid: z.string(),
  to_name: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
  in_force: z.boolean(),
  links: z.object({ delete: z.string().optional() }),
});

export async function delegationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get(
    '/delegations',
    {
      schema: {
        tags,
        querystring: z.strictObject({ settings_group_uuid: z.uuid().optional() }),
        response: ok(z.object({ data: z.array(delegation) })),
      },
    },
    async (req) => ({
      data: await listDelegations(ctx, await accessOf(ctx, req), req.query.settings_group_uuid),
    }),
  );

  r.post(
    '/delegations',
    {
      schema: {
        tags,
        body: z.strictObject({
          settings_group_uuid: z.uuid(),
          to_user_uuid: z.uuid(),
          from_user_uuid: z.uuid().optional(),
          // the shared date schema: a real day in the years 1800 to 9999 (docs/hostile-input.md)
          valid_from: valueSchemas.date(),
          valid_to: valueSchemas.date(),
        }),
        response: created(z.object({ data: delegation })),
      },
    },
    async (req, reply) => {
      const data = await createDelegation(ctx, await accessOf(ctx, req), req.body);
      return reply.code(201).send({ data });
    },
  );

  r.delete(
    '/delegations/:uuid',
    { schema: { tags, params: z.object({ uuid: z.uuid() }), response: noContent } },
    async (req, reply) => {
      await deleteDelegation(ctx, await accessOf(ctx, req), req.params.uuid);
      return reply.code(204).send(null);
    },
  );

  // what is assigned to the caller or to the members delegating to them today, in the list query of the model
  const assignedToMe = (entity: AnyEntity, condition: (access: Access, sg?: string) => Promise<SQL>) =>
    r.get(
      `/${entity.plural}/assigned-to-me`,
      {
        schema: {
          tags: [entity.plural],
          querystring: listQuerySchema(entity),
          response: ok(
            z.object({
              data: z.array(recordSchema(entity)),
              meta: z.record(z.string(), z.unknown()),
              links: z.record(z.string(), z.string()),
            }),
          ),
        },
      },
      async (req) => {
        const access = await accessOf(ctx, req);
        const mine = await condition(access, req.query.settings_group_uuid);
        const page = await list(ctx, access, entity, req.query, mine);
        return { ...page, data: presentRecords(entity, access, page.data) };
      },
    );
  assignedToMe(entities.ticket, (access, sg) => assignedToMeCondition(ctx, access, sg));
  assignedToMe(entities.task, (access, sg) => assignedToMeCondition(ctx, access, sg, entities.task));
  assignedToMe(entities.task_event, (access, sg) => taskEventsAssignedToMeCondition(ctx, access, sg));
}
