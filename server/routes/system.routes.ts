// Health and the mail outbox (on by default without SMTP; only for this machine's callers).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { mailOutbox } from '../db/schema';
import { notFound } from '../http-error';
import { outboxOn } from '../config';
import { isLocalRequest } from '../services/local-request';
import { APP_VERSION } from '../version';

export async function systemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        response: { 200: z.object({ status: z.literal('ok'), database: z.string(), version: z.string() }) },
      },
    },
    async () => {
      await ctx.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: ctx.database.kind, version: APP_VERSION };
    },
  );

  r.get(
    '/outbox',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        querystring: z.strictObject({
          to: z.string().max(254).optional(),
          limit: z.coerce.number().int().min(1).max(200).optional(),
        }),
        response: {
          200: z.object({
            data: z.array(
              z.object({
                id: z.number(),
                to: z.string(),
                subject: z.string(),
                text: z.string(),
                html: z.string(),
                created_at: z.string(),
              }),
            ),
          }),
          404: z.object({ message: z.string() }),
        },
      },
    },
    async (req) => {
      if (!outboxOn(ctx.config) || !isLocalRequest(req, ctx.config)) throw notFound();
      const rows = await ctx.db
        .select()
        .from(mailOutbox)
        .where(req.query.to ? eq(sql`lower(${mailOutbox.to})`, req.query.to.toLowerCase()) : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(req.query.limit ?? 50);
      return { data: rows.map((m) => ({ ...m, created_at: m.created_at.toISOString() })) };
    },
  );
}
