// One record action route: POST /api/v1/{plural}/{uuid}/{action} with an optional body; replies the record as it
// is after the action ({ data, meta? }), the shape of the generic routes (or, for an action that removes the record,
// the record it names in `reply`).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AnyEntity } from '../../src/entities/define';
import { recordSchema } from '../../src/entities/schemas';
import type { AppContext } from '../context';
import { accessOf, type Access } from '../crud/access';
import { getRow } from '../crud/read';
import { presentRecord } from '../crud/present';
import { errorReplies } from './schemas';

const params = z.object({ uuid: z.uuid() });

export type ActionResult = { meta?: Record<string, unknown>; reply?: string } | void;

export function actionRoute<B extends z.ZodType>(
  app: FastifyInstance,
  entity: AnyEntity,
  action: string,
  body: B | null,
  run: (ctx: AppContext, access: Access, uuid: string, body: z.output<B>) => Promise<ActionResult>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reply = z.object({ data: recordSchema(entity), meta: z.record(z.string(), z.unknown()).optional() });
  r.post(
    `/${entity.plural}/:uuid/${action}`,
    {
      schema: {
        tags: [entity.plural],
        params,
        ...(body ? { body } : {}),
        response: { 200: reply, 409: errorReplies[404], ...errorReplies },
      },
    },
    async (req) => {
      const access = await accessOf(app.ctx, req);
      const result = await run(app.ctx, access, req.params.uuid, (req.body ?? {}) as z.output<B>);
      const row = await getRow(app.ctx, access, entity, result?.reply ?? req.params.uuid);
      return { data: presentRecord(entity, access, row), ...(result?.meta ? { meta: result.meta } : {}) };
    },
  );
}

/** The body of actions that take an optional comment. */
export const commentBody = z.strictObject({ comment: z.string().trim().max(2000).nullable().optional() });
