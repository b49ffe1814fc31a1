// The server the browser journeys run against: the built server on a fresh data folder, jobs off, quick hashing.
import fs from 'node:fs';
// One folder per port, so journeys of two checkouts or runs never share a database.
const dir = `.tmp/e2e-data-${process.env.PORT ?? 'default'}`;
fs.rmSync(dir, { recursive: true, force: true });
process.env.DATA_DIR = dir;
process.env.JOBS = '0';
process.env.SCRYPT_COST ??= '4096';
process.env.LOG_LEVEL ??= 'warn';
// the webhook journey's receiver listens on this machine (docs/domain/webhooks.md, "Addresses")
process.env.WEBHOOK_ALLOWED_HOSTS ??= '127.0.0.1';
await import('../dist/server/server.js');
