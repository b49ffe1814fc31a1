// Replaying changes made offline (docs/decisions.md, "Installable and offline"): 1,000 cell edits queued in
// IndexedDB and replayed by the app's queue (src/offline/queue.ts: one bulk request, then the saved rows leave the
// storage in one transaction) against the same edits sent as one bulk request from the same page. Budget: the replay
// within 1.5× the bulk request (median of BENCH_OFFLINE_ROUNDS, 3, alternating), and no long task over 100 ms in
// the page while it runs. The built server on a fresh demo folder (scripts/e2e-server.mjs) at BENCH_OFFLINE_PORT
// (9291); Debian's Chromium.
import { spawn } from 'node:child_process';
import { build } from 'esbuild';
import { launchChromium } from './chromium.mjs';

const PORT = Number(process.env.BENCH_OFFLINE_PORT ?? 9291);
const ROUNDS = Number(process.env.BENCH_OFFLINE_ROUNDS ?? 3);
const EDITS = 1000;
const PASSWORD = 'demo-password-bench';
const base = `http://127.0.0.1:${PORT}`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function startServer() {
  const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DEMO_PASSWORD: PASSWORD, APP_URL: base },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${base}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return server;
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill();
  throw new Error('server did not start');
}

export async function run() {
  if (
    await fetch(`${base}/api/v1/health`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${PORT} already answers (BENCH_OFFLINE_PORT moves the bench)`);
  const { outputFiles } = await build({
    entryPoints: ['tests/bench/offline-replay-page.ts'],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
  });
  const script = outputFiles[0].text;
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('E-mail').fill('admin@demo.hauswerk.ch');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.addScriptTag({ content: script });
    const count = await page.evaluate((n) => window.benchSetup(n), EDITS);
    if (count < EDITS) throw new Error(`only ${count} facilities`);
    const bulk = [];
    const replay = [];
    let longest = 0;
    // one of each first, untimed: the server's and the page's first requests warm up
    await page.evaluate(() => window.benchBulk('warm'));
    await page.evaluate(() => window.benchQueue('warm-q'));
    for (let r = 0; r < ROUNDS; r++) {
      const b = await page.evaluate((round) => window.benchBulk(round), `bulk-${r}`);
      const q = await page.evaluate((round) => window.benchQueue(round), `queue-${r}`);
      if (b.result !== EDITS || q.result !== EDITS || q.left !== 0)
        throw new Error(`round ${r}: bulk ${b.result}, queue ${q.result}, left ${q.left}`);
      bulk.push(b.ms);
      replay.push(q.ms);
      longest = Math.max(longest, q.longest);
    }
    const ratio = median(replay) / median(bulk);
    return [
      ['1,000 edits as one bulk request', `${median(bulk).toFixed(0)} ms`, `median of ${ROUNDS}`, true],
      [
        '1,000 queued edits replayed',
        `${median(replay).toFixed(0)} ms`,
        `${ratio.toFixed(2)}× the bulk request (≤ 1.5×)`,
        ratio <= 1.5,
      ],
      ['longest task during the replay', `${longest.toFixed(0)} ms`, '< 100 ms', longest < 100],
    ];
  } finally {
    await browser.close();
    server.kill();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [label, value, note, ok] of await run())
    console.log(`${ok ? '✓' : '✗'} ${label.padEnd(40)} ${String(value).padStart(10)}  ${note}`);
}
