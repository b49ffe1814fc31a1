// Global setup of the API tier (vitest.config.ts): the migrated, empty database every test file's fresh database
// starts from (tests/README.md, "Fresh databases"). Made once per set of migrations and reused by later runs:
//   - PGlite: an in-memory database opened through openDatabase (the app's migrations and extensions), dumped to
//     `.tmp/pglite-template-<hash>.tar`; the harness starts each in-memory database from it.
//   - PostgreSQL (TEST_DATABASE_URL only): a database `hauswerk_tpl_<hash>` the harness clones with
//     `create database … template …`.
// Nothing but the migrations goes in: no app is built on it and nothing is seeded (the access rules' triggers, the
// app key and the like come from the app's start-up in each test, as on an empty database).
// The workers find both through the environment (HAUSWERK_TEST_PGLITE_TEMPLATE, HAUSWERK_TEST_PG_TEMPLATE); without
// them (a file run some other way) the harness makes its databases from scratch as before.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { projectRoot } from '../../server/config';
import { openDatabase, pgliteVersion } from '../../server/db/client';

const MIGRATIONS = path.join(projectRoot, 'server/db/migrations');
const TMP = path.join(projectRoot, '.tmp');
const PG_PREFIX = 'hauswerk_tpl_';
/** A template being migrated: named with its start (seconds), so that one a crashed run left is dropped later. */
const PG_WORK_PREFIX = 'hauswerk_tplwip_';
const STALE_WORK_SECONDS = 30 * 60;

/** A hash of every file of the migrations folder (names and contents): a new or edited migration changes it. */
export function migrationsHash(): string {
  const hash = crypto.createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(`${path.relative(MIGRATIONS, file)}\0`).update(fs.readFileSync(file));
    }
  };
  walk(MIGRATIONS);
  return hash.digest('hex').slice(0, 16);
}

/** The PGlite dump: `.tmp/pglite-template-<hash of the migrations and the PGlite version>.tar`. */
async function preparePglite(hash: string): Promise<string> {
  const key = crypto
    .createHash('sha256')
    .update(`${hash}\0${pgliteVersion() ?? 'unknown'}`)
    .digest('hex')
    .slice(0, 16);
  const file = path.join(TMP, `pglite-template-${key}.tar`);
  fs.mkdirSync(TMP, { recursive: true });
  for (const old of fs.readdirSync(TMP)) {
    const other = path.join(TMP, old);
    if (!old.startsWith('pglite-template-') || other === file) continue;
    // another set of migrations or PGlite version; a partial file only when a crashed run left it
    const written = fs.statSync(other, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (!old.endsWith('.partial') || Date.now() - written > STALE_WORK_SECONDS * 1000)
      fs.rmSync(other, { force: true });
  }
  if (fs.existsSync(file)) return file;
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const dump = await database.dumpDataDir!();
    // written beside it, then renamed into place: a run stopped halfway (or one beside it) never sees half a file
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
}

/** `fn` on a connection of its own to the server of `base` (the maintenance database), closed after it. */
async function onServer<T>(base: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Retries while the database's last connections are still going away (55006: "being accessed by other users"). */
async function whenReleased(fn: () => Promise<unknown>) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * The PostgreSQL template `hauswerk_tpl_<hash>`, made when missing: created under a working name, migrated through
 * openDatabase, closed to connections, and only then renamed to its name, so a run that stops halfway leaves no
 * template that looks complete (its working copy is dropped by a later run). Templates of other hashes are dropped.
 */
async function preparePostgres(base: string, hash: string): Promise<string> {
  const name = `${PG_PREFIX}${hash}`;
  const existing = await onServer(base, async (c) => {
    const res = await c.query<{ datname: string }>(
      `select datname from pg_database where datname like 'hauswerk\\_tpl%'`,
    );
    return res.rows.map((r) => r.datname);
  });
  const now = Math.floor(Date.now() / 1000);
  for (const db of existing) {
    const started = db.startsWith(PG_WORK_PREFIX) ? Number(db.split('_').at(-2)) : NaN;
    const stale = db.startsWith(PG_WORK_PREFIX) ? !(now - started < STALE_WORK_SECONDS) : db !== name;
    // without `force`: a template or working copy someone is using right now stays
    if (stale) await onServer(base, (c) => c.query(`drop database if exists "${db}"`)).catch(() => {});
  }
  if (existing.includes(name)) return name;
  const work = `${PG_WORK_PREFIX}${hash}_${now}_${crypto.randomBytes(2).toString('hex')}`;
  await onServer(base, (c) => c.query(`create database "${work}"`));
  try {
    const url = new URL(base);
    url.pathname = `/${work}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    await database.close();
    await onServer(base, async (c) => {
      // no connections from now on (not even autovacuum's), so that cloning it is never refused
      await whenReleased(() => c.query(`alter database "${work}" allow_connections false`));
      await whenReleased(() => c.query(`alter database "${work}" rename to "${name}"`));
    });
  } catch (err) {
    await onServer(base, (c) => c.query(`drop database if exists "${work}" with (force)`)).catch(() => {});
    if ((err as { code?: string }).code !== '42P04') throw err; // 42P04: a run beside this one made it first
  }
  return name;
}

export default async function setup() {
  const hash = migrationsHash();
  const base = process.env.TEST_DATABASE_URL;
  if (base) process.env.HAUSWERK_TEST_PG_TEMPLATE = await preparePostgres(base, hash);
  else process.env.HAUSWERK_TEST_PGLITE_TEMPLATE = await preparePglite(hash);
}
