// The per-user ICS feed (docs/planning-api.md): the URL (created on first use), its reset, and the public feed.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../plugins/auth';
import { feed, feedUrl } from '../services/calendar-feed.service';
import { hit, throttled, tooManyAttempts } from '../services/rate-limit';
import { HttpError, notFound } from '../http-error';
import { errorReplies, ok } from './schemas';

const urlReply = z.object({ data: z.object({ url: z.string() }) });

export async function calendarFeedRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.includes('/calendar-feed/') && req.method === 'GET') {
      reply.header('Referrer-Policy', 'no-referrer');
      reply.header('X-Robots-Tag', 'noindex');
    }
    return payload;
  });
  r.get('/user/calendar-feed', { schema: { tags: ['calendar'], response: ok(urlReply) } }, async (req) => ({
    data: { url: await feedUrl(ctx, requireUser(req)) },
  }));
  r.post('/user/calendar-feed/reset', { schema: { tags: ['calendar'], response: ok(urlReply) } }, async (req) => {
    const user = requireUser(req);
    req.log.info({ event: 'token_reset', kind: 'calendar_feed', user_id: user.id }, 'calendar feed token reset');
    return { data: { url: await feedUrl(ctx, user, true) } };
  });

  r.get(
    '/calendar-feed/:token',
    {
      config: { public: true },
      schema: {
        tags: ['calendar'],
        params: z.object({ token: z.string().max(100) }),
        response: errorReplies,
      },
    },
    async (req, reply) => {
      const miss = { key: `calendar-feed-miss:${req.ip}`, max: 10, windowSeconds: 600 };
      const wait = await tooManyAttempts(ctx.db, miss);
      if (wait) throw throttled(wait);
      const match = /^(.+)\.ics$/.exec(req.params.token);
      try {
        if (!match) throw notFound();
        const body = await feed(ctx, match[1]!);
        return reply.header('Content-Type', 'text/calendar; charset=utf-8').send(body as never);
      } catch (err) {
        if (err instanceof HttpError && err.status === 404) await hit(ctx.db, miss);
        throw err;
      }
    },
  );
}
