// What every public token page's API shares (docs/domain/sign-in.md, "Tokens"; docs/domain/public-pages.md): its
// replies are never cached, indexed or sent on as a referrer, and each call counts against a per-IP limit, a 404
// (an unknown, reset or disabled token) as a guess: too many guesses and the address waits (429).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { HttpError } from '../http-error';
import { hit, limitOrThrow, throttled, tooManyAttempts } from '../services/rate-limit';

/** Calls per IP and minute, and unknown tokens per IP and 10 minutes, before a 429. */
export const PUBLIC_LIMITS = { calls: 60, misses: 10 };

/** The public replies' headers on every route of the plugin `app` (its own encapsulated context). */
export function publicHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cache-Control', 'no-store');
    reply.header('X-Robots-Tag', 'noindex, nofollow');
    return payload;
  });
}

/** Runs a public call of the page kind `name` under the rate limits; a 404 counts as a guess. */
export function publicGuard(ctx: AppContext, name: string) {
  return async function guarded<T>(req: FastifyRequest, run: () => Promise<T>): Promise<T> {
    const miss = { key: `${name}-miss:${req.ip}`, max: PUBLIC_LIMITS.misses, windowSeconds: 600 };
    const wait = await tooManyAttempts(ctx.db, miss);
    if (wait) throw throttled(wait);
    await limitOrThrow(ctx.db, { key: `${name}:${req.ip}`, max: PUBLIC_LIMITS.calls, windowSeconds: 60 });
    try {
      return await run();
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) await hit(ctx.db, miss);
      throw err;
    }
  };
}
