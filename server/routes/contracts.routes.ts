// Contract lists beyond the records engine (docs/planning-api.md, "Contracts"): the extension history and the linked
// facilities (read from either side, replaced from the contract); cancel and extend are actions declared in
// server/models/contract.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entities } from '../../src/entities/registry';
import { recordSchema } from '../../src/entities/schemas';
import { accessOf, type Access } from '../crud/access';
import { presentRecords } from '../crud/present';
import type { AppContext } from '../context';
import { extensionsOf } from '../services/contract-actions.service';
import { contractsOf, facilitiesOf, setFacilities } from '../services/contract-facilities.service';
import { errorReplies, ok } from './schemas';

const params = z.object({ uuid: z.uuid() });
const tags = ['contracts'];

/** The facilities linked to a contract, as the API replies them. */
const linkedFacilities = async (ctx: AppContext, access: Access, uuid: string) =>
  presentRecords(entities.facility, access, await facilitiesOf(ctx, access, uuid));

export async function contractRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
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
    data: await linkedFacilities(ctx, await accessOf(ctx, req), req.params.uuid),
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
      return { data: await linkedFacilities(ctx, access, req.params.uuid) };
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
    async (req) => {
      const access = await accessOf(ctx, req);
      return { data: presentRecords(entities.contract, access, await contractsOf(ctx, access, req.params.uuid)) };
    },
  );
}
