// Documents on PostgreSQL (docs/documents-api.md, "Storage"): upload and download of a 20 MB file through the API
// with the database backend (STORAGE=postgres) against the data folder backend (STORAGE=folder), in the same run: two
// server processes (the real server under tsx) on one fresh PostgreSQL database, each storing its files its own way,
// asked in turn, BENCH_DOC_ROUNDS rounds (7) after a warm-up. Budget: the database's median ≤ 1.3× the folder's, for
// the upload and for the download. `BENCH_DOC_MB` (20) sets the size, `BENCH_DOC_PORT` (8493, and the next) the ports.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import { withDatabase } from './database.mjs';
import { login } from './http.mjs';

const ROUNDS = Number(process.env.BENCH_DOC_ROUNDS ?? 7);
const SIZE = Number(process.env.BENCH_DOC_MB ?? 20) * 1024 * 1024;
const PORT = Number(process.env.BENCH_DOC_PORT ?? 8493);
const EMAIL = 'admin@demo.hauswerk.ch';
const PASSWORD = 'bench-password';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function startServer(env, port) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      JOBS: '0',
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD: PASSWORD,
      DOCUMENT_MAX_MB: String(Math.ceil(SIZE / 1024 / 1024) + 1),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(`exited ${code}`)));
  const base = `http://127.0.0.1:${port}/api/v1`;
  for (const started = Date.now(); ;) {
    if (Date.now() - started > 120_000) throw new Error('the server did not start within 120 s');
    const ok = await Promise.race([
      fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      ),
      exited,
    ]);
    if (typeof ok === 'string') throw new Error(`the server ${ok}`);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base };
}

/** A PDF by its first bytes, then random bytes (incompressible, like most stored documents). */
function file() {
  const data = crypto.randomBytes(SIZE);
  Buffer.from('%PDF-1.7\n').copy(data);
  return data;
}

async function upload(server, record, data, name) {
  const form = new FormData();
  form.set('model_name', 'property');
  form.set('model_uuid', record);
  form.set('file', new Blob([data], { type: 'application/pdf' }), name);
  const t = performance.now();
  const res = await fetch(`${server.base}/documents`, {
    method: 'POST',
    headers: { cookie: server.cookie, 'x-xsrf-token': server.xsrf, accept: 'application/json' },
    body: form,
  });
  const body = await res.json();
  const ms = performance.now() - t;
  if (res.status !== 201) throw new Error(`upload ${res.status} ${JSON.stringify(body)}`);
  return { ms, uuid: body.data.uuid };
}

async function download(server, uuid, checksum) {
  const t = performance.now();
  const res = await fetch(`${server.base}/documents/${uuid}/file`, { headers: { cookie: server.cookie } });
  const hash = crypto.createHash('sha256');
  for await (const part of res.body) hash.update(part);
  const ms = performance.now() - t;
  if (res.status !== 200 || hash.digest('hex') !== checksum) throw new Error(`download ${res.status}: other bytes`);
  return ms;
}

export async function run() {
  const dir = '.tmp/bench-documents';
  fs.rmSync(dir, { recursive: true, force: true });
  return withDatabase('documents', async (url) => {
    const servers = {};
    try {
      // the first start seeds the demo workspace; the second finds it
      servers.folder = await startServer({ DATABASE_URL: url, DATA_DIR: `${dir}/folder`, STORAGE: 'folder' }, PORT);
      servers.postgres = await startServer(
        { DATABASE_URL: url, DATA_DIR: `${dir}/postgres`, STORAGE: 'postgres', SEED_DEMO: '0' },
        PORT + 1,
      );
      for (const server of Object.values(servers)) {
        server.cookie = await login(server.base.replace(/\/api\/v1$/, ''), EMAIL, PASSWORD);
        server.xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(server.cookie)[1]);
      }
      const list = await fetch(`${servers.folder.base}/properties?per_page=1`, {
        headers: { cookie: servers.folder.cookie, accept: 'application/json' },
      }).then((r) => r.json());
      const record = list.data[0].uuid;
      const times = { folder: { up: [], down: [] }, postgres: { up: [], down: [] } };
      for (let round = -1; round < ROUNDS; round++) {
        const data = file();
        const checksum = crypto.createHash('sha256').update(data).digest('hex');
        // in turn, the one going first alternating, so neither always finds the machine warmer
        const order = round % 2 ? ['folder', 'postgres'] : ['postgres', 'folder'];
        for (const kind of order) {
          const server = servers[kind];
          const up = await upload(server, record, data, `bench-${kind}-${round + 1}.pdf`);
          const down = await download(server, up.uuid, checksum);
          if (round >= 0) {
            times[kind].up.push(up.ms);
            times[kind].down.push(down);
          }
        }
      }
      const mb = (SIZE / 1024 / 1024).toFixed(0);
      const rows = [];
      for (const [what, key] of [
        ['upload', 'up'],
        ['download', 'down'],
      ]) {
        const folder = median(times.folder[key]);
        const postgres = median(times.postgres[key]);
        const ratio = postgres / folder;
        rows.push(
          [
            `${what} ${mb} MB, database backend p50`,
            `${postgres.toFixed(0)} ms`,
            `${ratio.toFixed(2)}× folder, budget ≤ 1.3×`,
            ratio <= 1.3,
          ],
          [`${what} ${mb} MB, folder backend p50 (baseline)`, `${folder.toFixed(0)} ms`, `${ROUNDS} rounds`, true],
        );
      }
      return rows;
    } finally {
      for (const server of Object.values(servers)) {
        server.child.kill('SIGTERM');
        await new Promise((r) => (server.child.exitCode === null ? server.child.once('exit', r) : r()));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}
