// `GET /orders/{uuid}/totals` and `GET /bills/{uuid}/totals`: a document's lines' net, its own discount, net, VAT per rate, gross and payable
// total (docs/domain/calculations.md, "Document totals"; the record's `totals` link).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../crud/access';
import { billTotals, orderTotals } from '../services/document-totals.service';
import { ok } from './schemas';

const params = z.object({ uuid: z.uuid() });
const totals = z.object({
  data: z.object({
    subtotal: z.string(),
    discount_total: z.string(),
    net_total: z.string(),
    tax_total: z.string(),
    total: z.string(),
    payable_total: z.string(),
    rates: z.array(z.object({ rate: z.string(), net: z.string(), tax: z.string() })),
  }),
});

export async function documentTotalsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  r.get('/orders/:uuid/totals', { schema: { tags: ['orders'], params, response: ok(totals) } }, async (req) => ({
    data: await orderTotals(ctx, await accessOf(ctx, req), req.params.uuid),
  }));
  r.get('/bills/:uuid/totals', { schema: { tags: ['bills'], params, response: ok(totals) } }, async (req) => ({
    data: await billTotals(ctx, await accessOf(ctx, req), req.params.uuid),
  }));
}
