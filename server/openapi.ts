// The OpenAPI document of the API (`GET /api/v1/openapi.json`), made on its first request: a fastify instance that
// never listens registers every route with @fastify/swagger, the models' routes expanded one by one
// (server/crud/model-router.ts), and answers swagger's document. The serving app registers neither swagger nor the
// expanded routes, so neither costs start-up time (docs/decisions.md, "Start-up").
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiRoutes } from './routes/api';
import { lazySerializerCompiler, lazyValidatorCompiler } from './lazy-schemas';
import { APP_VERSION } from './version';
import type { AppContext } from './context';

export async function openApiDocument(ctx: AppContext): Promise<unknown> {
  const { default: swagger } = await import('@fastify/swagger');
  const app: FastifyInstance = Fastify({ logger: false, exposeHeadRoutes: false });
  app.setValidatorCompiler(lazyValidatorCompiler);
  app.setSerializerCompiler(lazySerializerCompiler);
  app.decorate('ctx', ctx);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Hauswerk API', version: APP_VERSION, description: 'Facility and property management workspace' },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(apiRoutes({ expandModelRoutes: true }), { prefix: '/api/v1' });
  await app.ready();
  try {
    return app.swagger();
  } finally {
    await app.close();
  }
}
