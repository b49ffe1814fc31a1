// What is assigned to the caller or to the members delegating to them today (docs/domain/permissions.md,
// "Delegation"): tickets, tasks and task events, in the list query of the model, narrowed by the delegation model's
// conditions (server/models/delegation.ts, `assigneesFor`).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import { entities } from '../../src/entities/registry';
import { recordSchema } from '../../src/entities/schemas';
import type { AnyEntity } from '../../src/entities/define';
import { accessOf, type Access } from '../crud/access';
import { listQuerySchema } from '../crud/list-query';
import { presentRecords } from '../crud/present';
import { list } from '../crud/read';
import { assignedToMeCondition, taskEventsAssignedToMeCondition } from '../models/delegation';
import { ok } from './schemas';

export async function assignedToMeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

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
        const page = await list(ctx, access, entity, req.query, { extra: mine });
        return { ...page, data: presentRecords(entity, access, page.data) };
      },
    );
  assignedToMe(entities.ticket, (access, sg) => assignedToMeCondition(ctx, access, sg));
  assignedToMe(entities.task, (access, sg) => assignedToMeCondition(ctx, access, sg, entities.task));
  assignedToMe(entities.task_event, (access, sg) => taskEventsAssignedToMeCondition(ctx, access, sg));
}
