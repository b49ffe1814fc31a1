// Saved grid views (docs/domain/preferences.md, "Saved views"): named queries of a table, personal or shared with a settings group.
// Everyone in the group sees its shared views; the owner, or an admin of the group for a shared view, may change
// or delete one. Another user's personal view is a 404 like a missing one (docs/domain/security.md,
// "Another workspace's record").
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  gridViewBody,
  gridViewSchema,
  gridViewUpdateBody,
  type GridView,
  type GridViewQuery,
} from '../../src/entities/account';
import { accessOf, type Access } from '../crud/access';
import { gridViews, users } from '../db/schema';
import { fieldError, forbidden, notFound } from '../http-error';
import { translate } from '../i18n/messages';
import { created, messageReply, ok } from './schemas';
import { knownTableName } from '../../src/entities/registry';

const uuidParams = z.object({ uuid: z.uuid() });
type Row = typeof gridViews.$inferSelect & { owner_name: string };

export async function gridViewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { db } = ctx;
  const tags = ['preferences'];
  const base = '/api/v1/grid-views';

  const mayChange = (access: Access, row: Row) =>
    row.user_id === access.user.id || (row.shared && access.roles.get(row.settings_group_uuid) === 'admin');

  const present = (access: Access, row: Row): GridView => ({
    uuid: row.uuid,
    table_name: row.table_name,
    settings_group_uuid: row.settings_group_uuid,
    name: row.name,
    shared: row.shared,
    owner_name: row.owner_name,
    mine: row.user_id === access.user.id,
    query: row.query as GridViewQuery,
    updated_at: row.updated_at.toISOString(),
    links: {
      self: `${base}/${row.uuid}`,
      ...(mayChange(access, row) ? { update: `${base}/${row.uuid}`, delete: `${base}/${row.uuid}` } : {}),
    },
  });

  /** The views the caller can see, in one statement with its scope. */
  const visible = (access: Access) =>
    and(
      inArray(gridViews.settings_group_uuid, access.groups), // drizzle renders an empty list as false
      or(eq(gridViews.user_id, access.user.id), eq(gridViews.shared, true)),
    );
  const select = () =>
    db
      .select({ view: gridViews, owner_name: sql<string>`${users.first_name} || ' ' || ${users.last_name}` })
      .from(gridViews)
      .innerJoin(users, eq(users.id, gridViews.user_id));
  const flatten = (rows: { view: typeof gridViews.$inferSelect; owner_name: string }[]): Row[] =>
    rows.map((r) => ({ ...r.view, owner_name: r.owner_name }));

  async function load(req: FastifyRequest, uuid: string): Promise<{ access: Access; row: Row }> {
    const access = await accessOf(ctx, req);
    const [row] = flatten(await select().where(and(eq(gridViews.uuid, uuid), visible(access))));
    if (!row) throw notFound();
    if (!mayChange(access, row)) throw forbidden();
    return { access, row };
  }

  r.get(
    '/grid-views',
    {
      schema: {
        tags,
        description: 'The views of one table, or without `table` of every table (the app loads them all at once).',
        querystring: z.strictObject({ table: knownTableName.optional() }),
        response: ok(z.object({ data: z.array(gridViewSchema) })),
      },
    },
    async (req) => {
      const access = await accessOf(ctx, req);
      const { table } = req.query;
      const rows = await select()
        .where(table ? and(eq(gridViews.table_name, table), visible(access)) : visible(access))
        .orderBy(asc(gridViews.table_name), asc(gridViews.shared), asc(gridViews.name));
      return { data: flatten(rows).map((row) => present(access, row)) };
    },
  );

  r.post(
    '/grid-views',
    {
      schema: {
        tags,
        body: gridViewBody.extend({ table_name: knownTableName }),
        response: created(z.object({ data: gridViewSchema })),
      },
    },
    async (req, reply) => {
      const access = await accessOf(ctx, req);
      const { settings_group_uuid, table_name, name, shared, query } = req.body;
      if (!access.roles.has(settings_group_uuid))
        throw fieldError('settings_group_uuid', 'validation.ref_not_found', { field: 'settings group' });
      const [view] = await db
        .insert(gridViews)
        .values({ settings_group_uuid, table_name, name, shared: shared ?? false, query, user_id: access.user.id })
        .returning();
      const owner_name = `${access.user.first_name} ${access.user.last_name}`;
      return reply.code(201).send({ data: present(access, { ...view!, owner_name }) });
    },
  );

  r.patch(
    '/grid-views/:uuid',
    {
      schema: { tags, params: uuidParams, body: gridViewUpdateBody, response: ok(z.object({ data: gridViewSchema })) },
    },
    async (req) => {
      const { access, row } = await load(req, req.params.uuid);
      const [view] = await db
        .update(gridViews)
        .set({ ...req.body, updated_at: new Date() })
        .where(eq(gridViews.uuid, row.uuid))
        .returning();
      return { data: present(access, { ...view!, owner_name: row.owner_name }) };
    },
  );

  r.delete('/grid-views/:uuid', { schema: { tags, params: uuidParams, response: ok(messageReply) } }, async (req) => {
    const { row } = await load(req, req.params.uuid);
    await db.delete(gridViews).where(eq(gridViews.uuid, row.uuid));
    return { message: translate(req.locale, 'preferences.view_deleted') };
  });
}
