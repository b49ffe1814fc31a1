// Generic routes for every model of the registry (docs/domain/api.md, "Records, links and actions"): list, get, create,
// update, delete, archive, restore, the subtree of tree models, and each model's declared actions. A bespoke route
// file may take a generic route over (escape hatch: the model's `overrides`, server/models).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entityList } from '../../src/entities/registry';
import { createSchema, recordSchema, updateSchema } from '../../src/entities/schemas';
import type { AnyEntity } from '../../src/entities/define';
import { accessOf } from './access';
import { listQuerySchema } from './list-query';
import { getRow, getRows, list } from './read';
import { create, setArchived, softDelete, subtree, update } from './write';
import { presentRecord, presentRecords } from './present';
import { actionRoutes } from './actions';
import { overrides, type GenericRoute, type Warning } from './model-behaviour';
import { warningSchema, warningsMeta } from './warnings';
import { errorReplies } from '../routes/schemas';
import { translate } from '../i18n/messages';

const params = z.object({ uuid: z.uuid() });
const ifMatch = z.object({ 'if-match': z.string().max(100).optional() }).passthrough();

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
  const record = recordSchema(entity);
  const one = z.object({ data: record });
  const written = one.extend({ meta: z.object({ warnings: z.array(warningSchema) }).optional() });
  const tags = [entity.plural];
  const read = async (req: Parameters<typeof accessOf>[1], uuid: string) => {
    const access = await accessOf(ctx, req);
    return { data: presentRecord(entity, access, await getRow(ctx, access, entity, uuid)) };
  };
  const on = (route: GenericRoute, register: () => void) => !overrides(entity, route) && register();

  on('list', () =>
    r.get(
      base,
      {
        schema: {
          tags,
          querystring: listQuerySchema(entity),
          response: {
            200: z.object({
              data: z.array(record),
              meta: z.record(z.string(), z.unknown()),
              links: z.record(z.string(), z.string()),
            }),
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

  on('create', () =>
    r.post(
      base,
      { schema: { tags, body: createSchema(entity), response: { 201: written, ...errorReplies } } },
      async (req, reply) => {
        const warnings: Warning[] = [];
        const uuid = await create(ctx, await accessOf(ctx, req), entity, req.body as Record<string, unknown>, {
          warnings,
        });
        return reply.code(201).send({ ...(await read(req, uuid)), ...warningsMeta(req.locale, warnings) });
      },
    ),
  );

  on('update', () =>
    r.patch(
      `${base}/:uuid`,
      {
        schema: {
          tags,
          params,
          headers: ifMatch,
          body: updateSchema(entity),
          response: { 200: written, 409: errorReplies[404], ...errorReplies },
        },
      },
      async (req) => {
        const version = req.headers['if-match']?.replace(/^W\//, '').replace(/"/g, '');
        const warnings: Warning[] = [];
        await update(
          ctx,
          await accessOf(ctx, req),
          entity,
          req.params.uuid,
          req.body as Record<string, unknown>,
          version,
          { warnings },
        );
        return { ...(await read(req, req.params.uuid)), ...warningsMeta(req.locale, warnings) };
      },
    ),
  );

  on('delete', () =>
    r.delete(
      `${base}/:uuid`,
      { schema: { tags, params, response: { 200: z.object({ message: z.string() }), ...errorReplies } } },
      async (req) => {
        await softDelete(ctx, await accessOf(ctx, req), entity, req.params.uuid);
        return { message: translate(req.locale, 'records.deleted') };
      },
    ),
  );

  for (const action of ['archive', 'restore'] as const) {
    on(action, () =>
      r.post(
        `${base}/:uuid/${action}`,
        {
          schema: {
            tags,
            params,
            response: { 200: one.extend({ meta: z.object({ affected: z.number() }) }), ...errorReplies },
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

  if (entity.tree)
    on('descendants', () =>
      r.get(
        `${base}/:uuid/descendants`,
        { schema: { tags, params, response: { 200: z.object({ data: z.array(record) }), ...errorReplies } } },
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
