// Archive with the related tasks (docs/planning-api.md, "Archive cascade") for facilities and contracts; takes
// over their generic archive route (same reply, plus `meta.tasks_archived`; their models declare the override).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entities } from '../../src/entities/registry';
import { recordSchema } from '../../src/entities/schemas';
import { accessOf } from '../crud/access';
import { getRow } from '../crud/read';
import { presentRecord, presentRecords } from '../crud/present';
import { CASCADE_MODELS, archiveWithTasks, relatedTasks } from '../services/archive-cascade.service';
import { ok } from './schemas';

const params = z.object({ uuid: z.uuid() });

export async function archiveCascadeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  for (const entity of CASCADE_MODELS) {
    const tags = [entity.plural];
    r.get(
      `/${entity.plural}/:uuid/related-tasks`,
      { schema: { tags, params, response: ok(z.object({ data: z.array(recordSchema(entities.task)) })) } },
      async (req) => {
        const access = await accessOf(ctx, req);
        return {
          data: presentRecords(entities.task, access, await relatedTasks(ctx, access, entity, req.params.uuid)),
        };
      },
    );
    r.post(
      `/${entity.plural}/:uuid/archive`,
      {
        schema: {
          tags,
          params,
          body: z.strictObject({ task_uuids: z.array(z.uuid()).max(1000).optional() }).nullish(),
          response: ok(
            z.object({
              data: recordSchema(entity),
              meta: z.object({ affected: z.number(), tasks_archived: z.number() }),
            }),
          ),
        },
      },
      async (req) => {
        const access = await accessOf(ctx, req);
        const meta = await archiveWithTasks(ctx, access, entity, req.params.uuid, req.body?.task_uuids ?? []);
        const row = await getRow(ctx, access, entity, req.params.uuid);
        return { data: presentRecord(entity, access, row), meta };
      },
    );
  }
}
