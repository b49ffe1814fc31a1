// Makes the data folder template of a build (scripts/build-server.mjs; server/db/client.ts copies it on a first
// start): a PGlite database with every migration applied and nothing else, in the folder given as the argument.
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, pgliteVersion } from './client';

const target = process.argv[2];
if (!target) throw new Error('usage: data-template <folder>');
const work = `${target}.work`;
// no template while this one is made: the database below is created by PGlite itself
for (const old of [`${target}.json`, target, work]) fs.rmSync(old, { recursive: true, force: true });
const database = await openDatabase({ dataDir: work });
await database.close();
fs.renameSync(path.join(work, 'pgdata'), target);
fs.rmSync(work, { recursive: true, force: true });
fs.writeFileSync(`${target}.json`, `${JSON.stringify({ pglite: pgliteVersion() })}\n`);
