// Facility archive with its related tasks (docs/planning-api.md); takes over the generic archive route.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entities } from '../../src/entities/registry';
import { recordSchema } from '../../src/entities/schemas';
import { accessOf } from '../crud/access';
import { getRow } from '../crud/read';
import { presentRecord } from '../crud/present';
import { archiveFacility, relatedTasks } from '../services/facility-cascade.service';
import { ok } from './schemas';

const params = z.object({ uuid: z.uuid() });
export const FACILITY_ARCHIVE_ROUTE = 'POST /facilities/:uuid/archive';

export async function facilityCascadeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  r.get(
    '/facilities/:uuid/related-tasks',
    {
      schema: { tags: ['facilities'], params, response: ok(z.object({ data: z.array(recordSchema(entities.task)) })) },
    },
    async (req) => ({ data: await relatedTasks(ctx, await accessOf(ctx, req), req.params.uuid) }),
  );
  r.post(
    '/facilities/:uuid/archive',
    {
      schema: {
        tags: ['facilities'],
        params,
        body: z.strictObject({ task_uuids: z.array(z.uuid()).max(1000).optional() }).nullish(),
        response: ok(
          z.object({
            data: recordSchema(entities.facility),
            meta: z.object({ affected: z.number(), tasks_archived: z.number() }),
          }),
        ),
      },
    },
    async (req) => {
      const access = await accessOf(ctx, req);
      const meta = await archiveFacility(ctx, access, req.params.uuid, req.body?.task_uuids ?? []);
      const row = await getRow(ctx, access, entities.facility, req.params.uuid);
      return { data: presentRecord(entities.facility, access, row), meta };
    },
  );
}
