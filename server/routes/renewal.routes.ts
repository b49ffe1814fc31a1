// The renewal forecast (docs/analytics-api.md, "Renewal forecast"): a thin route over renewal.service.ts, taking
// the facilities list's filter like a chart (validated by the list's own schema: a 422 names the field).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renewalForecastQuery, renewalForecastReply, renewalForecastRule } from '../../src/entities/analytics';
import { facility } from '../../src/entities/facility';
import { accessOf } from '../crud/access';
import { listQuerySchema } from '../crud/list-query';
import { lazySchema } from '../lazy-schemas';
import { forecast } from '../services/renewal.service';
import { ok } from './schemas';

export async function renewalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  r.get(
    '/renewal/forecast',
    {
      schema: {
        tags: ['analytics'],
        querystring: lazySchema(() =>
          renewalForecastQuery
            .extend({ filter: listQuerySchema(facility).shape.filter })
            .superRefine(renewalForecastRule),
        ),
        response: ok(z.object({ data: renewalForecastReply })),
      },
    },
    async (req) => ({ data: await forecast(ctx, await accessOf(ctx, req), req.query) }),
  );
}
