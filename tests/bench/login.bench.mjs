// csrf-cookie + login + GET /user over loopback HTTP against the built server on PGlite, with the production
// password hashing cost. Baseline in the same run: GET /api/v1/health. Budget: p50 under 50 ms.
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import { cookieJar } from './http.mjs';

const PORT = 8392;
const BASE = `http://127.0.0.1:${PORT}/api/v1`;

async function flow() {
  const jar = cookieJar();
  let res = await fetch(`${BASE}/sanctum/csrf-cookie`);
  jar.take(res);
  res = await fetch(`${BASE}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: jar.header(), 'x-xsrf-token': jar.get('XSRF-TOKEN') },
    body: JSON.stringify({ email: 'admin@demo.hauswerk.ch', password: 'bench-password' }),
  });
  if (!res.ok) throw new Error(`login ${res.status}`);
  jar.take(res);
  res = await fetch(`${BASE}/user`, { headers: { cookie: jar.header(), accept: 'application/json' } });
  if (!res.ok) throw new Error(`user ${res.status}`);
  await res.json();
}

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

export async function run() {
  const dir = '.tmp/bench-login';
  fs.rmSync(dir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['dist/server/server.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      JOBS: '0',
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD: 'bench-password',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      if ((await fetch(`${BASE}/health`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  for (let i = 0; i < 10; i++) await flow(); // warm up
  const flows = [];
  for (let i = 0; i < 100; i++) {
    const t = performance.now();
    await flow();
    flows.push(performance.now() - t);
  }
  const health = [];
  for (let i = 0; i < 100; i++) {
    const t = performance.now();
    await (await fetch(`${BASE}/health`)).json();
    health.push(performance.now() - t);
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  const p50 = pct(flows, 50);
  return [
    ['csrf + login + GET /user, p50', `${p50.toFixed(1)} ms`, 'budget < 50 ms', p50 < 50],
    ['csrf + login + GET /user, p95', `${pct(flows, 95).toFixed(1)} ms`, '', true],
    [
      'GET /health p50 (baseline)',
      `${pct(health, 50).toFixed(2)} ms`,
      `flow = ${(p50 / pct(health, 50)).toFixed(0)}× baseline`,
      true,
    ],
  ];
}
