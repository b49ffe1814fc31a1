// What every route and service needs: database, configuration, keys and the mailer. Built once per app.
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Keyring } from './services/crypto';
import type { Mailer } from './mail/mailer';
import type { users, sessions } from './db/schema';
import type { Locale } from '../src/entities/account';
import type { Membership } from './services/session.service';

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  keyring: Keyring;
  mailer: Mailer;
}

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    locale: Locale;
    user: UserRow | null;
    session: SessionRow | null;
    authVia: 'session' | 'token' | null;
    tokenId: number | null;
    /** The caller's settings groups, loaded with the session (null before authentication). */
    memberships: Membership[] | null;
  }
  interface FastifyContextConfig {
    /** false for the few state-changing calls that carry no session (bearer tokens, public token pages). */
    csrf?: boolean;
    /** true for the calls that work without a signed-in user; every other route answers 401 before validation. */
    public?: boolean;
    /** false for calls background work need not give way to (see plugins/traffic.ts). */
    traffic?: boolean;
    /**
     * The role a route needs, checked after authentication and before the request is validated (a caller without
     * the role gets 403 whatever they sent). It sees the raw, unvalidated request: check the shape of what it reads.
     */
    authorize?: (req: FastifyRequest) => void | Promise<void>;
    /**
     * Runs after `authorize` and before the request is validated, and may complete the raw body (a new record takes
     * its settings group's default values: docs/domain/fields.md, "Model settings"). It sees the raw request too.
     */
    prepare?: (req: FastifyRequest) => void | Promise<void>;
  }
}
