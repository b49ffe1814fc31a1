// `npm run backup [FOLDER]` / `npm run restore -- FOLDER [--force]`: every table of the configured database (PGlite
// in DATA_DIR, or PostgreSQL with DATABASE_URL) and the stored files of the data folder into a new backup folder,
// and back (README "Backup and restore").
// Stop the server before a restore (it replaces every table under a running server's feet), and before a backup of
// the embedded database (one process per data folder). Exit codes: 0 done, 1 refused or failed (nothing changed),
// 2 usage.
import fs from 'node:fs';
import { loadConfig } from '../config';
import { openDatabase, type Database } from './client';
import { backup, BackupError, restore, type Summary } from './backup';

const USAGE = 'Usage: npm run backup [FOLDER]  |  npm run restore -- FOLDER [--force]\n';

/** Statements of a backup or restore may run long on a large table (the server's limit is 15 s). */
const STATEMENT_TIMEOUT_MS = 6 * 60 * 60 * 1000;

const [mode, ...rest] = process.argv.slice(2);
const force = rest.includes('--force');
const args = rest.filter((a) => a !== '--force');
const unknown = args.filter((a) => a.startsWith('-'));
const folder =
  args[0] ?? (mode === 'backup' ? `backup-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}` : undefined);

if (
  (mode !== 'backup' && mode !== 'restore') ||
  !folder ||
  args.length > 1 ||
  unknown.length ||
  (force && mode !== 'restore')
) {
  process.stderr.write(USAGE);
  process.exit(2);
}

const counts = (s: Summary) =>
  `${s.tables} tables, ${s.rows} rows, ${s.files} stored files (${(s.bytes / 1024 / 1024).toFixed(1)} MB)`;

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
    const done = await backup({ config, database }, folder);
    process.stdout.write(`Backup of ${where} written to ${folder}: ${counts(done)}.\n`);
  } else {
    const done = await restore({ config, database }, folder, { force });
    process.stdout.write(`Restored ${folder} into ${where}: ${counts(done)}.\n`);
    for (const note of done.notes) process.stdout.write(`Note: ${note}\n`);
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
