// The one place that opens the database: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Column types are normalised here so that both produce identical API output.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as accountSchema from './schema';
import * as entitySchema from './entity-tables';
import * as planningSchema from './planning-schema';
import * as contractSchema from './contract-schema';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { projectRoot } from '../config';
import { acquireDataDirLock } from './data-dir-lock';

const schema = { ...accountSchema, ...entitySchema, ...planningSchema, ...contractSchema };
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** Statements sent through Drizzle since start (tests count them to catch N+1 queries). */
  stats: { queries: number };
}

function counter() {
  const stats = { queries: 0 };
  return { stats, logger: { logQuery: () => void stats.queries++ } };
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
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: Number(process.env.DB_POOL_SIZE ?? 10),
      connectionTimeoutMillis: 5_000,
      statement_timeout: opts.statementTimeoutMs ?? 15_000,
      types: pgTypes,
    });
    // An idle connection the server drops (restart, failover) must not crash the process; the pool reconnects.
    pool.on('error', (err) => process.emitWarning(`PostgreSQL connection lost: ${err.message}`));
    const { stats, logger } = counter();
    const db = drizzlePg({ client: pool, schema, logger }) as unknown as Db;
    if (await pendingMigrations(db)) await migratePg(db as never, { migrationsFolder: MIGRATIONS });
    return { db, kind: 'postgres', close: () => pool.end(), stats };
  }
  const inMemory = opts.dataDir.startsWith('memory://');
  let release = () => {};
  if (!inMemory) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    release = acquireDataDirLock(opts.dataDir);
  }
  try {
    const options = { relaxedDurability: true, extensions: { pg_trgm } };
    const client = inMemory ? new PGlite(options) : new PGlite(path.join(opts.dataDir, 'pgdata'), options);
    await client.waitReady;
    const { stats, logger } = counter();
    const db = drizzlePglite({ client, schema, logger }) as unknown as Db;
    if (await pendingMigrations(db)) await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
    return {
      db,
      kind: 'pglite',
      stats,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
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
