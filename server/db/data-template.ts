// Makes the data folder templates of a build (scripts/build-server.mjs; server/db/client.ts copies one on a first
// start), given the empty one's folder as the argument: a PGlite database with every migration applied and nothing
// else, and beside it `pgdata-demo-template`, the same with the demo workspace seeded, its admin without a password
// (server/db/seed-demo.ts), and the day it was seeded (docs/decisions.md, "Start-up").
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, pgliteVersion, type TemplateMade } from './client';
import { loadConfig } from '../config';
import { seedDemo } from './seed-demo';

const target = process.argv[2];
if (!target) throw new Error('usage: data-template <folder>');
const demoTarget = path.join(path.dirname(target), 'pgdata-demo-template');

/** Makes `folder` (and `folder.json`) from a database that `fill` completes; no template while it is made. */
async function make(
  folder: string,
  from: string | null,
  fill: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<TemplateMade | null>,
) {
  const work = `${folder}.work`;
  for (const old of [`${folder}.json`, folder, work]) fs.rmSync(old, { recursive: true, force: true });
  if (from) fs.cpSync(from, path.join(work, 'pgdata'), { recursive: true });
  // the empty one is created by PGlite itself (no template is there while it is made); the demo's starts from it
  const database = await openDatabase({ dataDir: work });
  let made: TemplateMade | null;
  try {
    made = await fill(database);
  } finally {
    await database.close();
  }
  if (!made) return fs.rmSync(work, { recursive: true, force: true });
  fs.renameSync(path.join(work, 'pgdata'), folder);
  fs.rmSync(work, { recursive: true, force: true });
  fs.writeFileSync(`${folder}.json`, `${JSON.stringify(made)}\n`);
}

// the demo's template goes first: a failed build must not leave one beside a newer empty template
for (const old of [`${demoTarget}.json`, demoTarget]) fs.rmSync(old, { recursive: true, force: true });
await make(target, null, async (database) => {
  // PGlite works in `template1`; the cluster's other two databases are never opened. Without them a first start
  // copies 14 MB less (docs/decisions.md, "Start-up"); the demo's template starts from this one.
  for (const statement of [
    'drop database if exists postgres',
    "update pg_database set datistemplate = false where datname = 'template0'",
    'drop database if exists template0',
    'checkpoint',
  ])
    await database.db.execute(sql.raw(statement));
  return { pglite: pgliteVersion() };
});
await make(demoTarget, target, async (database) => {
  const day = () => new Date().toISOString().slice(0, 10);
  const seededOn = day();
  await seedDemo({ db: database.db, config: loadConfig() }, { unclaimed: true });
  // nothing that must differ between installs: the application key and every secret are made by each install
  for (const table of [
    'app_secrets',
    'sessions',
    'user_tokens',
    'personal_access_tokens',
    'order_tokens',
    'public_pages',
    'calendar_feeds',
    'property_delete_requests',
  ]) {
    const res = (await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
      rows: { n: number }[];
    };
    if (res.rows[0]!.n !== 0) throw new Error(`the demo template must hold no ${table}`);
  }
  // seeded across midnight (UTC): its dates belong to no single day, so no demo template this time
  return day() === seededOn ? { pglite: pgliteVersion(), seeded_on: seededOn } : null;
});
