// The real server as a child process, for the tests that kill it or run two of it: the server bundled once per
// test file (as `npm start` builds it) into a folder of its own, started on a free port and a database of the
// test's own (a fresh PGlite folder, or a fresh database on the PostgreSQL of TEST_DATABASE_URL). Every process
// and folder is removed by cleanUp(), also when a test fails.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { buildServer } from '../../scripts/build-server.mjs';
import { projectRoot } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { createUser, freshPostgresDatabase, type TestEnv } from './harness';

const children = new Set<ChildProcess>();
const folders = new Set<string>();
const drops: (() => Promise<void>)[] = [];
process.once('exit', () => children.forEach((c) => c.kill('SIGKILL')));

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** Bundles server/server.ts; answers the entry file. */
export async function bundleServer(): Promise<string> {
  const dir = path.join(projectRoot, '.tmp', `server-${crypto.randomBytes(4).toString('hex')}`);
  folders.add(dir);
  await buildServer(dir);
  return path.join(dir, 'server.js');
}

export interface TestDatabase {
  kind: 'pglite' | 'postgres';
  /** The environment that points a server process at it (DATA_DIR holds uploads on both). */
  env: Record<string, string>;
  /** Opens it in the test process (PGlite: only while no server process holds the folder). */
  open: () => Promise<Database>;
}

/** A fresh database of the tier the tests run in. */
export async function freshDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-proc-'));
  folders.add(dataDir);
  const base = process.env.TEST_DATABASE_URL;
  if (!base)
    return { kind: 'pglite', env: { DATA_DIR: dataDir, DATABASE_URL: '' }, open: () => openDatabase({ dataDir }) };
  const { url, drop } = await freshPostgresDatabase(base);
  drops.push(drop);
  return {
    kind: 'postgres',
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    open: () => openDatabase({ databaseUrl: url, dataDir: '' }),
  };
}

/** The bundled server and a fresh database of the tier, migrated, with a user to sign in as. */
export async function prepareServer(): Promise<{ entry: string; db: TestDatabase; email: string }> {
  const [entry, db] = await Promise.all([bundleServer(), freshDatabase()]);
  const database = await db.open();
  try {
    return { entry, db, email: (await createUser({ database } as TestEnv)).email };
  } finally {
    await database.close();
  }
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Everything it printed. */
  output: () => string;
  /** Sends the signal and waits until the process is gone. */
  stop: (signal: NodeJS.Signals) => Promise<void>;
}

/** Starts the bundled server and waits until /health answers 200. */
export async function startServer(entry: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      JOBS: '0',
      SEED_DEMO: '0',
      SCRYPT_COST: '1024',
      LOG_LEVEL: 'warn',
      APP_KEY: 'test-key-for-server-processes-0123456789',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void gone.then(() => children.delete(child));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited:\n${out}`);
    if (Date.now() - started > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 60 s:\n${out}`);
    }
    const ok = await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    child,
    output: () => out,
    stop: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await gone;
    },
  };
}

/** Kills every server process still running, drops the databases and removes the folders of this file. */
export async function cleanUp() {
  const running = [...children];
  await Promise.all(
    running.map((c) => new Promise<void>((resolve) => (c.once('exit', () => resolve()), c.kill('SIGKILL')))),
  );
  for (const drop of drops.splice(0)) await drop().catch(() => {});
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  folders.clear();
}
