// Per-device table preferences and model views (docs/domain/preferences.md, "Preferences and views"): the grid saves its layout
// here, debounced.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { requireUser } from '../plugins/auth';
import { userModelViews, userTableSettings } from '../db/schema';
import { deviceSchema, modelViewBody, tableSettingsSchema, VIEWS } from '../../src/entities/account';
import { knownTableName } from '../../src/entities/registry';
import { translate } from '../i18n/messages';
import { messageReply, ok } from './schemas';

const device = z.strictObject({ device: deviceSchema });

export async function preferenceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const tags = ['preferences'];
  const one = (userId: number, dev: string, table: string) =>
    and(
      eq(userTableSettings.user_id, userId),
      eq(userTableSettings.device, dev),
      eq(userTableSettings.table_name, table),
    );

  r.get(
    '/user/table-settings',
    {
      schema: {
        tags,
        querystring: device,
        response: ok(z.object({ data: z.record(z.string(), tableSettingsSchema) })),
      },
    },
    async (req) => {
      const rows = await db
        .select()
        .from(userTableSettings)
        .where(and(eq(userTableSettings.user_id, requireUser(req).id), eq(userTableSettings.device, req.query.device)));
      return {
        data: Object.fromEntries(
          rows.map((row) => [row.table_name, row.settings as z.infer<typeof tableSettingsSchema>]),
        ),
      };
    },
  );

  r.put(
    '/user/table-settings/:table',
    {
      schema: {
        tags,
        params: z.object({ table: knownTableName }),
        querystring: device,
        body: tableSettingsSchema,
        response: ok(z.object({ data: tableSettingsSchema })),
      },
    },
    async (req) => {
      const user = requireUser(req);
      await db
        .insert(userTableSettings)
        .values({ user_id: user.id, device: req.query.device, table_name: req.params.table, settings: req.body })
        .onConflictDoUpdate({
          target: [userTableSettings.user_id, userTableSettings.device, userTableSettings.table_name],
          set: { settings: req.body, updated_at: new Date() },
        });
      return { data: req.body };
    },
  );

  r.delete(
    '/user/table-settings/:table',
    { schema: { tags, params: z.object({ table: knownTableName }), querystring: device, response: ok(messageReply) } },
    async (req) => {
      await db.delete(userTableSettings).where(one(requireUser(req).id, req.query.device, req.params.table));
      return { message: translate(req.locale, 'preferences.reset') };
    },
  );

  r.get(
    '/user-model-views',
    {
      schema: {
        tags,
        querystring: device,
        response: ok(z.object({ data: z.array(z.object({ model_name: z.string(), view: z.enum(VIEWS) })) })),
      },
    },
    async (req) => {
      const rows = await db
        .select({ model_name: userModelViews.model_name, view: userModelViews.view })
        .from(userModelViews)
        .where(and(eq(userModelViews.user_id, requireUser(req).id), eq(userModelViews.device, req.query.device)));
      return { data: rows as { model_name: string; view: (typeof VIEWS)[number] }[] };
    },
  );

  r.put(
    '/user-model-views/:model',
    {
      schema: {
        tags,
        params: z.object({ model: knownTableName }),
        querystring: device,
        body: modelViewBody,
        response: ok(z.object({ data: z.object({ model_name: z.string(), view: z.enum(VIEWS) }) })),
      },
    },
    async (req) => {
      const user = requireUser(req);
      await db
        .insert(userModelViews)
        .values({ user_id: user.id, device: req.query.device, model_name: req.params.model, view: req.body.view })
        .onConflictDoUpdate({
          target: [userModelViews.user_id, userModelViews.device, userModelViews.model_name],
          set: { view: req.body.view, updated_at: new Date() },
        });
      return { data: { model_name: req.params.model, view: req.body.view } };
    },
  );
}
