// Backup and restore of every table (npm run backup / npm run restore; README "Backup and restore",
// docs/decisions.md "Backup and restore"). The tables, their columns and foreign keys come from the database's own
// catalog, so a new table or column is covered without a line here. Each row is read as the database writes it as
// JSON (`to_jsonb`) and written back through `jsonb_populate_recordset`, so every type round-trips exactly (numeric
// digits, microseconds, arrays, jsonb, bytea, inet) without reviving values here; the text of a row is never parsed
// into JavaScript values on its way. A backup is a folder: `manifest.json` (format, schema version, app version,
// database kind, per table its columns, row count and SHA-256, the sequences, its own checksum) and one JSON-lines
// file per table under `tables/`, and the stored files kept in the data folder (documents, import files: the `folder`
// storage backend; the database backend's files are rows of `stored_files` and `file_chunks`, dumped with the
// tables) under `files/<area>/<key>` with an index per area, copied as streams. A restore checks everything it can
// before it writes (the stored files against their checksums too), then replaces the tables in one transaction, which
// also checks each table file against its checksum while it reads it: a refused or failed restore changes nothing.
// The stored files go to the store the restoring installation is configured with: into the data folder before the
// transaction (removed again if it fails), into the database inside it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { and, count, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client';
import { storedFiles } from './storage-schema';
import { APP_VERSION } from '../version';
import { compileAllRuleMatches } from '../services/access-rule-matches';
import { digest, isKey, meter, type FileStore, type StoreArea } from '../storage/file-store';
import { AREAS, fileStore, type StorageContext } from '../storage/stores';
import { syncFile } from '../storage/folder-store';

export const FORMAT = 'hauswerk-backup';
/** The layout of the folder this code writes; a backup of a later layout is refused. */
export const FORMAT_VERSION = 2;

/** A restore or backup refused or failed for a reason the user can act on; the message says what and why. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

const rowsOf = <T>(r: unknown) => (r as { rows?: T[] }).rows ?? (r as T[]);
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const qualified = (name: string) => `${ident('public')}.${ident(name)}`;

// ---------------------------------------------------------------------------------------------------------------
// The schema, from the catalog

export interface CatalogTable {
  name: string;
  /** Stored columns in their order; generated columns are left out (the database computes them again). */
  columns: string[];
  generated: string[];
  primaryKey: string[];
  /** Tables its foreign keys reference (itself, for a tree). */
  parents: string[];
  /** Whether it has triggers of its own (not the ones of its constraints). */
  triggers: boolean;
}

/** The tables of the `public` schema (an extension's own tables aside), parents before the tables referencing them. */
export async function catalog(db: Db): Promise<CatalogTable[]> {
  const tables = rowsOf<CatalogTable>(
    await db.execute(sql`
      select c.relname as name,
        coalesce((select jsonb_agg(a.attname order by a.attnum) from pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''), '[]') as columns,
        coalesce((select jsonb_agg(a.attname order by a.attnum) from pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated <> ''), '[]') as generated,
        coalesce((select jsonb_agg(a.attname order by k.i) from pg_index x
          cross join unnest(x.indkey::int2[]) with ordinality k(n, i)
          join pg_attribute a on a.attrelid = c.oid and a.attnum = k.n
          where x.indrelid = c.oid and x.indisprimary), '[]') as "primaryKey",
        coalesce((select jsonb_agg(distinct p.relname) from pg_constraint f join pg_class p on p.oid = f.confrelid
          where f.conrelid = c.oid and f.contype = 'f'), '[]') as parents,
        exists (select 1 from pg_trigger t where t.tgrelid = c.oid and not t.tgisinternal) as triggers
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid
          and d.deptype = 'e')
      order by c.relname`),
  );
  return dependencyOrder(tables);
}

/**
 * Parents first (ties by name). A table's references to itself do not count: its rows go in one statement, and
 * PostgreSQL checks foreign keys at the end of a statement. Tables that reference each other in a ring follow in
 * name order; their rows restore only if those foreign keys are deferrable (the restore defers what it can).
 */
export function dependencyOrder<T extends { name: string; parents: string[] }>(tables: T[]): T[] {
  const names = new Set(tables.map((t) => t.name));
  const done = new Set<string>();
  const out: T[] = [];
  let pending = [...tables].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  while (pending.length) {
    const ready = pending.filter((t) => t.parents.every((p) => p === t.name || done.has(p) || !names.has(p)));
    const next = ready.length ? ready : [pending[0]!];
    for (const t of next) {
      done.add(t.name);
      out.push(t);
    }
    pending = pending.filter((t) => !done.has(t.name));
  }
  return out;
}

interface Sequence {
  name: string;
  last_value: string;
  is_called: boolean;
}

/** Every sequence of the `public` schema (serial and identity columns' included) and where it stands. */
async function sequences(db: Db): Promise<Sequence[]> {
  const names = rowsOf<{ name: string }>(
    await db.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S'
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid
          and d.deptype = 'e')
      order by c.relname`),
  ).map((r) => r.name);
  const out: Sequence[] = [];
  for (const name of names) {
    const [state] = rowsOf<{ last_value: string; is_called: boolean }>(
      await db.execute(sql.raw(`select last_value::text as last_value, is_called from ${qualified(name)}`)),
    );
    out.push({ name, last_value: state!.last_value, is_called: state!.is_called });
  }
  return out;
}

/** The columns a sequence numbers (serial and identity columns), to continue after the restored ids. */
async function sequenceColumns(db: Db) {
  return rowsOf<{ sequence: string; table: string; column: string }>(
    await db.execute(sql`select s.relname as sequence, t.relname as table, a.attname as column
      from pg_depend d
      join pg_class s on s.oid = d.objid and s.relkind = 'S'
      join pg_class t on t.oid = d.refobjid
      join pg_namespace n on n.oid = t.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
      order by 1`),
  );
}

export interface SchemaVersion {
  /** How many migrations are applied. */
  migrations: number;
  /** The hash of the last one (drizzle.__drizzle_migrations), null without any. */
  last_hash: string | null;
}

/** The hashes of the applied migrations, oldest first. */
async function appliedMigrations(db: Db): Promise<string[]> {
  const [known] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  );
  if (!known?.present) return [];
  return rowsOf<{ hash: string }>(await db.execute(sql`select hash from drizzle.__drizzle_migrations order by id`)).map(
    (r) => r.hash,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The manifest

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const name = z.string().min(1).max(63);

const manifestSchema = z.strictObject({
  format: z.literal(FORMAT),
  format_version: z.number().int().min(1).max(FORMAT_VERSION),
  created_at: z.iso.datetime(),
  app_version: z.string().max(100),
  database: z.enum(['pglite', 'postgres']),
  schema: z.strictObject({ migrations: z.number().int().min(0), last_hash: z.string().max(200).nullable() }),
  tables: z.array(
    z.strictObject({
      name,
      columns: z.array(name).min(1),
      rows: z.number().int().min(0),
      sha256,
    }),
  ),
  sequences: z.array(z.strictObject({ name, last_value: z.string().regex(/^-?\d{1,19}$/), is_called: z.boolean() })),
  /** The areas whose stored files are in the backup (those kept in the data folder), each with its index's checksum. */
  files: z.array(
    z.strictObject({
      area: z.enum(AREAS as [StoreArea, ...StoreArea[]]),
      count: z.number().int().min(0),
      bytes: z.number().int().min(0),
      sha256,
    }),
  ),
  checksum: sha256,
});

export type Manifest = z.infer<typeof manifestSchema>;
export const MANIFEST = 'manifest.json';
/** A manifest holds a few lines per table and sequence: anything this large is not one (and is not read whole). */
const MAX_MANIFEST = 16 * 1024 * 1024;

/** The manifest's checksum: SHA-256 of its JSON without the checksum itself (a truncated or edited file fails it). */
function checksumOf(manifest: Omit<Manifest, 'checksum'> & { checksum?: string }) {
  const { checksum: _, ...rest } = manifest;
  return crypto.createHash('sha256').update(JSON.stringify(rest)).digest('hex');
}

/** The manifest with its checksum set (the backup writes it so; a test forges a consistent one the same way). */
export function sealManifest(manifest: Omit<Manifest, 'checksum'> & { checksum?: string }): Manifest {
  const { checksum: _, ...rest } = manifest;
  return { ...rest, checksum: checksumOf(rest) };
}

/** A table's file inside the backup folder: named from the table's name, never from a path in the manifest. */
export const tableFile = (dir: string, table: string) => path.join(dir, 'tables', `${encodeURIComponent(table)}.jsonl`);

/** An area's index of stored files (a JSON line per file: key, size, SHA-256) and a stored file in the backup. */
export const fileIndex = (dir: string, area: StoreArea) => path.join(dir, 'files', `${area}.jsonl`);
export const storedFile = (dir: string, area: StoreArea, key: string) => path.join(dir, 'files', area, key);

/** Reads and checks the manifest: its checksum, then its format and structure. */
export async function readManifest(dir: string): Promise<Manifest> {
  if ((await fs.promises.stat(dir).catch(() => null))?.isFile())
    throw new BackupError(
      `${dir} is a file: a backup is a folder (a single JSON file is a dump of an earlier version, which this one ` +
        'does not read).',
    );
  const file = path.join(dir, MANIFEST);
  let text: string;
  try {
    if ((await fs.promises.stat(file)).size > MAX_MANIFEST)
      throw new BackupError(`${file} is far larger than a backup manifest: it is not one.`);
    text = await fs.promises.readFile(file, 'utf8');
  } catch (err) {
    if (err instanceof BackupError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new BackupError(
      code === 'ENOENT'
        ? `${file} is missing: ${dir} is not a complete backup.`
        : `${file} cannot be read (${(err as Error).message}).`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BackupError(`${file} is not valid JSON: the backup is truncated or damaged.`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new BackupError(`${file} is not a backup manifest.`);
  const given = parsed as Record<string, unknown>;
  if (given.format !== FORMAT) throw new BackupError(`${file} is not a Hauswerk backup manifest.`);
  if (typeof given.checksum !== 'string' || checksumOf(given as Manifest) !== given.checksum)
    throw new BackupError(`${file} does not match its checksum: the backup was changed or is damaged.`);
  if (typeof given.format_version === 'number' && given.format_version > FORMAT_VERSION)
    throw new BackupError(
      `The backup was written by a newer version of Hauswerk (backup format ${given.format_version}, this version ` +
        `reads up to ${FORMAT_VERSION}, app ${String(given.app_version)}): update Hauswerk first.`,
    );
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new BackupError(
      `${file} is not a valid backup manifest (${issue.path.join('.') || 'root'}: ${issue.message}).`,
    );
  }
  return result.data;
}

// ---------------------------------------------------------------------------------------------------------------
// Backup

export interface Summary {
  tables: number;
  rows: number;
  sequences: number;
  /** Stored files in the backup, and their bytes. */
  files: number;
  bytes: number;
  /** What the user should know (stored files left in a backend this installation does not read). */
  notes: string[];
}

/** Text fetched from the cursor per round trip, about: the rows per fetch follow the size of the rows seen so far. */
const FETCH_BYTES = 4 * 1024 * 1024;
const FETCH_MAX = 1_000;

/**
 * Writes a backup of every table into the new folder `dir` (refused when it exists). The rows are read in one
 * read-only snapshot, a table at a time through a cursor, and written as they come; the folder appears under its
 * name only once complete (written beside it, then renamed).
 */
export async function backup(ctx: StorageContext, dir: string): Promise<Summary> {
  const database = ctx.database;
  if (fs.existsSync(dir)) throw new BackupError(`${dir} exists already: name a new folder for the backup.`);
  const partial = `${dir}.partial-${crypto.randomBytes(4).toString('hex')}`;
  await fs.promises.mkdir(path.join(partial, 'tables'), { recursive: true });
  try {
    const manifest = await database.db.transaction(
      async (tx) => {
        // instants as UTC text, the same whichever database or time zone wrote them
        await tx.execute(sql`set local timezone = 'UTC'`);
        const [tables, applied, seqs] = [await catalog(tx), await appliedMigrations(tx), await sequences(tx)];
        const dumped: Manifest['tables'] = [];
        for (const table of tables)
          dumped.push({ name: table.name, columns: table.columns, ...(await dumpTable(tx, table, partial)) });
        return sealManifest({
          format: FORMAT,
          format_version: FORMAT_VERSION,
          created_at: new Date().toISOString(),
          app_version: APP_VERSION,
          database: database.kind,
          schema: { migrations: applied.length, last_hash: applied.at(-1) ?? null },
          tables: dumped,
          sequences: seqs,
          files: [],
        });
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const sealed = sealManifest({ ...manifest, files: await dumpFiles(ctx, partial) });
    await writeDurably(path.join(partial, MANIFEST), `${JSON.stringify(sealed, null, 1)}\n`);
    await fs.promises.rename(partial, dir);
    return summary(sealed, []);
  } catch (err) {
    await fs.promises.rm(partial, { recursive: true, force: true });
    throw err;
  }
}

const summary = (manifest: Manifest, notes: string[]): Summary => ({
  tables: manifest.tables.length,
  rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
  sequences: manifest.sequences.length,
  files: manifest.files.reduce((n, f) => n + f.count, 0),
  bytes: manifest.files.reduce((n, f) => n + f.bytes, 0),
  notes,
});

/**
 * Copies the stored files of each area kept in the data folder into the backup, one stream at a time, with an index
 * of their keys, sizes and checksums. Files are copied after the rows' snapshot: one uploaded meanwhile is in the
 * backup without a record (harmless), one deleted meanwhile may be missing from it.
 */
async function dumpFiles(ctx: StorageContext, dir: string): Promise<Manifest['files']> {
  const out: Manifest['files'] = [];
  for (const area of AREAS) {
    const store = fileStore(ctx, area);
    if (store.backend !== 'folder') continue; // in the database: rows of stored_files and file_chunks, dumped above
    await fs.promises.mkdir(path.join(dir, 'files', area), { recursive: true });
    const index = await fs.promises.open(fileIndex(dir, area), 'wx', 0o600);
    const hash = crypto.createHash('sha256');
    let count = 0;
    let bytes = 0;
    try {
      // in key order, so that the same files make the same index
      const keys: string[] = [];
      for await (const key of store.keys()) keys.push(key);
      for (const key of keys.sort()) {
        const file = await store.open(key);
        if (!file) continue; // removed meanwhile
        const target = storedFile(dir, area, key);
        const m = meter();
        await pipeline(file.stream, m.stream, fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }));
        await syncFile(target);
        const line = `${JSON.stringify({ key, size: m.state.size, sha256: m.state.checksum() })}\n`;
        hash.update(line);
        await index.write(line);
        count += 1;
        bytes += m.state.size;
      }
      await index.sync();
    } finally {
      await index.close();
    }
    out.push({ area, count, bytes, sha256: hash.digest('hex') });
  }
  return out;
}

async function writeDurably(file: string, text: string) {
  const handle = await fs.promises.open(file, 'wx', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** One table's rows as JSON lines, in primary-key order; its row count and the file's SHA-256. */
async function dumpTable(tx: Db, table: CatalogTable, dir: string) {
  const without = table.generated.map((c) => ` - ${literal(c)}`).join('');
  const order = table.primaryKey.length ? ` order by ${table.primaryKey.map((c) => `t.${ident(c)}`).join(', ')}` : '';
  const hash = crypto.createHash('sha256');
  const handle = await fs.promises.open(tableFile(dir, table.name), 'wx', 0o600);
  let rows = 0;
  try {
    await tx.execute(
      sql.raw(`declare backup_rows no scroll cursor for
        select (to_jsonb(t)${without})::text as line from ${qualified(table.name)} t${order}`),
    );
    // one row first, then as many as fit FETCH_BYTES at the average size seen (a table of 1 MB chunks or of ids)
    let fetch = 1;
    let bytes = 0;
    for (;;) {
      const batch = rowsOf<{ line: string }>(await tx.execute(sql.raw(`fetch forward ${fetch} from backup_rows`)));
      if (!batch.length) break;
      const chunk = Buffer.from(batch.map((r) => `${r.line}\n`).join(''), 'utf8');
      hash.update(chunk);
      await handle.write(chunk);
      rows += batch.length;
      bytes += chunk.length;
      fetch = Math.max(1, Math.min(FETCH_MAX, Math.floor(FETCH_BYTES / (bytes / rows))));
    }
    await tx.execute(sql`close backup_rows`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { rows, sha256: hash.digest('hex') };
}

// ---------------------------------------------------------------------------------------------------------------
// Restore

export interface RestoreOptions {
  /** Replace what the database holds; without it a database with any row is refused. */
  force?: boolean;
}

/** Rows sent per insert statement (fewer when their text passes BATCH_BYTES). */
const BATCH_ROWS = 2_000;
const BATCH_BYTES = 8 * 1024 * 1024;
/** The longest row line read (a hostile file without line breaks is refused, not held in memory). */
const MAX_LINE = 256 * 1024 * 1024;

/**
 * Replaces every table's rows with the backup's, in one transaction, and puts the backup's stored files into the
 * configured store. Refused, with nothing changed: a damaged or edited backup, one of a newer schema, one naming
 * tables, columns or sequences this schema lacks, and a database that holds any row unless `force`.
 */
export async function restore(ctx: StorageContext, dir: string, opts: RestoreOptions = {}): Promise<Summary> {
  const db = ctx.database.db;
  const manifest = await readManifest(dir);
  const tables = await catalog(db);
  checkSchema(manifest.schema, await appliedMigrations(db));
  const plan = planTables(manifest, tables);
  const knownSequences = new Set((await sequences(db)).map((s) => s.name));
  const unknownSequences = manifest.sequences.filter((s) => !knownSequences.has(s.name)).map((s) => s.name);
  if (unknownSequences.length)
    throw new BackupError(`The backup names sequences this database lacks: ${unknownSequences.join(', ')}.`);
  for (const { dumped } of plan)
    if (!fs.existsSync(tableFile(dir, dumped.name)))
      throw new BackupError(`${tableFile(dir, dumped.name)} is missing: the backup is incomplete.`);
  await refuseData(db, tables, opts);
  const files = await checkFiles(ctx, dir, manifest);

  // files for the data folder first: the transaction below then only commits rows whose files are in place
  const placed: { store: FileStore; key: string }[] = [];
  try {
    for (const area of files.filter((f) => f.store.backend === 'folder'))
      for (const entry of area.entries)
        if (!entry.present) {
          placed.push({ store: area.store, key: entry.key });
          await putFile(area.store, dir, area.area, entry);
        }
    await db.transaction(async (tx) => {
      await tx.execute(sql`set constraints all deferred`);
      const filled = await refuseData(tx, tables, opts);
      if (filled.length) await tx.execute(sql.raw(`truncate table ${tables.map((t) => qualified(t.name)).join(', ')}`));
      // the rows are restored as they were: no trigger recomputes or adds anything meanwhile
      const triggered = tables.filter((t) => t.triggers);
      for (const t of triggered) await tx.execute(sql.raw(`alter table ${qualified(t.name)} disable trigger user`));
      for (const { dumped, table } of plan) await restoreTable(tx, dir, dumped, table);
      for (const t of triggered) await tx.execute(sql.raw(`alter table ${qualified(t.name)} enable trigger user`));
      await restoreSequences(tx, manifest.sequences);
      // the access rules' triggers on the models that have rules (docs/decisions.md, "Access rules kept per record")
      await compileAllRuleMatches(tx);
      // files for the database store in this transaction (a store on it writes each file in a savepoint)
      const inTx: StorageContext = { config: ctx.config, database: { db: tx, kind: ctx.database.kind } };
      for (const area of files.filter((f) => f.store.backend !== 'folder')) {
        const store = fileStore(inTx, area.area);
        for (const entry of area.entries) await putFile(store, dir, area.area, entry);
      }
    });
  } catch (err) {
    for (const { store, key } of placed.reverse()) await store.remove(key).catch(() => {});
    throw err;
  }
  // after a forced restore, the data folder keeps no file of the replaced data the backup does not have
  if (opts.force)
    for (const area of files.filter((f) => f.store.backend === 'folder')) {
      const kept = new Set(area.entries.map((e) => e.key));
      const stale: string[] = [];
      for await (const key of area.store.keys()) if (!kept.has(key)) stale.push(key);
      for (const key of stale) await area.store.remove(key);
    }
  return summary(manifest, await strandedFiles(ctx, manifest));
}

/** Refuses a backup of a newer schema, or of one that went another way; an older one restores into the tables it knew. */
function checkSchema(dumped: SchemaVersion, applied: string[]) {
  if (dumped.migrations > applied.length)
    throw new BackupError(
      `The backup is of a newer schema (${dumped.migrations} migrations applied, this database has ` +
        `${applied.length}): update Hauswerk to the version that wrote it (or later) first.`,
    );
  if (dumped.migrations > 0 && applied[dumped.migrations - 1] !== dumped.last_hash)
    throw new BackupError(
      `The backup's schema differs from this database's (its migration ${dumped.migrations} is not the one applied ` +
        `here): it was written by another version of Hauswerk.`,
    );
}

/** The backup's tables in this schema's dependency order; refused when it names a table or column this schema lacks. */
function planTables(manifest: Manifest, tables: CatalogTable[]) {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const dumped of manifest.tables) {
    if (seen.has(dumped.name)) problems.push(`${dumped.name} appears twice`);
    seen.add(dumped.name);
    const table = byName.get(dumped.name);
    if (!table) {
      problems.push(`table ${dumped.name} does not exist`);
      continue;
    }
    const columns = new Set(table.columns);
    const generated = new Set(table.generated);
    const named = new Set<string>();
    for (const column of dumped.columns) {
      if (named.has(column)) problems.push(`${dumped.name}.${column} appears twice`);
      named.add(column);
      if (generated.has(column)) problems.push(`${dumped.name}.${column} is computed by the database`);
      else if (!columns.has(column)) problems.push(`column ${dumped.name}.${column} does not exist`);
    }
  }
  if (problems.length) throw new BackupError(`The backup does not fit this database's schema: ${problems.join('; ')}.`);
  const dumpedByName = new Map(manifest.tables.map((t) => [t.name, t]));
  return tables
    .filter((t) => dumpedByName.has(t.name))
    .map((table) => ({ table, dumped: dumpedByName.get(table.name)! }));
}

/** The tables holding rows; refused (nothing changed) unless `force`. */
async function refuseData(db: Db, tables: CatalogTable[], opts: RestoreOptions): Promise<string[]> {
  if (!tables.length) return [];
  const probes = tables.map(
    (t) => `select ${literal(t.name)} as name where exists (select 1 from ${qualified(t.name)})`,
  );
  const filled = rowsOf<{ name: string }>(await db.execute(sql.raw(probes.join(' union all ')))).map((r) => r.name);
  if (filled.length && !opts.force)
    throw new BackupError(
      `The database is not empty (${filled.length} of its tables hold rows: ${filled.slice(0, 5).join(', ')}` +
        `${filled.length > 5 ? ', …' : ''}). ` +
        'A restore replaces everything in it: run it again with --force to do so. Nothing was changed.',
    );
  return filled;
}

/** Reads a table's file line by line (checking each row's columns) and inserts its rows in batches. */
async function restoreTable(tx: Db, dir: string, dumped: Manifest['tables'][number], table: CatalogTable) {
  const file = tableFile(dir, dumped.name);
  const expected = new Set(dumped.columns);
  const names = dumped.columns.map(ident).join(', ');
  // A tree's rows go in through a staging table, then in one statement (its foreign keys checked at its end).
  const tree = table.parents.includes(table.name);
  if (tree)
    await tx.execute(
      sql.raw(`create temporary table backup_stage on commit drop as
        select ${names} from ${qualified(table.name)} with no data`),
    );
  const into = tree ? 'backup_stage' : qualified(table.name);
  const overriding = tree ? '' : ' overriding system value';
  const insert = async (lines: string[]) => {
    const text: SQL = sql`${`[${lines.join(',')}]`}::jsonb`;
    try {
      await tx.execute(
        sql`${sql.raw(`insert into ${into} (${names})${overriding} select ${names} from jsonb_populate_recordset(null::${qualified(table.name)}, `)}${text})`,
      );
    } catch (err) {
      throw failed(dumped.name, err);
    }
  };

  const hash = crypto.createHash('sha256');
  let count = 0;
  let batch: string[] = [];
  let bytes = 0;
  const take = async (line: string) => {
    count += 1;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw new BackupError(`${file}, line ${count}, is not valid JSON: the backup is damaged. Nothing was changed.`);
    }
    const keys = row && typeof row === 'object' && !Array.isArray(row) ? Object.keys(row) : null;
    if (!keys || keys.length !== expected.size || !keys.every((k) => expected.has(k)))
      throw new BackupError(
        `${file}, line ${count}, is not a row of ${dumped.name} with the manifest's columns. Nothing was changed.`,
      );
    batch.push(line);
    bytes += line.length;
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) {
      await insert(batch);
      batch = [];
      bytes = 0;
    }
  };

  const decoder = new StringDecoder('utf8');
  let carry = '';
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    const text = carry + decoder.write(chunk as Buffer);
    const lines = text.split('\n');
    carry = lines.pop()!;
    if (carry.length > MAX_LINE) throw new BackupError(`${file} holds a line longer than any row: it is damaged.`);
    for (const line of lines) await take(line);
  }
  carry += decoder.end();
  const digest = hash.digest('hex');
  if (digest !== dumped.sha256 || carry !== '' || count !== dumped.rows)
    throw new BackupError(
      `${file} does not match its checksum in the manifest (${count} rows read, ${dumped.rows} expected): the ` +
        'backup was changed or is truncated. Nothing was changed.',
    );
  if (batch.length) await insert(batch);
  if (tree) {
    try {
      await tx.execute(
        sql.raw(
          `insert into ${qualified(table.name)} (${names}) overriding system value select ${names} from backup_stage`,
        ),
      );
    } catch (err) {
      throw failed(dumped.name, err);
    }
    await tx.execute(sql`drop table backup_stage`);
  }
}

interface FileEntry {
  key: string;
  size: number;
  sha256: string;
  /** Already in the target's data folder with the same bytes (nothing to write). */
  present: boolean;
}

const fileEntry = z.strictObject({
  key: z.string().refine(isKey, 'not a storage key'),
  size: z.number().int().min(0),
  sha256,
});

/**
 * The backup's stored files per area, checked before anything is written: each index against its checksum, each
 * file against its size and SHA-256. A file the target's data folder already holds under the same key with the same
 * bytes is left as it is; one with other bytes is refused (a key names one file for good).
 */
async function checkFiles(ctx: StorageContext, dir: string, manifest: Manifest) {
  const areas = new Set<StoreArea>();
  const out: { area: StoreArea; store: FileStore; entries: FileEntry[] }[] = [];
  for (const listed of manifest.files) {
    if (areas.has(listed.area)) throw new BackupError(`The backup lists the files of ${listed.area} twice.`);
    areas.add(listed.area);
    const index = fileIndex(dir, listed.area);
    const text = await fs.promises.readFile(index, 'utf8').catch(() => {
      throw new BackupError(`${index} is missing: the backup is incomplete.`);
    });
    if (crypto.createHash('sha256').update(text).digest('hex') !== listed.sha256)
      throw new BackupError(
        `${index} does not match its checksum in the manifest: the backup was changed or is damaged.`,
      );
    const lines = text.split('\n').slice(0, -1);
    const seen = new Set<string>();
    const store = fileStore(ctx, listed.area);
    const entries: FileEntry[] = [];
    for (const [i, line] of lines.entries()) {
      let parsed: ReturnType<typeof fileEntry.safeParse>;
      try {
        parsed = fileEntry.safeParse(JSON.parse(line));
      } catch {
        parsed = fileEntry.safeParse(null);
      }
      if (!parsed.success || seen.has(parsed.data.key))
        throw new BackupError(`${index}, line ${i + 1}, is not a stored file of the backup.`);
      seen.add(parsed.data.key);
      const file = storedFile(dir, listed.area, parsed.data.key);
      const stream = await fs.promises.open(file, 'r').then(
        (handle) => handle.createReadStream(),
        () => {
          throw new BackupError(`${file} is missing: the backup is incomplete.`);
        },
      );
      const got = await digest(stream);
      if (got.size !== parsed.data.size || got.checksum !== parsed.data.sha256)
        throw new BackupError(
          `${file} does not match its checksum in the index: the backup was changed or is damaged. Nothing was changed.`,
        );
      let present = false;
      if (store.backend === 'folder') {
        const there = await store.open(parsed.data.key);
        if (there) {
          if ((await digest(there.stream)).checksum !== parsed.data.sha256)
            throw new BackupError(
              `The stored files already hold another file under the key ${parsed.data.key} (${listed.area}): ` +
                'restore into an empty data folder. Nothing was changed.',
            );
          present = true;
        }
      }
      entries.push({ ...parsed.data, present });
    }
    if (entries.length !== listed.count || entries.reduce((n, e) => n + e.size, 0) !== listed.bytes)
      throw new BackupError(`${index} does not list the files the manifest counts: the backup is damaged.`);
    out.push({ area: listed.area, store, entries });
  }
  return out;
}

/** Writes a stored file of the backup into a store; its bytes are checked again on their way. */
async function putFile(store: FileStore, dir: string, area: StoreArea, entry: FileEntry) {
  const file = storedFile(dir, area, entry.key);
  const written = await store.put(entry.key, fs.createReadStream(file) as Readable);
  if (written.checksum !== entry.sha256 || written.size !== entry.size)
    throw new BackupError(`${file} changed while it was restored. Nothing was changed.`);
}

/** Areas whose files the restored rows keep in the database while this installation reads the data folder. */
async function strandedFiles(ctx: StorageContext, manifest: Manifest): Promise<string[]> {
  const notes: string[] = [];
  for (const area of AREAS) {
    if (manifest.files.some((f) => f.area === area) || fileStore(ctx, area).backend !== 'folder') continue;
    const [row] = await ctx.database.db
      .select({ n: count() })
      .from(storedFiles)
      .where(and(eq(storedFiles.area, area), isNotNull(storedFiles.key))); // a staged upload has no key yet
    if (row && row.n > 0)
      notes.push(
        `${row.n} stored files of ${area} are in the database (the backup's storage) while this installation reads ` +
          'them from the data folder: run `npm run storage:migrate -- --to folder`, or set STORAGE=postgres.',
      );
  }
  return notes;
}

function failed(table: string, err: unknown) {
  const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
  return new BackupError(`The rows of ${table} do not fit this database (${cause}). Nothing was changed.`);
}

/** The sequences where they stood; a serial or identity column's sequence continues after its largest restored id. */
async function restoreSequences(tx: Db, dumped: Manifest['sequences']) {
  for (const s of dumped)
    await tx.execute(sql`select setval(${qualified(s.name)}::regclass, ${s.last_value}::bigint, ${s.is_called})`);
  for (const { sequence, table, column } of await sequenceColumns(tx)) {
    const [state] = rowsOf<{ beyond: boolean; top: string | null }>(
      await tx.execute(
        sql.raw(`select max(${ident(column)})::text as top,
          coalesce(max(${ident(column)}) >= (select last_value + case when is_called then 1 else 0 end
            from ${qualified(sequence)}), false) as beyond
          from ${qualified(table)}`),
      ),
    );
    if (state?.beyond)
      await tx.execute(sql`select setval(${qualified(sequence)}::regclass, ${state.top}::bigint, true)`);
  }
}
