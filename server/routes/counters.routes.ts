// A counter's consumption per period beyond the records engine (docs/planning-api.md, "Counters and readings"):
// `GET /counters/{uuid}/consumption?period=month|year&from=&to=`, linked from the counter as `links.consumption`
// (server/models/counter.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONSUMPTION_PERIODS } from '../../src/domain/consumption';
import { consumptionReply } from '../../src/entities/counter';
import { valueSchemas } from '../../src/entities/schemas';
import { accessOf } from '../crud/access';
import { fieldError } from '../http-error';
import { counterConsumption } from '../services/consumption.service';
import { ok } from './schemas';

export async function counterRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  r.get(
    '/counters/:uuid/consumption',
    {
      schema: {
        tags: ['counters'],
        params: z.object({ uuid: z.uuid() }),
        querystring: z.strictObject({
          period: z.enum(CONSUMPTION_PERIODS).default('month'),
          from: valueSchemas.date().optional(),
          to: valueSchemas.date().optional(),
        }),
        response: ok(consumptionReply),
      },
    },
    async (req) => {
      const q = req.query;
      if (q.from && q.to && q.to < q.from) throw fieldError('to', 'validation.end_before_start');
      return counterConsumption(ctx, await accessOf(ctx, req), req.params.uuid, q);
    },
  );
}
