// `npm run backup [FILE]` / `npm run restore FILE`: every table as portable JSON, for both databases.
// Stop the server first when on the embedded database (one process per data folder).
import fs from 'node:fs';
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { dumpAll, restoreAll } from './backup';

const [mode, file = `backup-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.json`] =
  process.argv.slice(2);
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  if (mode === 'backup') {
    const dump = await dumpAll(database.db);
    fs.writeFileSync(file, JSON.stringify(dump));
    process.stdout.write(`Backup written to ${file}\n`);
  } else if (mode === 'restore') {
    const dump = JSON.parse(fs.readFileSync(file, 'utf8')) as { tables: Record<string, Record<string, unknown>[]> };
    await restoreAll(database.db, dump);
    process.stdout.write(`Restored from ${file}\n`);
  } else {
    process.stderr.write('Usage: npm run backup [FILE] | npm run restore FILE\n');
    process.exitCode = 2;
  }
} finally {
  await database.close();
}
