// Cross-cutting promises: JSON 404s, OpenAPI, security headers, no secrets in logs, no internals in errors,
// 503 when the database is gone, and one process per embedded data folder.
// @both-databases: the pool, the statement timeout and the health of each database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, createUser, json, PASSWORD, type TestEnv } from './harness';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { DataDirLockedError } from '../../server/db/data-dir-lock';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

describe('API surface', () => {
  it('answers an unknown /api/v1 path with a JSON 404, also for writes', async () => {
    const client = new Client(env.app);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await client.request(method, '/api/v1/does-not-exist', method === 'GET' ? undefined : {});
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(json(res)).toEqual({ message: 'Not found.' });
    }
  });

  it('publishes an OpenAPI document of every route with request and response schemas', async () => {
    const doc = json<{
      openapi: string;
      paths: Record<string, Record<string, { responses: object; requestBody?: object }>>;
    }>(await new Client(env.app).get('/openapi.json'));
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/v1/login',
      '/api/v1/user',
      '/api/v1/two-factor-challenge',
      '/api/v1/settings-groups/{uuid}',
      '/api/v1/system-notifications/{id}/confirmations',
    ])
      expect(Object.keys(doc.paths)).toContain(p);
    expect(doc.paths['/api/v1/login']!.post!.requestBody).toBeDefined();
    expect(Object.keys(doc.paths['/api/v1/user']!.get!.responses)).toContain('200');
  });

  it('sends the security headers and no X-Powered-By or CORS headers', async () => {
    const res = await new Client(env.app).request('GET', '/api/v1/health', undefined, {
      origin: 'https://evil.example',
    });
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unsupported content types with a 4xx, never a 500', async () => {
    const client = new Client(env.app);
    await client.csrf();
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: {
        'content-type': 'text/xml',
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!,
      },
      payload: '<login/>',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('logs', () => {
  it('never write a password, session id, XSRF token or API token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const probe = await buildAppWithStream(stream);
    const user = await createUser(env);
    const client = new Client(probe);
    await client.login(user.email);
    const token = client.cookies.get('hauswerk_session')!;
    const xsrf = client.cookies.get('XSRF-TOKEN')!;
    const api = await client.post('/user/api-tokens', { name: 'x' });
    const apiToken = json<{ data: { token: string } }>(api).data.token;
    await client.post('/forgot-password', { email: user.email });
    const reset = json<{ data: { text: string }[] }>(
      await client.get(`/outbox?to=${encodeURIComponent(user.email)}`),
    ).data[0]!.text.match(/token=([\w-]+)/)![1]!;
    await new Client(probe).get(`/user/delete-request/${reset}`);
    await probe.close();
    const all = lines.join('\n');
    expect(lines.length).toBeGreaterThan(5);
    for (const secret of [PASSWORD, token, xsrf, apiToken, reset]) expect(all).not.toContain(secret);
    expect(all).toContain('login_success');
  });
});

async function buildAppWithStream(stream: Writable) {
  const app = await buildApp({
    database: env.database,
    config: { scryptCost: 1024, logLevel: 'debug' },
    logStream: stream,
  });
  await app.ready();
  return app;
}

describe('failures', () => {
  it('answers 503 without internals when the database is gone', async () => {
    if (!process.env.TEST_DATABASE_URL) {
      const db = await openDatabase({ dataDir: 'memory://' });
      const app = await buildApp({ database: db, logger: false, config: { scryptCost: 1024 } });
      await db.close();
      const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).not.toMatch(/at \w+ \(|select|PGlite|stack/i);
      await app.close();
      return;
    }
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.port = '1'; // nothing listens there
    const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '' }).catch((e: Error) => e);
    expect(db).toBeInstanceOf(Error);
  });

  it('answers 500 with a generic message and no stack or SQL', async () => {
    const app = await buildApp({ database: env.database, logger: false, config: { scryptCost: 1024 } });
    app.get('/api/v1/boom', { config: { public: true } }, async () => {
      throw new Error('relation "secret_table" does not exist at SELECT * FROM secret_table');
    });
    const res = await app.inject({ method: 'GET', url: '/api/v1/boom' });
    expect(res.statusCode).toBe(500);
    expect(json(res)).toEqual({ message: 'An unexpected error occurred.' });
    await app.close();
  });
});

describe('embedded database', () => {
  it('refuses a second process on the same data folder with a clear message', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hauswerk-lock-'));
    const lock = path.join(dir, 'hauswerk.lock');
    fs.writeFileSync(lock, String(process.ppid)); // a live process that is not us
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by another Hauswerk process/);
    fs.writeFileSync(lock, '999999'); // a stale lock of a process that is gone is taken over
    const db = await openDatabase({ dataDir: dir });
    await db.close();
    expect(fs.existsSync(lock)).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
