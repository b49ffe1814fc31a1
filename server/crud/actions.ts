// Record actions (docs/domain/api.md, "Records, links and actions"): each action a model declares (model-behaviour.ts)
// becomes one route, POST /api/v1/{plural}/{uuid}/{action} with its body schema, replying the record as it is after
// the action ({ data, meta? }), the shape of the generic routes (or, for an action that removes the record, the
// record it names in `reply`). Its link comes from the same declaration (modelLinks).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AnyEntity } from '../../src/entities/define';
import { nextState } from '../../src/domain/transitions';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { HttpError, fieldError, forbidden } from '../http-error';
import { errorReplies } from '../routes/schemas';
import { accessOf, mayOnRecord, type Access } from './access';
import { getRow } from './read';
import { presentRecord, type Row } from './present';
import { behaviourOf, type ActionDef } from './model-behaviour';
import { warningsMeta } from './warnings';
import { lazyRecordSchema, lazySchema } from '../lazy-schemas';

/** A transaction: everything a `Db` does (it is one, so it goes wherever a `Db` goes), plus `rollback`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Transitions = Record<string, Record<string, string>>;

/** Runs `fn` in one transaction with the record (404 outside the caller's scope; unless `right` is 'read', 403
 * without the right to update and 409 when archived). */
export async function onRecord<T>(
  ctx: AppContext,
  access: Access,
  entity: AnyEntity,
  uuid: string,
  fn: (tx: Tx, row: Row, txCtx: AppContext) => Promise<T>,
  right: 'update' | 'read' = 'update',
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const row = await getRow(txCtx, access, entity, uuid);
    if (right === 'update') {
      if (!mayOnRecord(access, entity, row, 'update')) throw forbidden();
      if (row.archived_at) throw new HttpError(409, 'errors.archived');
    }
    return fn(tx, row, txCtx);
  });
}

/** The refusal of a state machine's action: a 422 on `status` unless the table allows it from the record's state. */
export const transitionRefusal =
  (table: Transitions | ((row: Row) => Transitions), action: string) =>
  (row: Row): Error | null =>
    nextState(typeof table === 'function' ? table(row) : table, String(row.status), action)
      ? null
      : fieldError('status', 'validation.transition', { state: String(row.status) });

/** The state `action` leads to from the record's status, or a 422 on `status`. */
export function transitionOf(table: Transitions, row: Row, action: string): string {
  const next = nextState(table, String(row.status), action);
  if (!next) throw fieldError('status', 'validation.transition', { state: String(row.status) });
  return next;
}

const params = z.object({ uuid: z.uuid() });

function actionRoute(app: FastifyInstance, entity: AnyEntity, action: ActionDef) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reply = lazySchema(() =>
    z.object({ data: lazyRecordSchema(entity), meta: z.record(z.string(), z.unknown()).optional() }),
  );
  r.post(
    `/${entity.plural}/:uuid/${action.name}`,
    {
      schema: {
        tags: [entity.plural],
        params,
        ...(action.body ? { body: action.body } : {}),
        response: { 200: reply, 409: errorReplies[404], ...errorReplies },
      },
    },
    async (req) => {
      const { ctx } = app;
      const access = await accessOf(ctx, req);
      const uuid = req.params.uuid;
      const result = await onRecord(
        ctx,
        access,
        entity,
        uuid,
        async (tx, row, txCtx) => {
          if (action.allowed && !action.allowed(access, row)) throw forbidden();
          const refused = action.refusal?.(row);
          if (refused) throw refused;
          return action.run({ ctx: txCtx, tx, access, uuid, row, body: req.body ?? {} });
        },
        action.right,
      );
      await result?.afterCommit?.();
      const row = await getRow(ctx, access, entity, result?.reply ?? uuid);
      const meta = { ...result?.meta, ...warningsMeta(req.locale, result?.warnings ?? []).meta };
      return { data: presentRecord(entity, access, row), ...(Object.keys(meta).length ? { meta } : {}) };
    },
  );
}

/** The routes of a model's actions. */
export function actionRoutes(app: FastifyInstance, entity: AnyEntity) {
  for (const action of behaviourOf(entity).actions ?? []) actionRoute(app, entity, action);
}
