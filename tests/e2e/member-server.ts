// A server of the journeys' own with a second member in the demo workspace: the API adds no member to a settings
// group (invitations answer only), so the member is written into the stopped server's data folder. The demo
// admin's row is copied (same password, terms and verified e-mail) under a new e-mail, and made a user of the
// demo settings group. Port: the journeys' port + 1; data: .tmp/e2e-member-<port>.
import fs from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DEMO_PASSWORD, E2E_PORT } from '../../playwright.config';
import { DEMO } from './support';

export const MEMBER_PORT = E2E_PORT + 1;
export const MEMBER_URL = `http://127.0.0.1:${MEMBER_PORT}`;
export const MEMBER = { email: 'mia.muster@demo.hauswerk.ch', name: 'Mia Muster', password: DEMO.password };

const dataDir = path.resolve(`.tmp/e2e-member-${MEMBER_PORT}`);

function start(): ChildProcess {
  const env = {
    ...process.env,
    PORT: String(MEMBER_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_PASSWORD,
    APP_URL: MEMBER_URL,
    JOBS: '0',
    SCRYPT_COST: '4096',
    LOG_LEVEL: 'warn',
  };
  return spawn(process.execPath, ['dist/server/server.js'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function healthy(server: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server ended (${server.exitCode})`);
    try {
      if ((await fetch(`${MEMBER_URL}/api/v1/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not start');
}

export async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const ended = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await ended;
}

async function addMember() {
  const db = new PGlite(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  try {
    await db.query(
      `WITH admin AS (SELECT * FROM users WHERE email = $1),
       member AS (
         INSERT INTO users (email, email_verified_at, password_hash, first_name, last_name, locale, date_format,
                            terms_version, terms_accepted_at, default_settings_group_uuid)
         SELECT $2, email_verified_at, password_hash, 'Mia', 'Muster', 'en-us', date_format, terms_version,
                terms_accepted_at, default_settings_group_uuid FROM admin
         RETURNING id, default_settings_group_uuid)
       INSERT INTO settings_group_members (settings_group_uuid, user_id, role)
       SELECT default_settings_group_uuid, id, 'user' FROM member`,
      [DEMO.email, MEMBER.email],
    );
  } finally {
    await db.close();
  }
}

/** Seeds the demo on a fresh data folder, adds the member while the server is stopped, and starts it again. */
export async function startServerWithMember(): Promise<ChildProcess> {
  const taken = await fetch(`${MEMBER_URL}/api/v1/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${MEMBER_PORT} is in use: the member journeys need it (E2E_PORT + 1)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const seeding = start();
  await healthy(seeding);
  await stopServer(seeding);
  await addMember();
  const server = start();
  await healthy(server);
  return server;
}
