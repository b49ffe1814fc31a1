// Task routes beyond the records engine (docs/planning-api.md): the workload (the actions of tasks and their events
// are declared in server/models/task.ts and task-event.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_YEAR, MIN_YEAR } from '../../src/entities/schemas';
import { accessOf } from '../crud/access';
import { workload } from '../services/workload.service';
import { ok } from './schemas';

const listOf = <T extends z.ZodType>(item: T) =>
  z.union([item.transform((v) => [v]), z.array(item).max(200)]).transform((v) => v as z.output<T>[]);

export async function taskRoutes(app: FastifyInstance) {
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
