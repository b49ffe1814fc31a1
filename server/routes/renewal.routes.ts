// The renewal forecast (docs/analytics-api.md, "Renewal forecast"): a thin route over renewal.service.ts, taking
// the facilities list's filter like a chart (validated by the list's own schema: a 422 names the field); and the
// insurance values' re-indexing (docs/domain/calculations.md, "Insurance values") over insurance.service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reindexInsuranceBody,
  renewalConditionQuery,
  renewalConditionReply,
  reindexInsuranceReply,
  renewalForecastQuery,
  renewalForecastReply,
  renewalForecastRule,
} from '../../src/entities/analytics';
import { property } from '../../src/entities/property';
import { facility } from '../../src/entities/facility';
import { accessOf, todayAt, writeRouteConfig } from '../crud/access';
import { RowsInvalid, sendRowErrors } from '../crud/row-errors';
import { listQuerySchema } from '../crud/list-query';
import { lazySchema } from '../lazy-schemas';
import { condition, forecast } from '../services/renewal.service';
import { reindexInsuranceValues } from '../services/insurance.service';
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
  r.get(
    '/renewal/condition',
    {
      schema: {
        tags: ['analytics'],
        querystring: lazySchema(() => renewalConditionQuery.extend({ filter: listQuerySchema(facility).shape.filter })),
        response: ok(z.object({ data: renewalConditionReply })),
      },
    },
    async (req) => ({ data: await condition(ctx, await accessOf(ctx, req), req.query) }),
  );
  r.post(
    '/properties/reindex-insurance',
    {
      config: writeRouteConfig(property),
      schema: {
        tags: ['properties'],
        body: lazySchema(() => reindexInsuranceBody),
        response: ok(lazySchema(() => reindexInsuranceReply)),
      },
    },
    async (req, res) => {
      const access = await accessOf(ctx, req);
      const o = { today: access.today ?? todayAt(undefined), locale: req.locale };
      try {
        return res.send(await reindexInsuranceValues(ctx, access, req.body, o));
      } catch (err) {
        // a re-indexed value the column cannot hold (far beyond any building's value) names the property's row
        if (err instanceof RowsInvalid) return sendRowErrors(res, req.locale, err.errors);
        throw err;
      }
    },
  );
}
