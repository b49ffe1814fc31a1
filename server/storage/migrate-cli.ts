// `npm run storage:migrate -- --to postgres|folder`: moves the stored files (documents, import files) of the
// configured database and data folder to the other backend (docs/documents-api.md, "Storage"). Safe to stop and run
// again: each file is copied, read back and compared before it leaves the source. Stop the servers first (the
// embedded database allows one process per data folder; a running server keeps writing to its configured backend),
// then set STORAGE to the new backend. Exit codes: 0 done, 1 failed (run it again), 2 usage.
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { migrateFiles } from './migrate';
import { AREAS } from './stores';

const USAGE = 'Usage: npm run storage:migrate -- --to postgres|folder\n';

const args = process.argv.slice(2);
const at = args.findIndex((a) => a === '--to' || a.startsWith('--to='));
const to = at < 0 ? undefined : args[at]!.includes('=') ? args[at]!.slice(5) : args[at + 1];
const used = at < 0 ? 0 : args[at]!.includes('=') ? 1 : 2;
if ((to !== 'postgres' && to !== 'folder') || args.length !== used) {
  process.stderr.write(USAGE);
  process.exit(2);
}

let database: Database | undefined;
try {
  const config = loadConfig();
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const from = to === 'postgres' ? 'the data folder' : 'the database';
  process.stdout.write(
    `Moving stored files from ${from} to ${to === 'postgres' ? 'the database' : 'the data folder'}.\n`,
  );
  const counts = await migrateFiles({ config, database }, to, {
    onFile: (area, key, outcome) =>
      process.stdout.write(`${outcome === 'copied' ? 'moved' : 'was there'} ${area}/${key}\n`),
  });
  for (const area of AREAS)
    process.stdout.write(`${area}: ${counts[area].copied} moved, ${counts[area].already} already there.\n`);
  process.stdout.write(`Done. Set STORAGE=${to} for the servers.\n`);
} catch (err) {
  process.stderr.write(`Moving the files failed: ${(err as Error).message}. Run the command again to go on.\n`);
  process.exitCode = 1;
} finally {
  await database?.close();
}
