// Environment configuration, read once. Every setting has a default that works on a laptop.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}

export const projectRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));

const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  appKey: string | undefined;
  sessionIdleMinutes: number;
  sessionAbsoluteMinutes: number;
  scryptCost: number;
  logLevel: string;
  clientDir: string;
  seedDemo: boolean;
  jobs: boolean;
  requestTimeoutMs: number;
  /** The largest document a user may upload, in bytes. */
  documentMaxBytes: number;
  /** Where uploaded files live (docs/documents-api.md, "Storage"); unset: the database on PostgreSQL, else the data folder. */
  storage: 'folder' | 'postgres' | undefined;
  /** Behind a reverse proxy: the client's address and protocol come from its forwarding headers. */
  trustProxy: boolean;
  /** Whether the mail outbox is readable from this machine; unset: on without SMTP, off with it (see outboxOn). */
  mailOutbox: boolean | undefined;
  /** Hosts a webhook may deliver to although they resolve to an internal address (docs/domain/webhooks.md,
   * "Addresses"): `WEBHOOK_ALLOWED_HOSTS`, comma-separated; none by default. */
  webhookAllowedHosts: string[];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = num(env.PORT, 8080);
  const host = env.HOST ?? '0.0.0.0';
  return {
    port,
    host,
    dataDir: path.resolve(projectRoot, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Hauswerk <no-reply@hauswerk.local>',
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    appKey: env.APP_KEY || undefined,
    sessionIdleMinutes: num(env.SESSION_IDLE_MINUTES, 120),
    sessionAbsoluteMinutes: num(env.SESSION_ABSOLUTE_MINUTES, 720),
    scryptCost: num(env.SCRYPT_COST, 16384),
    logLevel: env.LOG_LEVEL ?? 'info',
    clientDir: path.join(projectRoot, 'dist/client'),
    seedDemo: env.SEED_DEMO !== '0',
    jobs: env.JOBS !== '0',
    requestTimeoutMs: num(env.REQUEST_TIMEOUT_MS, 30_000),
    documentMaxBytes: num(env.DOCUMENT_MAX_MB, 25) * 1024 * 1024,
    storage: storageSetting(env.STORAGE),
    trustProxy: env.TRUST_PROXY === '1',
    mailOutbox: env.MAIL_OUTBOX === '1' ? true : env.MAIL_OUTBOX === '0' ? false : undefined,
    webhookAllowedHosts: (env.WEBHOOK_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
  };
}

function storageSetting(value: string | undefined): Config['storage'] {
  if (!value) return undefined;
  if (value === 'folder' || value === 'postgres') return value;
  throw new Error(`STORAGE must be "folder" or "postgres", not "${value}"`);
}

/** The outbox is on when asked for, else exactly when mail has nowhere else to go (no SMTP server). */
export const outboxOn = (config: Pick<Config, 'mailOutbox' | 'smtpUrl'>) => config.mailOutbox ?? !config.smtpUrl;
