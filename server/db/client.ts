// The one place that opens the database: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Column types are normalised here so that both produce identical API output.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as accountSchema from './schema';
import * as entitySchema from './entity-tables';
import * as planningSchema from './planning-schema';
import * as contractSchema from './contract-schema';
import { projectRoot } from '../config';
import { acquireDataDirLock } from './data-dir-lock';
import { setWasmFlags } from './wasm-flags';

const schema = { ...accountSchema, ...entitySchema, ...planningSchema, ...contractSchema };
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** Statements sent through Drizzle since start (tests count them to catch N+1 queries); `watch`, when set, is
   * shown each statement and its parameters (tests count those on one table). */
  stats: { queries: number; watch?: (query: string, params: unknown[]) => void };
  /** PGlite only: its data folder as a tarball, after a checkpoint (the tests' template, tests/README.md). */
  dumpDataDir?: () => Promise<Blob>;
}

function counter() {
  const stats: Database['stats'] = { queries: 0 };
  return {
    stats,
    logger: {
      logQuery: (query: string, params: unknown[]) => {
        stats.queries++;
        stats.watch?.(query, params);
      },
    },
  };
}

const MIGRATIONS = path.join(projectRoot, 'server/db/migrations');

// node-postgres returns int8 (counts, sums of integers) as strings; PGlite returns numbers. Numbers everywhere.
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Data folder for PGlite; `memory://` keeps it in memory (tests). */
  dataDir: string;
  statementTimeoutMs?: number;
  /**
   * In memory only: start from this data folder (a `dumpDataDir()` tarball) instead of creating the cluster; the
   * migration check runs after it as on any start. Tests use it for a fresh database per file (tests/README.md).
   */
  template?: Blob | undefined;
  /**
   * On a first start (an empty data folder): copy the build's template with the demo workspace seeded, when it was
   * seeded today; otherwise the empty one (docs/decisions.md, "Start-up"). The server asks for it unless SEED_DEMO=0.
   */
  demo?: boolean;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const statementTimeout = opts.statementTimeoutMs ?? 15_000;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: Number(process.env.DB_POOL_SIZE ?? 10),
      connectionTimeoutMillis: 5_000,
      statement_timeout: statementTimeout,
      // A server that stops answering altogether (frozen, cut off) cannot enforce its own statement timeout: the
      // client gives up a little later (503), and drops that connection so that nothing queues behind the
      // statement still pending on it (a transaction's rollback would wait just as long).
      query_timeout: statementTimeout + 2_000,
      types: pgTypes,
      // short statements only: the JIT compiler's start-up costs more than it saves on a list page's subqueries
      // (docs/decisions.md, "Budgets computed on read")
      options: '-c jit=off',
    });
    // A connection the server drops (restart, failover, kill) must not crash the process: an idle one is reported
    // on the pool, one checked out between two statements (a transaction awaiting other work) on the client
    // itself, where an unheard error would be thrown. The statement in flight fails (503); the pool reconnects.
    const lost = (err: Error) => process.emitWarning(`PostgreSQL connection lost: ${err.message}`);
    pool.on('error', lost);
    pool.on('connect', (client) => {
      client.on('error', lost);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        const result = query(...args);
        if (result instanceof Promise)
          result.catch((err: Error) => {
            if (err.message === 'Query read timeout') {
              lost(err);
              (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
            }
            // Drizzle's transaction does not give its connection back when `begin` fails (a broken or frozen
            // connection): give it back here, or each such failure would hold one of the pool's connections for good.
            const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
            if (/^\s*begin\b/i.test(text ?? '')) (client as pg.PoolClient).release(err);
          });
        return result;
      };
    });
    const { stats, logger } = counter();
    const db = drizzlePg({ client: pool, schema, logger }) as unknown as Db;
    if (await pendingMigrations(db)) await migratePg(db as never, { migrationsFolder: MIGRATIONS });
    return { db, kind: 'postgres', close: () => pool.end(), stats };
  }
  setWasmFlags(); // before PGlite compiles its WebAssembly (wasm-flags.ts)
  // loaded only for the embedded database: a server on PostgreSQL never reads PGlite's modules
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const inMemory = opts.dataDir.startsWith('memory://');
  let release = () => {};
  if (!inMemory) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    release = acquireDataDirLock(opts.dataDir);
  }
  try {
    if (!inMemory) copyDataTemplate(path.join(opts.dataDir, 'pgdata'), opts.demo ?? false);
    const options = { relaxedDurability: true, extensions: { pg_trgm } };
    const open = async () => {
      const client = inMemory
        ? new PGlite({ ...options, ...(opts.template && { loadDataDir: opts.template }) })
        : new PGlite(path.join(opts.dataDir, 'pgdata'), options);
      await client.waitReady;
      return client;
    };
    const guarded = new GuardedPglite(await open(), inMemory ? null : open);
    const { stats, logger } = counter();
    const db = drizzlePglite({ client: guarded as unknown as PGlite, schema, logger }) as unknown as Db;
    if (await pendingMigrations(db)) await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
    return {
      db,
      kind: 'pglite',
      stats,
      dumpDataDir: async () => {
        await db.execute(sql`checkpoint`); // a database started from the dump has no write-ahead log to replay
        return guarded.dumpDataDir();
      },
      close: async () => {
        await guarded.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * The built server carries a migrated, empty PGlite data folder made at build time (scripts/build-server.mjs), with
 * the PGlite version that made it in `pgdata-template.json`, and the same folder with the demo workspace seeded
 * (`pgdata-demo-template`, its admin without a password: server/db/seed-demo.ts), with the day it was seeded. A first
 * start copies one of them instead of creating the database cluster, applying every migration and seeding the demo
 * (seconds in WebAssembly: docs/decisions.md, "Start-up"); later migrations are applied on top as on any start. The
 * demo's dates are relative to the day it was seeded, so its template serves only a first start on that day (UTC);
 * on a later day the empty one is copied and the demo seeded as without a template. Without a template (tests
 * running the sources, a build that made none) or made by another PGlite version, PGlite creates the folder itself.
 */
export const DATA_TEMPLATE = fileURLToPath(new URL('./pgdata-template', import.meta.url));
export const DEMO_TEMPLATE = fileURLToPath(new URL('./pgdata-demo-template', import.meta.url));

/** What a template was made with: the PGlite version, and for the demo's the day (UTC) it was seeded. */
export interface TemplateMade {
  pglite?: string | undefined;
  seeded_on?: string;
}

const today = () => new Date().toISOString().slice(0, 10);

function usableTemplate(template: string, demo: boolean): boolean {
  let made: TemplateMade;
  try {
    made = JSON.parse(fs.readFileSync(`${template}.json`, 'utf8')) as TemplateMade;
  } catch {
    return false; // no template beside this build
  }
  return made.pglite === pgliteVersion() && (!demo || made.seeded_on === today());
}

function copyDataTemplate(pgdata: string, demo: boolean) {
  if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) return; // an existing (or PGlite's own) cluster
  const template = [...(demo ? [DEMO_TEMPLATE] : []), DATA_TEMPLATE].find((t) =>
    usableTemplate(t, t === DEMO_TEMPLATE),
  );
  if (!template) return;
  // copied beside it, then renamed into place: a start stopped halfway leaves no half cluster behind; a copy that
  // fails (the build replacing its template meanwhile) leaves the folder to PGlite
  const partial = `${pgdata}.partial`;
  try {
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(template, partial, { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
    fs.rmSync(pgdata, { recursive: true, force: true });
    fs.renameSync(partial, pgdata);
  } catch {
    fs.rmSync(partial, { recursive: true, force: true });
  }
}

/** The version of the PGlite package this process loads. */
export function pgliteVersion(): string | undefined {
  try {
    for (let dir = createRequire(import.meta.url).resolve('@electric-sql/pglite'); dir !== path.dirname(dir);) {
      dir = path.dirname(dir);
      const file = path.join(dir, 'package.json');
      const pkg = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>) : {};
      if (pkg.name === '@electric-sql/pglite') return pkg.version;
    }
  } catch {
    /* not resolvable from here */
  }
  return undefined;
}

/** What a request gets while the embedded database is being reopened (answered as 503 with Retry-After). */
export class DatabaseReopeningError extends Error {
  readonly code = 'DB_REOPENING';
  constructor() {
    super('PGlite is closed: the embedded database failed and is being reopened');
  }
}

/**
 * A WebAssembly trap (out-of-bounds access, `unreachable`) or an exit of the embedded PostgreSQL leaves that PGlite
 * instance in an undefined state: every later statement fails ("cannot drop active portal") or worse.
 */
export function isFatalPgliteError(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof WebAssembly.RuntimeError) return true;
    if ((e as { name?: string }).name === 'ExitStatus') return true;
  }
  return false;
}

/**
 * The PGlite instance the app talks to, replaced when it fails. Drizzle uses `query` and `transaction` only. Every
 * statement of an instance passes through its one synchronous entry into WebAssembly (`execProtocolRawSync`),
 * which is watched here: the first fatal error marks the instance failed before any other statement can run on
 * it, and statements already queued on it then fail with DatabaseReopeningError. The failed instance is dropped
 * without a shutdown (its shared buffers may be damaged, so no checkpoint may write them), and a new instance is
 * opened from the data folder; it recovers from its write-ahead log as after a crash of the process (a few
 * hundred milliseconds). Meanwhile every statement fails at once (503, never a hang). An in-memory database
 * cannot be reopened: it stays failed. When reopening itself fails, the next statement, at most once a second,
 * tries again.
 */
class GuardedPglite {
  private current: PGlite | null = null;
  private reopening: Promise<void> | null = null;
  private failedAt = 0;
  private closed = false;

  constructor(
    first: PGlite,
    private readonly reopen: (() => Promise<PGlite>) | null,
  ) {
    this.adopt(first);
  }

  private adopt(client: PGlite) {
    const enter = client.execProtocolRawSync.bind(client);
    let failed = false;
    const refuse = () => {
      throw new DatabaseReopeningError();
    };
    client.execProtocolRawSync = (message) => {
      if (failed) refuse();
      try {
        return enter(message);
      } catch (err) {
        if (isFatalPgliteError(err)) {
          failed = true;
          this.retire(client, err as Error);
        }
        throw err;
      }
    };
    this.current = client;
  }

  private instance(): PGlite {
    if (this.current) return this.current;
    if (!this.reopening && this.reopen && !this.closed && Date.now() - this.failedAt > 1_000) this.startReopen();
    throw new DatabaseReopeningError();
  }

  private startReopen() {
    this.reopening = this.reopen!()
      .then((client) => {
        if (this.closed) return void client.close().catch(() => {});
        this.adopt(client);
        process.emitWarning('The embedded database was reopened after a failure.');
      })
      .catch((err: Error) => {
        this.failedAt = Date.now();
        process.emitWarning(`The embedded database could not be reopened: ${err.message}`);
      })
      .finally(() => (this.reopening = null));
  }

  private retire(client: PGlite, err: Error) {
    if (this.current !== client) return;
    this.current = null;
    process.emitWarning(`The embedded database failed (${err.name}: ${err.message}); reopening it.`);
    // Closes the instance's file handles once the failing statement has unwound; no shutdown checkpoint.
    setImmediate(() => {
      try {
        (client as unknown as { fs?: { closeFs(): void } }).fs?.closeFs();
      } catch {
        /* the failed instance may not even manage that */
      }
    });
    if (this.reopen && !this.closed) this.startReopen();
  }

  query: PGlite['query'] = (...args) => this.instance().query(...args);

  transaction: PGlite['transaction'] = (fn) => this.instance().transaction(fn);

  dumpDataDir = () => this.instance().dumpDataDir('none'); // uncompressed: faster to load than gzip

  async close() {
    this.closed = true;
    await this.reopening;
    const client = this.current;
    this.current = null;
    if (client) await client.close();
  }
}

/**
 * True when the committed migrations are not all applied. A read-only check first: the migrator's own set-up
 * statements are writes, and on PGlite every write costs a file sync at start.
 */
async function pendingMigrations(db: Db): Promise<boolean> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  try {
    const res = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as
      { rows: { n: number }[] } | { n: number }[];
    const rows = Array.isArray(res) ? res : res.rows;
    return (rows[0]?.n ?? 0) < journal.entries.length;
  } catch {
    return true; // no migrations table yet
  }
}
