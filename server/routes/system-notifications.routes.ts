// System notifications (docs/domain/notifications.md, "System notifications"): the calls the model's generic routes
// do not answer. Every signed-in user lists the published ones (a superuser every one) with their own read mark;
// the numbered calls of the older API (a full replace, a delete by number or uuid, marking one read) act on the
// record through the engine's writes, so the superusers' check, the checks and the version are the engine's
// (server/models/system-notification.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { systemNotification as entity } from '../../src/entities/system-notification';
import { createSchema, recordSchema } from '../../src/entities/schemas';
import { accessOf, isSuperuser, writeRouteConfig, type Access } from '../crud/access';
import { listQuerySchema } from '../crud/list-query';
import { getRow, list } from '../crud/read';
import { presentRecord, type Row } from '../crud/present';
import { softDelete, update } from '../crud/write';
import { writeInputOf } from '../crud/model-behaviour';
import { notFound } from '../http-error';
import { translate } from '../i18n/messages';
import { lazySchema } from '../lazy-schemas';
import { markRead, notificationOf, published, viewedBy } from '../models/system-notification';
import { messageReply, ok } from './schemas';

const API = `/api/v1/${entity.plural}`;
/** The older API's number of a notification. */
const number = z.coerce.number().int().positive().max(2_147_483_647);
const byNumber = z.object({ id: number });
/** A delete names it by number (the older API) or by uuid (the record's links). */
const byKey = z.object({ id: z.union([z.uuid(), number]) });
/** A list without `per_page` answers up to 200, as the list always did. */
const LIST_PAGE = 200;

export async function systemNotificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = [entity.plural];
  const config = writeRouteConfig(entity);
  // the record as every generic route replies it, with the caller's read mark
  const withMark = lazySchema(() => recordSchema(entity).extend({ viewed: z.boolean() }));
  const one = lazySchema(() => z.object({ data: withMark }));

  /** Records as the list gives them: with the caller's read mark and, while unread, the link that marks it. */
  const present = async (access: Access, rows: Row[]) => {
    const viewed = await viewedBy(
      ctx.db,
      access.user.id,
      rows.map((row) => String(row.uuid)),
    );
    return rows.map((row) => {
      const rec = presentRecord(entity, access, row);
      const read = viewed.has(String(row.uuid));
      const links = rec.links as Record<string, string>;
      if (!read) links.confirm = `${API}/${String(row.id)}/confirmations`;
      return { ...rec, viewed: read };
    });
  };

  r.get(
    `/${entity.plural}`,
    {
      schema: {
        tags,
        querystring: lazySchema(() => listQuerySchema(entity)),
        response: ok(
          lazySchema(() =>
            z.object({
              data: z.array(withMark),
              meta: z.record(z.string(), z.unknown()),
              links: z.record(z.string(), z.string()),
            }),
          ),
        ),
      },
    },
    async (req) => {
      const access = await accessOf(ctx, req);
      const q = { ...req.query, per_page: req.query.per_page ?? LIST_PAGE };
      // a superuser lists every notification (the engine's list); anyone else the published ones
      const page = await list(ctx, access, entity, q, isSuperuser(access) ? {} : { scope: published() });
      return { ...page, data: await present(access, page.data) };
    },
  );

  // the older API's full replace, by number: the notification as sent (an end left out is none)
  r.put(
    `/${entity.plural}/:id`,
    {
      config,
      schema: {
        tags,
        params: byNumber,
        body: lazySchema(() => createSchema(entity).extend(writeInputOf(entity).body)),
        response: ok(one),
      },
    },
    async (req) => {
      const access = await accessOf(ctx, req);
      const uuid = await notificationOf(ctx.db, access, req.params.id);
      if (!uuid) throw notFound();
      const { id: _id, viewed: _viewed, ...values } = req.body as Row;
      await update(ctx, access, entity, uuid, { publish_until: null, ...values });
      return { data: (await present(access, [await getRow(ctx, access, entity, uuid)]))[0]! };
    },
  );

  // both spellings of the older API (with and without the trailing slash); a record's links name it by uuid
  for (const path of [`/${entity.plural}/:id`, `/${entity.plural}/:id/`])
    r.delete(path, { config, schema: { tags, params: byKey, response: ok(messageReply) } }, async (req) => {
      const access = await accessOf(ctx, req);
      const uuid = await notificationOf(ctx.db, access, req.params.id);
      if (!uuid) throw notFound();
      await softDelete(ctx, access, entity, uuid);
      return { message: translate(req.locale, 'notifications.deleted') };
    });

  r.post(
    `/${entity.plural}/:id/confirmations`,
    { schema: { tags, params: byNumber, response: ok(messageReply) } },
    async (req) => {
      const access = await accessOf(ctx, req);
      const uuid = await notificationOf(ctx.db, access, req.params.id);
      if (!uuid) throw notFound();
      await markRead(ctx.db, access.user.id, uuid);
      return { message: translate(req.locale, 'notifications.marked_read') };
    },
  );
}
