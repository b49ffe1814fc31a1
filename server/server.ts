// Starts the HTTP server: opens the database (migrations applied; a first start copies the build's template, with
// the demo when it has one of today), seeds the demo on an empty database or gives the copied demo its password,
// starts the scheduled jobs, and shuts down gracefully on SIGTERM/SIGINT. The build runs it from a CommonJS bundle
// through server/boot.ts (a code cache; docs/decisions.md, "Start-up"), so it has no top-level await: `started`
// settles once the server listens.
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';

/** Settles when the server listens (the process exits on a failure to open the data folder). */
export const started = start();

async function start() {
  const startedAt = performance.now();
  const config = loadConfig();
  // The database opens while the rest of the server loads: PGlite compiles its WebAssembly and reads its files in the
  // background meanwhile (docs/decisions.md, "Start-up").
  const opening = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    demo: config.seedDemo,
  }).then(
    (database) => ({ database }),
    (error: unknown) => ({ error }),
  );
  const [{ buildApp }, { seedDemoIfEmpty }, { startScheduler }, { startWebhookSender }] = await Promise.all([
    import('./app'),
    import('./db/seed-demo'),
    import('./jobs/scheduler'),
    import('./webhooks/sender'),
  ]);
  const opened = await opening;
  if ('error' in opened) {
    if (opened.error instanceof DataDirLockedError) {
      console.error(opened.error.message);
      process.exit(1);
    }
    throw opened.error;
  }
  const { database } = opened;
  const app = await buildApp({ config, database });
  if (config.seedDemo) {
    const demo = await seedDemoIfEmpty(app.ctx);
    if (demo) printDemoLogin(demo.email, demo.password, config.appUrl);
  }
  const scheduler = config.jobs ? startScheduler(app.ctx, app.log) : null;
  // webhook deliveries go out as long as the server runs, jobs or not (docs/domain/webhooks.md, "Deliveries")
  const sender = startWebhookSender(app.ctx, app.log);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { event: 'ready', database: app.ctx.database.kind, startup_ms: Math.round(performance.now() - startedAt) },
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
      sender.stop();
      await app.close(); // stops accepting and finishes in-flight requests
      await database.close();
      clearTimeout(force);
      process.exit(0);
    });
  }
}

function printDemoLogin(email: string, password: string, url: string) {
  // Printed once, on the first start with an empty database (README: Quick start). Not a log line.
  const line = '─'.repeat(60);
  process.stdout.write(
    `\n${line}\n  Demo workspace created. Sign in at ${url}\n  E-mail:   ${email}\n  Password: ${password}\n` +
      `  (shown once; \`npm run demo:reset\` recreates the demo with a new password)\n${line}\n\n`,
  );
}
