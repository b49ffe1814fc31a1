// Generic routes for every model of the registry (docs/domain/api.md, "Records, links and actions"): list, get, create,
// update, delete, archive, restore, the subtree of tree models, and each model's declared actions. A bespoke route
// file may take a generic route over (escape hatch: the model's `overrides`, server/models).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entityList } from '../../src/entities/registry';
import { createSchema, updateSchema } from '../../src/entities/schemas';
import type { AnyEntity } from '../../src/entities/define';
import { accessOf, writeRouteConfig } from './access';
import { listQuerySchema } from './list-query';
import { getRow, getRows, list } from './read';
import { create, setArchived, softDelete, subtree, update } from './write';
import { presentRecord, presentRecords } from './present';
import { actionRoutes } from './actions';
import {
  deleteArchives,
  deleteReplyOf,
  overrides,
  writeInputOf,
  type GenericRoute,
  type Warning,
} from './model-behaviour';
import { warningSchema, warningsMeta } from './warnings';
import { errorReplies, messageReply } from '../routes/schemas';
import { translate } from '../i18n/messages';
import { lazyRecordSchema, lazySchema } from '../lazy-schemas';
import { recordHistory } from '../audit/history';
import { createTargets } from './record-settings';
import type { ValuesOf } from './model-settings';
import { fieldError } from '../http-error';

const params = z.object({ uuid: z.uuid() });
const historyReply = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      user: z.object({ uuid: z.string(), name: z.string() }).nullable(),
      action: z.string(),
      details: z.record(z.string(), z.unknown()),
      created_at: z.string(),
    }),
  ),
});
const ifMatch = z.object({ 'if-match': z.string().max(100).optional() }).passthrough();
const deleted = z.object({ message: z.string() });
/** The model's settings a create's `prepare` read, by request, for its write. */
const readSettings = new WeakMap<FastifyRequest, ReadonlyMap<string, ValuesOf<AnyEntity>>>();

/** A stale version, an archived record, or a change that waits for the caller's word with what it would do (`dry_run`:
 * an attribute's change of type whose values do not all convert, docs/domain/attributes.md). */
const conflictReply = messageReply.extend({ dry_run: z.record(z.string(), z.unknown()).optional() });
export async function crudRoutes(app: FastifyInstance) {
  for (const entity of entityList) {
    registerEntity(app, entity);
    actionRoutes(app, entity);
  }
}

function registerEntity(app: FastifyInstance, entity: AnyEntity) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const base = `/${entity.plural}`;
  // built on a route's first use, not at start (server/lazy-schemas.ts)
  const record = lazyRecordSchema(entity);
  const one = lazySchema(() => z.object({ data: record }));
  const written = lazySchema(() =>
    z.object({ data: record, meta: z.object({ warnings: z.array(warningSchema) }).optional() }),
  );
  const tags = [entity.plural];
  // a superusers' table refuses anyone else's writes before the body is validated (access.ts, `assertWrites`)
  const config = writeRouteConfig(entity);
  const read = async (req: Parameters<typeof accessOf>[1], uuid: string) => {
    const access = await accessOf(ctx, req);
    return { data: presentRecord(entity, access, await getRow(ctx, access, entity, uuid)) };
  };
  const on = (route: GenericRoute, register: () => void) => !overrides(entity, route) && register();
  // what the model's writes take beside the values (model-behaviour.ts, `input`), split off the body and query
  const extra = writeInputOf(entity);
  const query = Object.keys(extra.query).length ? { querystring: lazySchema(() => z.strictObject(extra.query)) } : {};
  const inputOf = (body: unknown, q: unknown) => {
    const values = { ...(body as Record<string, unknown>) };
    const input: Record<string, unknown> = { ...(q as Record<string, unknown>) };
    for (const key of Object.keys(extra.body)) {
      if (key in values) input[key] = values[key];
      delete values[key];
    }
    return { values, input };
  };

  on('list', () =>
    r.get(
      base,
      {
        schema: {
          tags,
          querystring: lazySchema(() => listQuerySchema(entity)),
          response: {
            200: lazySchema(() =>
              z.object({
                data: z.array(record),
                meta: z.record(z.string(), z.unknown()),
                links: z.record(z.string(), z.string()),
              }),
            ),
            ...errorReplies,
          },
        },
      },
      async (req) => {
        const access = await accessOf(ctx, req);
        const page = await list(ctx, access, entity, req.query);
        return { ...page, data: presentRecords(entity, access, page.data) };
      },
    ),
  );

  on('get', () =>
    r.get(`${base}/:uuid`, { schema: { tags, params, response: { 200: one, ...errorReplies } } }, (req) =>
      read(req, req.params.uuid),
    ),
  );

  // a new record takes its settings group's default values for the fields it leaves out, before it is validated;
  // a settings group where the model is switched off is refused first (docs/domain/fields.md, "Model settings")
  const prepareCreate = async (req: FastifyRequest) => {
    const targets = await createTargets(ctx.db, await accessOf(ctx, req), entity, [req.body]);
    const settings = targets.settingsOf(0);
    if (settings && !settings.enabled) throw fieldError('settings_group_uuid', 'validation.model_disabled');
    if (targets.templateMissing(0)) throw fieldError('template_uuid', 'validation.template_not_found');
    req.body = targets.rowWithDefaults(0);
    readSettings.set(req, targets.settings); // the write reads them no more
  };

  on('create', () =>
    r.post(
      base,
      {
        config: { ...config, prepare: prepareCreate },
        schema: {
          tags,
          ...query,
          body: lazySchema(() => createSchema(entity).extend(extra.body)),
          response: { 201: written, ...errorReplies },
        },
      },
      async (req, reply) => {
        const warnings: Warning[] = [];
        const { values, input } = inputOf(req.body, req.query);
        const settings = readSettings.get(req);
        const uuid = await create(ctx, await accessOf(ctx, req), entity, values, { warnings, input, settings });
        return reply.code(201).send({ ...(await read(req, uuid)), ...warningsMeta(req.locale, warnings) });
      },
    ),
  );

  on('update', () =>
    r.patch(
      `${base}/:uuid`,
      {
        config,
        schema: {
          tags,
          params,
          headers: ifMatch,
          body: lazySchema(() => updateSchema(entity).extend(extra.body)),
          response: { 200: written, 409: conflictReply, ...errorReplies },
        },
      },
      async (req) => {
        const version = req.headers['if-match']?.replace(/^W\//, '').replace(/"/g, '');
        const warnings: Warning[] = [];
        const { values, input } = inputOf(req.body, {});
        await update(ctx, await accessOf(ctx, req), entity, req.params.uuid, values, version, { warnings, input });
        return { ...(await read(req, req.params.uuid)), ...warningsMeta(req.locale, warnings) };
      },
    ),
  );

  // 200 with a message, or 204 for a model that answered so before it moved onto the engine (`deleteReply`)
  const noContent = deleteReplyOf(entity) === 'no-content';
  on('delete', () =>
    r.delete(
      `${base}/:uuid`,
      {
        config,
        schema: {
          tags,
          params,
          ...query,
          response: { ...(noContent ? { 204: lazySchema(() => z.null()) } : { 200: deleted }), ...errorReplies },
        },
      },
      async (req, reply) => {
        const access = await accessOf(ctx, req);
        if (deleteArchives(entity)) await setArchived(ctx, access, entity, req.params.uuid, true);
        else await softDelete(ctx, access, entity, req.params.uuid, inputOf({}, req.query).input);
        // the typed reply knows the 200 only (the 204 is the model's own, declared above)
        if (noContent) return (reply as unknown as FastifyReply).code(204).send(null);
        return { message: translate(req.locale, 'records.deleted') };
      },
    ),
  );

  for (const action of ['archive', 'restore'] as const) {
    on(action, () =>
      r.post(
        `${base}/:uuid/${action}`,
        {
          config,
          schema: {
            tags,
            params,
            response: {
              200: lazySchema(() => z.object({ data: record, meta: z.object({ affected: z.number() }) })),
              ...errorReplies,
            },
          },
        },
        async (req) => {
          const affected = await setArchived(
            ctx,
            await accessOf(ctx, req),
            entity,
            req.params.uuid,
            action === 'archive',
          );
          return { ...(await read(req, req.params.uuid)), meta: { affected } };
        },
      ),
    );
  }

  // an audited model's record tells its history (docs/domain/permissions.md, "Audit log"): read in the caller's scope
  if (entity.audit)
    on('history', () =>
      r.get(
        `${base}/:uuid/history`,
        { schema: { tags, params, response: { 200: historyReply, ...errorReplies } } },
        async (req) => {
          const access = await accessOf(ctx, req);
          await getRow(ctx, access, entity, req.params.uuid);
          return { data: await recordHistory(ctx.db, entity.name, req.params.uuid) };
        },
      ),
    );

  if (entity.tree)
    on('descendants', () =>
      r.get(
        `${base}/:uuid/descendants`,
        {
          schema: {
            tags,
            params,
            response: { 200: lazySchema(() => z.object({ data: z.array(record) })), ...errorReplies },
          },
        },
        async (req) => {
          const access = await accessOf(ctx, req);
          await getRow(ctx, access, entity, req.params.uuid);
          const ids = (await subtree(ctx.db, entity, req.params.uuid)).filter((u) => u !== req.params.uuid);
          const rows = await getRows(ctx, access, entity, ids);
          return {
            data: presentRecords(
              entity,
              access,
              rows.filter((row) => !row.archived_at),
            ),
          };
        },
      ),
    );
}
