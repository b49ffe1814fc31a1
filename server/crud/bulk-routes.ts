// Bulk routes for every model of the registry (docs/spreadsheet-api.md): PATCH /{plural},
// POST /{plural}/bulk, POST /{plural}/bulk-archive|bulk-restore|bulk-delete, each with ?dry_run=1. A bespoke model
// opts out of a path through `skip` (e.g. `PATCH /tickets`), as with crudRoutes.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entityList } from '../../src/entities/registry';
import type { AnyEntity } from '../../src/entities/define';
import { isoDateTime } from '../../src/entities/schemas';
import type { Locale } from '../../src/entities/account';
import { accessOf, assertReachesSome, writeRouteConfig, type Access } from './access';
import { presentRecord, type Row } from './present';
import { MAX_BULK_ROWS, bulkCreate, bulkUpdate } from './bulk';
import { bulkAction, type BulkAction } from './bulk-actions';
import { RowsInvalid, sendRowErrors } from './row-errors';
import { errorReplies } from '../routes/schemas';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const querystring = z.strictObject({ dry_run: flag.optional() });
const rowsBody = z.strictObject({
  rows: z.array(z.record(z.string(), z.unknown())).min(1).max(MAX_BULK_ROWS),
  skip_invalid: z.boolean().optional(),
});
const actionBody = z.strictObject({
  rows: z
    .array(z.strictObject({ uuid: z.uuid(), updated_at: isoDateTime().optional() }))
    .min(1)
    .max(MAX_BULK_ROWS),
});
const reply = z.object({
  data: z.array(z.unknown()),
  meta: z.record(z.string(), z.unknown()),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** Runs a bulk service; rows that fail become the 422 of docs/spreadsheet-api.md. */
async function answer<T>(res: FastifyReply, locale: Locale, code: number, work: () => Promise<T>) {
  try {
    return res.code(code).send(await work());
  } catch (err) {
    if (err instanceof RowsInvalid) return sendRowErrors(res, locale, err.errors);
    throw err;
  }
}

/** A bulk reply with each row's record presented. */
function withRecords<T extends { data: { record?: Row }[] }>(entity: AnyEntity, access: Access, reply: T) {
  return {
    ...reply,
    data: reply.data.map((r) => (r.record ? { ...r, record: presentRecord(entity, access, r.record) } : r)),
  };
}

export function bulkRoutes(skip: Set<string> = new Set()) {
  return async (app: FastifyInstance) => {
    for (const entity of entityList) registerBulk(app, entity, skip);
  };
}

function registerBulk(app: FastifyInstance, entity: AnyEntity, skip: Set<string>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const base = `/${entity.plural}`;
  const tags = [entity.plural];
  const response = { 200: reply, 201: reply, ...errorReplies };
  // a superusers' table refuses anyone else's writes before the body is validated (access.ts, `assertWrites`)
  const config = writeRouteConfig(entity);
  const accessTo = async (req: Parameters<typeof accessOf>[1]): Promise<Access> => {
    const access = await accessOf(ctx, req);
    assertReachesSome(access, entity);
    return access;
  };

  if (!skip.has(`PATCH ${base}`))
    r.patch(base, { config, schema: { tags, querystring, body: rowsBody, response } }, async (req, res) => {
      const o = { dryRun: req.query.dry_run ?? false, skipInvalid: req.body.skip_invalid ?? false, locale: req.locale };
      return answer(res, req.locale, 200, async () => {
        const access = await accessTo(req);
        return withRecords(entity, access, await bulkUpdate(ctx, access, entity, req.body.rows, o));
      });
    });

  // Records that are stored files come from uploads only (EntityDefinition.createdByUpload).
  if (!skip.has(`POST ${base}/bulk`) && !entity.createdByUpload)
    r.post(`${base}/bulk`, { config, schema: { tags, querystring, body: rowsBody, response } }, async (req, res) => {
      const dryRun = req.query.dry_run ?? false;
      const o = { dryRun, skipInvalid: req.body.skip_invalid ?? false, locale: req.locale };
      return answer(res, req.locale, dryRun ? 200 : 201, async () => {
        const access = await accessTo(req);
        const made = await bulkCreate(ctx, access, entity, req.body.rows, o);
        return { ...made, data: made.data.map((row) => row && presentRecord(entity, access, row)) };
      });
    });

  for (const action of ['archive', 'restore', 'delete'] as BulkAction[]) {
    if (skip.has(`POST ${base}/bulk-${action}`)) continue;
    r.post(
      `${base}/bulk-${action}`,
      { config, schema: { tags, querystring, body: actionBody, response } },
      async (req, res) => {
        const o = { dryRun: req.query.dry_run ?? false, locale: req.locale };
        return answer(res, req.locale, 200, async () => {
          const access = await accessTo(req);
          return withRecords(entity, access, await bulkAction(ctx, access, entity, action, req.body.rows, o));
        });
      },
    );
  }
}
