// The built app as `npm start` runs it, for the benchmarks that drive it like a user: the journeys' server
// (scripts/e2e-server.mjs: a fresh PGlite folder with the demo workspace, jobs off) on `port`, its demo login's
// password `password`, `env` beside; resolves once it answers `/api/v1/health`.
import { spawn } from 'node:child_process';

export async function startDemoServer(port, password, env = {}) {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_PASSWORD: password,
      APP_URL: base,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`);
    const ok = await fetch(`${base}/api/v1/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}
