// A fresh PostgreSQL database for a benchmark (TEST_DATABASE_URL's server, else 127.0.0.1:5432), dropped after.
import pg from 'pg';

export const PG_BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `fn(url)` on a new database named after `prefix`; drops it afterwards, also on failure. */
export async function withDatabase(prefix, fn) {
  const name = `hauswerk_bench_${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(PG_BASE);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
