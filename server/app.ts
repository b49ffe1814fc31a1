// Builds the Fastify app (no listen): API under /api/v1, OpenAPI, security headers, and the built client with
// history-mode fallback. Tests call buildApp() and use app.inject().
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { loadConfig, outboxOn, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { compileAllRuleMatches } from './services/access-rule-matches';
import { Keyring } from './services/crypto';
import { resolveAppKey } from './services/app-key';
import { createMailer } from './mail/mailer';
import { registerErrorHandling } from './plugins/errors';
import { registerAuth } from './plugins/auth';
import { registerNetworks } from './plugins/networks';
import { registerInputGuard } from './plugins/input-guard';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerTraffic } from './plugins/traffic';
import { logOptions } from './plugins/logging';
import { parseQuerystring } from './plugins/querystring';
import { translate } from './i18n/messages';
import { apiRoutes } from './routes/api';
import { openApiDocument } from './openapi';
import { installModels } from './crud/model-behaviour';
import { allowWebhookHosts } from './webhooks/address';
import { models } from './models';
import { lazySerializerCompiler, lazyValidatorCompiler } from './lazy-schemas';
import type { AppContext } from './context';

export interface BuildOptions {
  config?: Partial<Config>;
  /** An already open database (tests share one per file); otherwise opened from the config. */
  database?: Database;
  logger?: boolean;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const config = { ...loadConfig(), ...opts.config };
  installModels(models);
  allowWebhookHosts(config.webhookAllowedHosts);
  const app = Fastify({
    logger: opts.logger === false ? false : logOptions(config.logLevel, opts.logStream),
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // One proxy hop: the client is the address the proxy added last to X-Forwarded-For, not one a client sent ahead
    // of it (network restrictions and rate limits key on req.ip; docs/domain/permissions.md, "Networks").
    trustProxy: config.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
    bodyLimit: 1024 * 1024,
    requestTimeout: config.requestTimeoutMs,
    routerOptions: { maxParamLength: 200, querystringParser: parseQuerystring },
    ajv: undefined,
    // No HEAD twin of every API GET (fastify's default doubled the routes registered at start; docs/decisions.md,
    // "Start-up"): the built app's files keep theirs (below).
    exposeHeadRoutes: false,
    // zod's compilers only: fastify's default ones (ajv, fast-json-stringify) are then never loaded
    schemaController: {
      compilersFactory: {
        buildValidator: () => lazyValidatorCompiler as never,
        buildSerializer: () => lazySerializerCompiler as never,
      },
    },
  });
  // each route's schemas compiled on its first request, not at start (server/lazy-schemas.ts)
  app.setValidatorCompiler(lazyValidatorCompiler);
  app.setSerializerCompiler(lazySerializerCompiler);

  const database = opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const keyring = new Keyring(await resolveAppKey(database.db, config.appKey));
  await compileAllRuleMatches(database.db); // what the access rules match, as this code compiles them
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outbox: outboxOn(config),
    from: config.mailFrom,
    db: database.db,
    log: app.log,
  });
  const ctx: AppContext = { config, database, db: database.db, keyring, mailer };
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    mailer.close();
    if (!opts.database) await database.close();
  });

  await app.register(cookie);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  registerTraffic(app);
  registerAuth(app);
  registerNetworks(app); // after registerAuth: its hooks read the caller it sets
  registerInputGuard(app);

  await app.register(apiRoutes(), { prefix: '/api/v1' });
  // made on its first request, by an app of its own that lists every model's routes (server/openapi.ts)
  let openApi: Promise<unknown> | undefined;
  app.get(
    '/api/v1/openapi.json',
    { config: { public: true } },
    () =>
      (openApi ??= openApiDocument(ctx).catch((error: unknown) => {
        openApi = undefined; // the next request tries again
        throw error;
      })),
  );

  const indexHtml = path.join(config.clientDir, 'index.html');
  if (fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      // served by the one route below, not a route per built file (the build has hundreds, each registered at start)
      serve: false,
      index: false,
      // the Cache-Control of each file is ours (setHeaders), not the default `max-age=0` set after it
      cacheControl: false,
      setHeaders: (res, file) => {
        // Hashed assets are immutable; the service worker and the shell must be re-checked on every load.
        if (/[/\\]assets[/\\]/.test(file)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'no-cache');
      },
    });
    // Every built file (docs/decisions.md, "Start-up"); a missing file, a folder and any API path fall through
    // to the not-found handler below (a 404, or the app's shell for a page's path). Public: a file needs no sign-in,
    // and an unknown API path stays a 404 as without this route.
    app.get('/*', { config: { public: true }, schema: { hide: true }, exposeHeadRoute: true }, (req, reply) => {
      const file = req.url.split('?')[0]!;
      if (file.startsWith('/api/') || file.endsWith('/')) return reply.callNotFound();
      return reply.sendFile(file.slice(1));
    });
  }

  app.setNotFoundHandler((req, reply) => {
    // API paths, other methods and missing files (an old chunk after a deploy) are a 404, never the app shell.
    const isFile = /\.[a-z0-9]{1,8}$/i.test(req.url.split('?')[0]!);
    if (req.url.startsWith('/api/') || req.method !== 'GET' || isFile || !fs.existsSync(indexHtml))
      return reply.code(404).send({ message: translate(req.locale ?? 'en-us', 'errors.not_found') });
    // History-mode fallback: every other path is the single-page app, which shows its own not-found page.
    return reply.header('Cache-Control', 'no-cache').type('text/html').send(fs.createReadStream(indexHtml));
  });

  return app;
}
