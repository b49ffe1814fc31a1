// Starts the HTTP server: opens the database (migrations applied), seeds the demo on an empty database,
// starts the scheduled jobs, and shuts down gracefully on SIGTERM/SIGINT.
import { buildApp } from './app';
import { loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { seedDemoIfEmpty } from './db/seed-demo';
import { startScheduler } from './jobs/scheduler';

const started = performance.now();
const config = loadConfig();
let app;
try {
  app = await buildApp({ config });
} catch (err) {
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
if (config.seedDemo) {
  const demo = await seedDemoIfEmpty(app.ctx);
  if (demo) printDemoLogin(demo.email, demo.password, config.appUrl);
}
const scheduler = config.jobs ? startScheduler(app.ctx, app.log) : null;
await app.listen({ port: config.port, host: config.host });
app.log.info(
  { event: 'ready', database: app.ctx.database.kind, startup_ms: Math.round(performance.now() - started) },
  `Hauswerk is running at ${config.appUrl}`,
);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ event: 'shutdown', signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    scheduler?.stop();
    await app.close(); // stops accepting, finishes in-flight requests, closes the database
    clearTimeout(force);
    process.exit(0);
  });
}

function printDemoLogin(email: string, password: string, url: string) {
  // Printed once, on the first start with an empty database (README: Quick start). Not a log line.
  const line = '─'.repeat(60);
  process.stdout.write(
    `\n${line}\n  Demo workspace created. Sign in at ${url}\n  E-mail:   ${email}\n  Password: ${password}\n` +
      `  (shown once; \`npm run demo:reset\` recreates the demo with a new password)\n${line}\n\n`,
  );
}
