// Contract actions and lists beyond the records engine (docs/planning-api.md, "Contracts"): cancel, extend, the
// extension history, and the linked facilities (read from either side, replaced from the contract).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entities } from '../../src/entities/registry';
import { recordSchema, valueSchemas } from '../../src/entities/schemas';
import { accessOf } from '../crud/access';
import { cancelContract, extendContract, extensionsOf } from '../services/contract-actions.service';
import { contractsOf, facilitiesOf, setFacilities } from '../services/contract-facilities.service';
import { actionRoute } from './record-action';
import { errorReplies, ok } from './schemas';

const params = z.object({ uuid: z.uuid() });
const tags = ['contracts'];

export async function contractRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  actionRoute(
    app,
    entities.contract,
    'cancel',
    z
      .strictObject({
        cancellation_date: valueSchemas.date().nullable().optional(),
        confirmed: z.boolean().optional(),
      })
      .nullish(),
    (c, access, uuid, body) => cancelContract(c, access, uuid, (body ?? {}) as Parameters<typeof cancelContract>[3]),
  );
  actionRoute(
    app,
    entities.contract,
    'extend',
    z.strictObject({ extension_period: z.number().int().min(1).max(120).nullable().optional() }).nullish(),
    (c, access, uuid, body) => extendContract(c, access, uuid, body ?? {}),
  );

  r.get(
    '/contracts/:uuid/extensions',
    {
      schema: {
        tags,
        params,
        response: ok(
          z.object({
            data: z.array(
              z.object({
                uuid: z.string(),
                previous_end_date: z.string(),
                new_end_date: z.string(),
                months: z.number(),
                automatic: z.boolean(),
                created_at: z.string(),
                created_by: z.string().nullable(),
              }),
            ),
          }),
        ),
      },
    },
    async (req) => ({ data: await extensionsOf(ctx, await accessOf(ctx, req), req.params.uuid) }),
  );

  const facilityList = z.object({ data: z.array(recordSchema(entities.facility)) });
  r.get('/contracts/:uuid/facilities', { schema: { tags, params, response: ok(facilityList) } }, async (req) => ({
    data: await facilitiesOf(ctx, await accessOf(ctx, req), req.params.uuid),
  }));
  r.put(
    '/contracts/:uuid/facilities',
    {
      schema: {
        tags,
        params,
        body: z.strictObject({ facility_uuids: z.array(z.uuid()).max(1000) }),
        response: { 200: facilityList, 409: errorReplies[404], ...errorReplies },
      },
    },
    async (req) => {
      const access = await accessOf(ctx, req);
      await setFacilities(ctx, access, req.params.uuid, req.body.facility_uuids);
      return { data: await facilitiesOf(ctx, access, req.params.uuid) };
    },
  );
  r.get(
    '/facilities/:uuid/contracts',
    {
      schema: {
        tags: ['facilities'],
        params,
        response: ok(z.object({ data: z.array(recordSchema(entities.contract)) })),
      },
    },
    async (req) => ({ data: await contractsOf(ctx, await accessOf(ctx, req), req.params.uuid) }),
  );
}
