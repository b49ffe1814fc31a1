// Ticket routes beyond the records engine (docs/planning-api.md): followers, comments and create-order (the
// transitions, delegate, assign, follow and unfollow are actions declared in server/models/ticket.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entities } from '../../src/entities/registry';
import { recordSchema } from '../../src/entities/schemas';
import { accessOf } from '../crud/access';
import { getRow } from '../crud/read';
import { presentRecord, presentRecords } from '../crud/present';
import { followers, listComments, orderFromTicket, postComment } from '../services/ticket.service';
import { created, ok } from './schemas';

const params = z.object({ uuid: z.uuid() });
const tags = ['tickets'];

export async function ticketRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  r.get(
    '/tickets/:uuid/followers',
    {
      schema: {
        tags,
        params,
        response: ok(
          z.object({
            data: z.array(z.object({ user_uuid: z.string(), name: z.string() })),
            meta: z.object({ following: z.boolean() }),
          }),
        ),
      },
    },
    async (req) => followers(ctx, await accessOf(ctx, req), req.params.uuid),
  );

  const comment = recordSchema(entities.ticket_comment);
  r.get(
    '/tickets/:uuid/comments',
    { schema: { tags, params, response: ok(z.object({ data: z.array(comment) })) } },
    async (req) => {
      const access = await accessOf(ctx, req);
      return {
        data: presentRecords(entities.ticket_comment, access, await listComments(ctx, access, req.params.uuid)),
      };
    },
  );
  r.post(
    '/tickets/:uuid/comments',
    {
      schema: {
        tags,
        params,
        body: z.strictObject({ body: z.string().trim().min(1).max(5000) }),
        response: created(z.object({ data: comment })),
      },
    },
    async (req, reply) => {
      const access = await accessOf(ctx, req);
      const uuid = await postComment(ctx, access, req.params.uuid, req.body.body);
      const row = await getRow(ctx, access, entities.ticket_comment, uuid);
      return reply.code(201).send({ data: presentRecord(entities.ticket_comment, access, row) });
    },
  );

  r.post(
    '/tickets/:uuid/create-order',
    {
      schema: {
        tags,
        params,
        body: z.strictObject({ kind: z.enum(['internal', 'external']), contact_uuid: z.uuid().nullable().optional() }),
        response: created(z.object({ data: recordSchema(entities.order) })),
      },
    },
    async (req, reply) => {
      const access = await accessOf(ctx, req);
      const uuid = await orderFromTicket(ctx, access, req.params.uuid, req.body);
      const row = await getRow(ctx, access, entities.order, uuid);
      return reply.code(201).send({ data: presentRecord(entities.order, access, row) });
    },
  );
}
