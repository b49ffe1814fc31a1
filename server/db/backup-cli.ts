// `npm run backup [FOLDER]` / `npm run restore -- FOLDER [--force]`: every table of the configured database (PGlite
// in DATA_DIR, or PostgreSQL with DATABASE_URL) into a new backup folder, and back (README "Backup and restore").
// Stop the server first: the embedded database allows one process per data folder, and a restore replaces every
// table under a running server's feet. Exit codes: 0 done, 1 refused or failed (nothing changed), 2 usage.
import fs from 'node:fs';
import { loadConfig } from '../config';
import { openDatabase, type Database } from './client';
import { backup, BackupError, restore } from './backup';

const USAGE = 'Usage: npm run backup [FOLDER]  |  npm run restore -- FOLDER [--force]\n';

/** Statements of a backup or restore may run long on a large table (the server's limit is 15 s). */
const STATEMENT_TIMEOUT_MS = 6 * 60 * 60 * 1000;

const [mode, ...rest] = process.argv.slice(2);
const force = rest.includes('--force');
const args = rest.filter((a) => a !== '--force');
const unknown = args.filter((a) => a.startsWith('-'));
const folder =
  args[0] ?? (mode === 'backup' ? `backup-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}` : undefined);

if ((mode !== 'backup' && mode !== 'restore') || !folder || args.length > 1 || unknown.length) {
  process.stderr.write(USAGE);
  process.exit(2);
}

let database: Database | undefined;
try {
  if (mode === 'backup' && fs.existsSync(folder))
    throw new BackupError(`${folder} exists already: name a new folder for the backup.`);
  const config = loadConfig();
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    statementTimeoutMs: STATEMENT_TIMEOUT_MS,
  });
  const where =
    database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  if (mode === 'backup') {
    const done = await backup(database, folder);
    process.stdout.write(`Backup of ${where} written to ${folder}: ${done.tables} tables, ${done.rows} rows.\n`);
  } else {
    const done = await restore(database, folder, { force });
    process.stdout.write(`Restored ${folder} into ${where}: ${done.tables} tables, ${done.rows} rows.\n`);
  }
} catch (err) {
  const message =
    err instanceof BackupError
      ? err.message
      : mode === 'backup'
        ? `Backup failed: ${(err as Error).message}`
        : `Restore failed: ${(err as Error).message}. Nothing was changed.`;
  process.stderr.write(`${message}\n`);
  process.exitCode = 1;
} finally {
  await database?.close();
}
