// The map, the charts and the dashboard tiles (docs/analytics-api.md): thin routes over map.service.ts,
// charts.service.ts and dashboard.service.ts. One route per chart and per tile, so each has its reply in the OpenAPI
// document; an unknown chart or tile is a 404 like any unknown path.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHARTS,
  TILES,
  chartQuery,
  chartRows,
  mapQuery,
  mapReply,
  tileQuery,
  tileReply,
} from '../../src/entities/analytics';
import { accessOf } from '../crud/access';
import { chartData, charts } from '../services/charts.service';
import { listQuerySchema } from '../crud/list-query';
import { tile } from '../services/dashboard.service';
import { mapPoints } from '../services/map.service';
import { ok } from './schemas';

export async function analyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get(
    '/map/properties',
    { schema: { tags: ['analytics'], querystring: mapQuery, response: ok(mapReply) } },
    async (req, reply) => {
      const { kpi, ...selection } = req.query;
      const body = await mapPoints(ctx, await accessOf(ctx, req), kpi, selection);
      // the database wrote the reply's JSON (map.service.ts): sent as it is
      return reply
        .type('application/json; charset=utf-8')
        .serializer((payload) => payload as string)
        .send(body);
    },
  );

  for (const chart of CHARTS)
    r.get(
      `/charts/${chart}`,
      {
        schema: {
          tags: ['analytics'],
          // the list's filter of the chart's model, validated by the list's own schema (422 naming the field)
          querystring: chartQuery.extend({ filter: listQuerySchema(charts[chart].entity).shape.filter }),
          response: ok(z.object({ data: z.array(chartRows[chart]) })),
        },
      },
      async (req) => ({ data: await chartData(ctx, await accessOf(ctx, req), chart, req.query) }),
    );

  for (const name of TILES)
    r.get(
      `/dashboard/tiles/${name}`,
      { schema: { tags: ['analytics'], querystring: tileQuery, response: ok(tileReply) } },
      async (req) => tile(ctx, await accessOf(ctx, req), name, req.query),
    );
}
