// Public pages of records (docs/domain/public-pages.md), for each model that has one: its settings for the admins of
// the record's settings group (GET, POST, POST …/reset, DELETE /{plural}/{uuid}/public-page) and the page itself
// without a login (GET /public/{plural}/{token} and its documents), under the public pages' headers, rate limit and
// guess counting (public-guard.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AnyEntity } from '../../src/entities/define';
import { entityByName } from '../../src/entities/registry';
import { PUBLIC_PAGE_MODELS } from '../../src/domain/public-pages';
import { accessOf } from '../crud/access';
import { fieldError } from '../http-error';
import { downloadHeaders, sendFile } from '../documents/file-reply';
import {
  disablePublicPage,
  enablePublicPage,
  publicPage,
  publicPageDocument,
  publicPageSettings,
  resetPublicPage,
} from '../services/public-page.service';
import { publicGuard, publicHeaders } from './public-guard';
import { errorReplies, noContent, ok } from './schemas';

const params = z.object({ uuid: z.uuid() });
const settings = z.object({
  enabled: z.boolean(),
  fields: z.array(z.string()),
  attachments: z.array(z.string()),
  created_at: z.string().nullable(),
  reset_at: z.string().nullable(),
});
const withToken = z.object({ token: z.string(), url: z.string(), data: settings });
const body = z.strictObject({
  fields: z.array(z.string().max(100)).max(200),
  attachments: z.array(z.uuid()).max(200).default([]),
});

const models = (): AnyEntity[] => PUBLIC_PAGE_MODELS.map((name) => entityByName(name)!);

/** The signed-in routes: the page's settings, for the admins of the record's settings group. */
export async function publicPageSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  for (const entity of models()) {
    const path = `/${entity.plural}/:uuid/public-page`;
    const tags = [entity.plural];
    r.get(path, { schema: { tags, params, response: ok(z.object({ data: settings })) } }, async (req) => ({
      data: await publicPageSettings(ctx, await accessOf(ctx, req), entity, req.params.uuid),
    }));
    r.post(
      path,
      {
        schema: {
          tags,
          params,
          body,
          response: { 201: withToken, 409: errorReplies[404], ...ok(z.object({ data: settings })) },
        },
      },
      async (req, reply) => {
        const done = await enablePublicPage(ctx, await accessOf(ctx, req), entity, req.params.uuid, req.body);
        if (!done.created) return reply.code(200).send({ data: done.data });
        return reply.code(201).send({ token: done.token!, url: done.url!, data: done.data });
      },
    );
    r.post(
      `${path}/reset`,
      {
        schema: {
          tags,
          params,
          body: z.strictObject({ confirm: z.boolean().optional() }).optional(),
          response: { 409: errorReplies[404], ...ok(withToken) },
        },
      },
      async (req) => {
        // the old link stops working for good: the caller says so
        if (req.body?.confirm !== true) throw fieldError('confirm', 'public_page.confirm');
        return resetPublicPage(ctx, await accessOf(ctx, req), entity, req.params.uuid);
      },
    );
    r.delete(
      path,
      { schema: { tags, params, response: { ...noContent, 409: errorReplies[404] } } },
      async (req, reply) => {
        await disablePublicPage(ctx, await accessOf(ctx, req), entity, req.params.uuid);
        return reply.code(204).send(null);
      },
    );
  }
}

/** The public routes (no login): the page and its documents. */
export async function publicPageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  publicHeaders(app);
  const guarded = publicGuard(ctx, 'public-page');
  const token = z.object({ token: z.string().max(100) });
  const page = z.object({
    model: z.string(),
    title: z.string(),
    fields: z.array(z.object({ name: z.string(), label: z.string(), value: z.string().nullable() })),
    attachments: z.array(
      z.object({ uuid: z.string(), name: z.string(), title: z.string(), size: z.number().nullable(), url: z.string() }),
    ),
  });
  for (const entity of models()) {
    r.get(
      `/public/${entity.plural}/:token`,
      { config: { public: true }, schema: { tags: ['public'], params: token, response: ok(z.object({ data: page })) } },
      async (req) => ({ data: await guarded(req, () => publicPage(ctx, entity, req.params.token, req.locale)) }),
    );
    r.get(
      `/public/${entity.plural}/:token/documents/:uuid`,
      {
        config: { public: true },
        schema: { tags: ['public'], params: token.extend({ uuid: z.uuid() }) },
        onSend: downloadHeaders,
      },
      async (req, reply) =>
        sendFile(reply, await guarded(req, () => publicPageDocument(ctx, entity, req.params.token, req.params.uuid))),
    );
  }
}
