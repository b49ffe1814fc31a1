// `npm run backup` / `npm run restore FILE`: a portable SQL-free JSON dump of every table, for both databases.
// Stop the server first when on the embedded database (one process per data folder).
import fs from 'node:fs';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from './client';
import * as schema from './schema';

// Parents before children, so foreign keys hold on restore.
const ORDER: PgTable[] = [
  schema.users,
  schema.settingsGroups,
  schema.settingsGroupMembers,
  schema.invitations,
  schema.personalAccessTokens,
  schema.userTokens,
  schema.systemNotifications,
  schema.systemNotificationViews,
  schema.mailOutbox,
  schema.appSecrets,
  schema.jobRuns,
];

const [mode, file = `backup-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.json`] =
  process.argv.slice(2);
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  if (mode === 'backup') {
    const dump: Record<string, unknown[]> = {};
    for (const table of ORDER) dump[getTableConfig(table).name] = await database.db.select().from(table);
    fs.writeFileSync(file, JSON.stringify({ version: 1, created_at: new Date().toISOString(), tables: dump }));
    process.stdout.write(`Backup written to ${file}\n`);
  } else if (mode === 'restore') {
    const dump = JSON.parse(fs.readFileSync(file, 'utf8')) as { tables: Record<string, Record<string, unknown>[]> };
    await database.db.transaction(async (tx) => {
      for (const table of [...ORDER].reverse()) await tx.delete(table);
      for (const table of ORDER) {
        const rows = dump.tables[getTableConfig(table).name] ?? [];
        const revived = rows.map((r) =>
          Object.fromEntries(
            Object.entries(r).map(([k, v]) => [
              k,
              (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) && k.endsWith('_at')) ||
              k === 'date_to_delete' ||
              k === 'window_start'
                ? v === null
                  ? null
                  : new Date(v as string)
                : v,
            ]),
          ),
        );
        for (let i = 0; i < revived.length; i += 500) await tx.insert(table).values(revived.slice(i, i + 500) as never);
      }
      // serial sequences continue after the restored ids
      for (const t of ['users', 'personal_access_tokens', 'user_tokens', 'system_notifications', 'mail_outbox'])
        await tx.execute(
          sql.raw(
            `select setval(pg_get_serial_sequence('${t}', 'id'), coalesce((select max(id) from ${t}), 0) + 1, false)`,
          ),
        );
    });
    process.stdout.write(`Restored from ${file}\n`);
  } else {
    process.stderr.write('Usage: npm run backup [FILE] | npm run restore FILE\n');
    process.exitCode = 2;
  }
} finally {
  await database.close();
}
