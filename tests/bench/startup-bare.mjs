// The baseline of startup.bench.mjs: a bare Fastify server with one route, GET /api/v1/health answered by a
// `select 1`, on the same database as the app: PGlite opening the same data folder (the same extension and
// durability setting as server/db/client.ts) when DATA_DIR is set, else a pg pool on DATABASE_URL. PORT, HOST.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
let query;
let close = async () => {};
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
  query = () => pool.query('select 1 as ok');
  close = () => pool.end();
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = new PGlite(`${process.env.DATA_DIR}/pgdata`, { relaxedDurability: true, extensions: { pg_trgm } });
  await db.waitReady;
  query = () => db.query('select 1 as ok');
  close = () => db.close(); // a clean shutdown: the next start on this folder replays no log
}
app.get('/api/v1/health', async () => {
  await query();
  return { status: 'ok' };
});
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', async () => {
  await app.close();
  await close();
  process.exit(0);
});
