// Who is calling: a bearer token (scripts; cookies ignored) or the session cookie. Enforces XSRF on
// state-changing cookie calls (419), bound to the session as Sanctum does.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { personalAccessTokens, users } from '../db/schema';
import { sha256, safeEqual } from '../services/crypto';
import { loadSession, membershipsOf, SESSION_COOKIE } from '../services/session.service';
import { HttpError, unauthenticated } from '../http-error';
import { localeFromHeader } from '../i18n/messages';
import type { Locale } from '../../src/entities/account';
import type { UserRow } from '../context';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('locale', 'en-us');
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.decorateRequest('authVia', null);
  app.decorateRequest('tokenId', null);
  app.decorateRequest('memberships', null);

  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const { db, config } = app.ctx;
    req.locale = localeFromHeader(req.headers['accept-language']);
    const auth = req.headers.authorization;
    if (auth?.startsWith('Bearer ')) {
      const token = auth.slice(7).trim();
      const [found] = await db
        .select({
          user: users,
          tokenId: personalAccessTokens.id,
          lastUsed: personalAccessTokens.last_used_at,
          memberships: membershipsOf(personalAccessTokens.user_id),
        })
        .from(personalAccessTokens)
        .innerJoin(users, eq(users.id, personalAccessTokens.user_id))
        .where(eq(personalAccessTokens.token_hash, sha256(token)))
        .limit(1);
      if (!found) throw unauthenticated();
      setUser(req, found.user);
      req.memberships = found.memberships ?? [];
      req.authVia = 'token';
      req.tokenId = found.tokenId;
      if (!found.lastUsed || Date.now() - found.lastUsed.getTime() > 60_000)
        await db
          .update(personalAccessTokens)
          .set({ last_used_at: sql`now()` })
          .where(eq(personalAccessTokens.id, found.tokenId));
      return; // bearer requests ignore cookies entirely, so no XSRF check applies
    }
    const rawId = req.cookies[SESSION_COOKIE];
    if (rawId) {
      const found = await loadSession(db, config, rawId);
      if (found) {
        req.session = found.session;
        req.authVia = 'session';
        if (found.user) {
          setUser(req, found.user);
          req.memberships = found.memberships ?? [];
        }
      }
    }
    if (req.routeOptions.url && !req.routeOptions.config?.public && !req.user) throw unauthenticated();
    if (!SAFE.has(req.method) && req.routeOptions.url && req.routeOptions.config?.csrf !== false) {
      const header = req.headers['x-xsrf-token'];
      const sent = Array.isArray(header) ? header[0] : header;
      if (!req.session || !sent || !safeEqual(sent, req.session.xsrf_token)) throw new HttpError(419, 'auth.csrf');
    }
  });
  // A route that needs a role says so in its config: a caller without it gets 403 before the request is validated.
  app.addHook('preValidation', async (req) => {
    const authorize = req.routeOptions.config?.authorize;
    if (authorize) await authorize(req);
    const prepare = req.routeOptions.config?.prepare;
    if (prepare) await prepare(req);
  });
}

function setUser(req: FastifyRequest, user: UserRow) {
  req.user = user;
  req.locale = user.locale as Locale;
}

/** The signed-in user, or a 401. */
export function requireUser(req: FastifyRequest): UserRow {
  if (!req.user) throw unauthenticated();
  return req.user;
}
