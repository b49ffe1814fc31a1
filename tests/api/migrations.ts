// A database at an earlier migration, for the tests of what a later migration keeps: an in-memory PGlite with the
// migrations of server/db/migrations applied in order up to (not including) the one named, and a way to run the
// next ones.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const dir = path.resolve('server/db/migrations');
const files = () =>
  fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_.*\.sql$/.test(f))
    .sort();

/** A database with every migration before `number` ("0025") applied; `upTo(next)` applies those before `next`. */
export async function databaseBefore(number: string) {
  const db = new PGlite({ extensions: { pg_trgm } });
  const done = new Set<string>();
  const upTo = async (before: string) => {
    for (const file of files().filter((f) => f < before && !done.has(f))) {
      for (const statement of fs.readFileSync(path.join(dir, file), 'utf8').split('--> statement-breakpoint'))
        if (statement.trim()) await db.exec(statement);
      done.add(file);
    }
  };
  await upTo(number);
  return { db, upTo, files: files() };
}
