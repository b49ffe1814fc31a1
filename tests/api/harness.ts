// The API test harness: the real app via app.inject() on a fresh embedded database per file, or on a fresh
// PostgreSQL database (created here, dropped afterwards) when TEST_DATABASE_URL is set. Both start from the migrated
// template the tier's global setup made (tests/setup/database-template.ts; tests/README.md, "Fresh databases").
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { hashPassword } from '../../server/services/password';
import { users } from '../../server/db/schema';
import { TERMS_VERSION } from '../../src/entities/account';
import { base32Encode, totp } from '../../src/domain/totp';
import { hmacSha1 } from '../../server/services/two-factor.service';
import type { Config } from '../../server/config';

export const PASSWORD = 'correct horse battery';

export interface TestEnv {
  app: FastifyInstance;
  database: Database;
  close: () => Promise<void>;
}

/** `embeddedOnDisk`: without TEST_DATABASE_URL, keep PGlite in the data folder instead of in memory. */
export async function createTestEnv(
  config: Partial<Config> = {},
  opts: { embeddedOnDisk?: boolean } = {},
): Promise<TestEnv> {
  const base = process.env.TEST_DATABASE_URL;
  // Uploaded files go to a folder of this file's own unless the test names one.
  const dataDir = config.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'hw-test-'));
  let database: Database;
  let dropDb = async () => {};
  if (base) {
    const fresh = await freshPostgresDatabase(base);
    database = await openDatabase({ databaseUrl: fresh.url, dataDir: '' });
    dropDb = fresh.drop;
  } else if (opts.embeddedOnDisk) {
    database = await openDatabase({ dataDir });
  } else {
    database = await openDatabase({ dataDir: 'memory://', template: pgliteTemplate() });
  }
  const app = await buildApp({
    database,
    logger: false,
    config: { scryptCost: 1024, appUrl: 'http://hauswerk.test', smtpUrl: undefined, ...config, dataDir },
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      await dropDb();
      if (!config.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The PGlite template's dump (tests/setup/database-template.ts), or undefined: PGlite then creates the database. */
function pgliteTemplate(): Blob | undefined {
  const file = process.env.HAUSWERK_TEST_PGLITE_TEMPLATE;
  try {
    return file ? new Blob([fs.readFileSync(file)]) : undefined;
  } catch {
    return undefined; // replaced by a run with other migrations meanwhile
  }
}

/**
 * A new database on the PostgreSQL server of `base`, every migration applied and nothing else: its URL, and a
 * function that drops it. A copy of the global setup's template (tests/setup/database-template.ts) when there is
 * one; otherwise an empty database, which openDatabase migrates.
 */
export async function freshPostgresDatabase(base: string) {
  const name = `hauswerk_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  const template = process.env.HAUSWERK_TEST_PG_TEMPLATE;
  // no template (a file run some other way), or gone (dropped by a run with other migrations): an empty database
  const cloned = template
    ? await admin(`create database ${name} template "${template}"`).then(
        () => true,
        () => false,
      )
    : false;
  if (!cloned) await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** A browser-like caller: keeps cookies, sends X-XSRF-TOKEN from the XSRF-TOKEN cookie, like src/api does. */
export class Client {
  cookies = new Map<string, string>();
  bearer: string | null = null;
  constructor(
    readonly app: FastifyInstance,
    readonly opts: { xsrf?: boolean; remoteAddress?: string } = {},
  ) {}

  async request(method: InjectOptions['method'], url: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { accept: 'application/json', ...headers };
    if (this.bearer) h.authorization = `Bearer ${this.bearer}`;
    else {
      if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const xsrf = this.cookies.get('XSRF-TOKEN');
      if (xsrf && this.opts.xsrf !== false && !h['x-xsrf-token']) h['x-xsrf-token'] = decodeURIComponent(xsrf);
    }
    const res = await this.app.inject({
      method,
      url: url.startsWith('/api') ? url : `/api/v1${url}`,
      headers: h,
      ...(this.opts.remoteAddress ? { remoteAddress: this.opts.remoteAddress } : {}),
      ...(body === undefined
        ? {}
        : typeof body === 'string'
          ? { payload: body, headers: { ...h, 'content-type': 'application/json' } }
          : { payload: body as object }),
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const gone = c.value === '' || (c.expires && c.expires.getTime() < Date.now());
      if (gone) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
  get = (url: string) => this.request('GET', url);
  post = (url: string, body: unknown = {}) => this.request('POST', url, body);
  put = (url: string, body: unknown = {}) => this.request('PUT', url, body);
  patch = (url: string, body: unknown = {}) => this.request('PATCH', url, body);
  delete = (url: string) => this.request('DELETE', url);

  async csrf() {
    return this.get('/sanctum/csrf-cookie');
  }

  async login(email: string, password = PASSWORD) {
    await this.csrf();
    return this.post('/login', { email, password });
  }
}

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json() as T;

let counter = 0;
/** Creates a user directly in the database (verified, terms accepted). */
export const createUser = (env: TestEnv, overrides: Partial<typeof users.$inferInsert> = {}) =>
  createUserIn(env.database.db, overrides);

/** A user in the given database (a factory that has only the app: its `ctx.db`). */
export async function createUserIn(db: TestEnv['database']['db'], overrides: Partial<typeof users.$inferInsert> = {}) {
  counter += 1;
  const [user] = await db
    .insert(users)
    .values({
      email: `user${counter}-${crypto.randomBytes(3).toString('hex')}@example.com`,
      password_hash: await hashPassword(PASSWORD, 1024),
      first_name: 'Test',
      last_name: `User ${counter}`,
      email_verified_at: new Date(),
      terms_version: TERMS_VERSION,
      terms_accepted_at: new Date(),
      ...overrides,
    })
    .returning();
  return user!;
}

export async function signedIn(env: TestEnv, overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(env, overrides);
  const client = new Client(env.app);
  const res = await client.login(user.email);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { user, client };
}

export const totpNow = (secret: string, offsetSteps = 0) => totp(secret, Date.now() + offsetSteps * 30_000, hmacSha1);

/** A user with confirmed two-factor sign-in, signed in through the challenge. */
export async function signedInWithTwoFactor(env: TestEnv, overrides: Partial<typeof users.$inferInsert> = {}) {
  const secret = base32Encode(crypto.randomBytes(20));
  const user = await createUser(env, {
    two_factor_secret: env.app.ctx.keyring.seal(secret),
    two_factor_recovery_codes: env.app.ctx.keyring.seal('[]'),
    two_factor_confirmed_at: new Date(),
    ...overrides,
  });
  const client = new Client(env.app);
  await client.login(user.email);
  const res = await client.post('/two-factor-challenge', { code: totpNow(secret) });
  if (res.statusCode !== 204) throw new Error(`2FA failed: ${res.body}`);
  return { user, client, secret };
}
