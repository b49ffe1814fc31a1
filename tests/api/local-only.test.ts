// Endpoints for callers on this machine only (the mail outbox, a bearer token for e-mail and password), run as a
// real server behind a real reverse proxy on the same host: the proxy connects from 127.0.0.1, like nginx does,
// so only its forwarding headers tell that the caller is elsewhere.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, createUser, PASSWORD, type TestEnv } from './harness';

let env: TestEnv;
let direct: string;
let proxied: string;
let proxy: http.Server;

/** A reverse proxy like nginx's `proxy_pass` with the usual X-Forwarded-For/-Proto and X-Real-IP headers. */
function startProxy(upstreamPort: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const client = req.socket.remoteAddress ?? '';
    const forwardedFor = req.headers['x-forwarded-for']
      ? `${String(req.headers['x-forwarded-for'])}, ${client}`
      : client;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          'x-forwarded-for': forwardedFor,
          'x-real-ip': client,
          'x-forwarded-proto': 'https',
        },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const portOf = (server: { address(): unknown }) => (server.address() as AddressInfo).port;

beforeAll(async () => {
  env = await createTestEnv({ trustProxy: true });
  await env.app.listen({ port: 0, host: '127.0.0.1' });
  direct = `http://127.0.0.1:${portOf(env.app.server)}/api/v1`;
  proxy = await startProxy(portOf(env.app.server));
  proxied = `http://127.0.0.1:${portOf(proxy)}/api/v1`;
});
afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await env.close();
});

const tokenRequest = async (base: string, email: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/sanctum/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify({ email, password: PASSWORD, device_name: 'script' }),
  });

describe('behind a reverse proxy on the same machine (TRUST_PROXY=1)', () => {
  it('passes ordinary requests through the proxy', async () => {
    const res = await fetch(`${proxied}/health`);
    expect(res.status).toBe(200);
  });

  it('hides the outbox from requests through the proxy and shows it to direct ones', async () => {
    const through = await fetch(`${proxied}/outbox`);
    expect(through.status).toBe(404);
    expect(await through.json()).toEqual({ message: expect.any(String) });
    const local = await fetch(`${direct}/outbox`);
    expect(local.status).toBe(200);
    expect(await local.json()).toEqual({ data: expect.any(Array) });
  });

  it('refuses a bearer token through the proxy, even with the right password, and issues one directly', async () => {
    const user = await createUser(env);
    const through = await tokenRequest(proxied, user.email);
    expect(through.status).toBe(403);
    expect(JSON.stringify(await through.json())).not.toContain('hw_');
    const local = await tokenRequest(direct, user.email);
    expect(local.status).toBe(200);
    expect(((await local.json()) as { data: { token: string } }).data.token).toMatch(/^hw_/);
  });

  it.each([
    ['x-forwarded-for', '127.0.0.1'],
    ['x-forwarded-host', 'localhost'],
    ['x-forwarded-proto', 'http'],
    ['x-real-ip', '127.0.0.1'],
    ['forwarded', 'for=127.0.0.1;proto=http'],
    ['via', '1.1 proxy'],
  ])('treats a request with only %s as not local', async (header, value) => {
    const user = await createUser(env);
    expect((await fetch(`${direct}/outbox`, { headers: { [header]: value } })).status).toBe(404);
    expect((await tokenRequest(direct, user.email, { [header]: value })).status).toBe(403);
  });

  it('treats a request for another host name (a rebound domain) as not local', async () => {
    const user = await createUser(env);
    const host = { host: 'rebound.example:80' };
    const res = await new Client(env.app).request('GET', '/outbox', undefined, host);
    expect(res.statusCode).toBe(404);
    expect((await new Client(env.app).request('POST', '/sanctum/token', tokenBody(user.email), host)).statusCode).toBe(
      403,
    );
    // the app's own address (APP_URL) and loopback names are this machine
    for (const name of ['hauswerk.test', 'localhost:8080', '127.0.0.1', '[::1]:8080'])
      expect((await new Client(env.app).request('GET', '/outbox', undefined, { host: name })).statusCode).toBe(200);
  });

  it('refuses other machines, with or without the proxy', async () => {
    const user = await createUser(env);
    const remote = new Client(env.app, { remoteAddress: '203.0.113.7' });
    expect((await remote.get('/outbox')).statusCode).toBe(404);
    expect((await remote.post('/sanctum/token', tokenBody(user.email))).statusCode).toBe(403);
  });
});

const tokenBody = (email: string) => ({ email, password: PASSWORD, device_name: 'script' });

describe('switching the outbox', () => {
  it('is off by default once SMTP is configured', async () => {
    const smtpEnv = await createTestEnv({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      expect((await new Client(smtpEnv.app).get('/outbox')).statusCode).toBe(404);
    } finally {
      await smtpEnv.close();
    }
  });

  it('can be switched off without SMTP: mails are still stored, the page is 404', async () => {
    const off = await createTestEnv({ mailOutbox: false });
    try {
      const user = await createUser(off);
      const client = new Client(off.app);
      await client.csrf();
      expect((await client.post('/forgot-password', { email: user.email })).statusCode).toBe(200);
      expect((await new Client(off.app).get('/outbox')).statusCode).toBe(404);
      const stored = await off.database.db.query.mailOutbox.findMany();
      expect(stored.map((m) => m.to)).toEqual([user.email]);
    } finally {
      await off.close();
    }
  });
});
