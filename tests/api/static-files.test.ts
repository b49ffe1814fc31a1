// The built app's files (docs/decisions.md, "Start-up"): hashed assets cached for good, the shell and the
// service worker checked on every load, every other GET path the single-page app, and a missing file, an API path or
// another method a 404 in JSON, never the shell. One route serves every file, however many the build has.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

let env: TestEnv;
let clientDir: string;
const SHELL = '<!doctype html><title>Hauswerk</title>';

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), SHELL);
  fs.writeFileSync(path.join(clientDir, 'sw.js'), 'self.skipWaiting();');
  // as many files as a build has, and more
  for (let i = 0; i < 400; i++)
    fs.writeFileSync(path.join(clientDir, 'assets', `chunk-${i}.js`), `export const n=${i};`);
  env = await createTestEnv({ clientDir });
});
afterAll(async () => {
  await env.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('the built app', () => {
  it('serves a hashed asset for good and the service worker for a check on every load', async () => {
    const asset = await env.app.inject({ method: 'GET', url: '/assets/chunk-399.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('export const n=399;');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const head = await env.app.inject({ method: 'HEAD', url: '/assets/chunk-399.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await env.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('answers every other GET path with the shell, unchecked by caches', async () => {
    for (const url of ['/', '/tickets', '/settings/users?x=1', '/property/1234']) {
      const res = await env.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SHELL);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers a missing file, an unknown API path, another method and a path out of the folder with a 404', async () => {
    for (const [method, url] of [
      ['GET', '/assets/chunk-gone.js'],
      ['GET', '/api/v1/no-such-thing'],
      ['POST', '/tickets'],
      ['GET', '/../package.json'],
      ['GET', '/%2e%2e/package.json'],
      ['GET', '/assets/..%2f..%2fpackage.json'],
    ] as const) {
      const res = await env.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body, `${method} ${url}`).not.toContain('"name": "hauswerk"');
      expect(res.body, `${method} ${url}`).not.toBe(SHELL);
    }
  });

  it('registers one route for the files, not one per file', async () => {
    expect(env.app.hasRoute({ method: 'GET', url: '/assets/chunk-0.js' })).toBe(false);
    expect(env.app.hasRoute({ method: 'GET', url: '/*' })).toBe(true);
  });
});
