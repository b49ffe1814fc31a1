// `GET /attribute-definitions` (docs/domain/attributes.md, "Definitions"): the live attributes of the caller's
// settings groups, for every member, so that grids, forms, imports and exports show them as fields. Writing them is
// the admins' (`/attributes`, an engine model). 401 signed out; a settings group the caller is not in is a 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ATTRIBUTE_MODELS, byAttributeOrder, type AttributeDef } from '../../src/domain/attributes';
import { accessOf } from '../crud/access';
import { attributeDefs } from '../models/attribute';
import { notFound } from '../http-error';
import { ok } from './schemas';

const query = z.strictObject({
  settings_group_uuid: z.uuid().optional(),
  model: z.enum(ATTRIBUTE_MODELS).optional(),
});

const definition = z.object({
  uuid: z.string(),
  settings_group_uuid: z.string(),
  model: z.string(),
  key: z.string(),
  type: z.string(),
  required: z.boolean(),
  searchable: z.boolean(),
  /** A date attribute's dates are a kind of the deadline calendar. */
  calendar: z.boolean(),
  default: z.unknown(),
  options: z.array(z.object({ value: z.string(), labels: z.record(z.string(), z.string()).optional() })),
  labels: z.record(z.string(), z.string()),
  section: z.string().nullable(),
  sort_order: z.number(),
});

export async function attributesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  r.get(
    '/attribute-definitions',
    {
      schema: {
        tags: ['attributes'],
        querystring: query,
        response: ok(z.object({ data: z.array(definition) })),
      },
    },
    async (req) => {
      const access = await accessOf(ctx, req);
      const { settings_group_uuid: sg, model } = req.query;
      if (sg && !access.roles.has(sg)) throw notFound();
      const groups = sg ? [sg] : access.groups;
      const defs: AttributeDef[] = await attributeDefs(ctx.db, groups, model ? [model] : ATTRIBUTE_MODELS);
      return {
        data: defs.sort(byAttributeOrder).map((d) => ({
          uuid: String(d.uuid),
          settings_group_uuid: String(d.settings_group_uuid),
          model: d.model,
          key: d.key,
          type: d.type,
          required: d.required === true,
          searchable: d.searchable === true,
          calendar: d.calendar === true,
          default: d.default ?? null,
          options: d.options ?? [],
          labels: (d.labels ?? {}) as Record<string, string>,
          section: d.section ?? null,
          sort_order: d.sort_order ?? 0,
        })),
      };
    },
  );
}
