// Task and task event actions (docs/planning-api.md): activate, deactivate; done, skip, reschedule; workload.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_YEAR, MIN_YEAR } from '../../src/entities/schemas';
import { entities } from '../../src/entities/registry';
import { valueSchemas } from '../../src/entities/schemas';
import { accessOf } from '../crud/access';
import { finishEvent, rejoinSeries, reschedule, setTaskActive } from '../services/task-actions.service';
import { workload } from '../services/workload.service';
import { actionRoute, commentBody } from './record-action';
import { ok } from './schemas';

const date = valueSchemas.date();
const listOf = <T extends z.ZodType>(item: T) =>
  z.union([item.transform((v) => [v]), z.array(item).max(200)]).transform((v) => v as z.output<T>[]);

export async function taskRoutes(app: FastifyInstance) {
  actionRoute(app, entities.task, 'activate', null, (ctx, access, uuid) => setTaskActive(ctx, access, uuid, true));
  actionRoute(app, entities.task, 'deactivate', null, (ctx, access, uuid) => setTaskActive(ctx, access, uuid, false));
  actionRoute(app, entities.task_event, 'done', commentBody, (ctx, access, uuid, body) =>
    finishEvent(ctx, access, uuid, 'done', body.comment),
  );
  actionRoute(app, entities.task_event, 'skip', commentBody, (ctx, access, uuid, body) =>
    finishEvent(ctx, access, uuid, 'skip', body.comment),
  );
  actionRoute(
    app,
    entities.task_event,
    'reschedule',
    z.strictObject({ due_date: date, scope: z.enum(['this', 'following', 'all']) }),
    async (ctx, access, uuid, body) => {
      const created = await reschedule(ctx, access, uuid, body.due_date as string, body.scope);
      return created ? { meta: { task_uuid: created } } : undefined;
    },
  );

  // undoes a "this and following" move: replies the series it joined back
  actionRoute(app, entities.task, 'rejoin', null, async (ctx, access, uuid) => {
    const original = await rejoinSeries(ctx, access, uuid);
    return { reply: original, meta: { task_uuid: original } };
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/tasks/workload',
    {
      schema: {
        tags: ['tasks'],
        querystring: z.strictObject({
          // the first month; with up to 36 months after it, the last must still be a storable date
          from: z
            .string()
            .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'errors.date')
            .refine(
              (v) => Number(v.slice(0, 4)) >= MIN_YEAR && Number(v.slice(0, 4)) <= MAX_YEAR - 3,
              'errors.date_range',
            ),
          months: z.coerce.number().int().min(1).max(36).optional(),
          settings_group_uuid: z.uuid().optional(),
          property_uuids: listOf(z.uuid()).optional(),
        }),
        response: ok(
          z.object({
            data: z.array(
              z.object({
                month: z.string(),
                property_uuid: z.string(),
                property_name: z.string(),
                hours: z.string(),
                cost: z.string(),
              }),
            ),
          }),
        ),
      },
    },
    async (req) => ({ data: await workload(app.ctx, await accessOf(app.ctx, req), req.query) }),
  );
}
