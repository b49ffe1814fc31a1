// Start-up does not grow with the routes: the models' routes are mounted as one fastify route per route shape
// (server/crud/model-router.ts), declaring every route of every model builds no model schema and compiles none, and
// a route builds and compiles its own on its first request (server/lazy-schemas.ts; docs/decisions.md, "Start-up").
// Counts, not timings.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, signedIn, type TestEnv } from './harness';
import { lazySerializerCompiler, lazyValidatorCompiler, schemaWork } from '../../server/lazy-schemas';
import { crudRoutes } from '../../server/crud/crud-routes';
import { bulkRoutes } from '../../server/crud/bulk-routes';
import { exportRoutes } from '../../server/spreadsheet/export.routes';
import { behaviourOf } from '../../server/crud/model-behaviour';
import { entityList } from '../../src/entities/registry';
import { modelRoutes } from '../../server/crud/model-router';

let env: TestEnv;
const atStart = { built: 0, deferred: 0, compiled: 0 };
beforeAll(async () => {
  const before = { ...schemaWork };
  env = await createTestEnv(); // buildApp() and ready(): every route registered, fastify's compile step run
  for (const k of ['built', 'deferred', 'compiled'] as const) atStart[k] = schemaWork[k] - before[k];
});
afterAll(() => env.close());

/** A zod schema made by `lazySchema` and not yet made (z.lazy keeps its getter until first use). */
const unbuilt = (schema: unknown) => {
  const zod = (schema as { _zod?: { def?: { type?: string } } } | undefined)?._zod;
  return zod?.def?.type === 'lazy' && Object.getOwnPropertyDescriptor(zod, 'innerType')?.get !== undefined;
};

describe('route schemas at start', () => {
  it('builds and compiles no route schema at start', () => {
    expect(atStart.compiled).toBe(0);
    expect(atStart.built).toBe(0);
  });

  it('registers one fastify route per route shape of the models, not one per model and route', async () => {
    const count = async (expand: boolean) => {
      const app = Fastify({ logger: false });
      app.decorate('ctx', env.app.ctx);
      app.setValidatorCompiler(lazyValidatorCompiler);
      app.setSerializerCompiler(lazySerializerCompiler);
      const urls: string[] = [];
      app.addHook('onRoute', (route) => void urls.push(`${route.method} ${route.url}`));
      await app.register(modelRoutes({ expand }));
      await app.ready();
      await app.close();
      return urls;
    };
    const declared = await count(true);
    const mounted = await count(false);
    // every model declares its list, record, bulk, export and action routes ...
    expect(declared.length).toBeGreaterThan(entityList.length * 10);
    expect(declared).toContain('GET /orders/:uuid');
    // ... and start-up registers each shape once, whatever the number of models
    const shapes = new Set(declared.map((u) => u.replace(/^(\S+) \/[^/]+/, '$1 ')));
    expect(mounted.length).toBe(shapes.size);
    expect(mounted.length).toBeLessThan(declared.length / 5);
    expect(mounted.every((u) => /^\S+ \/:model\(/.test(u))).toBe(true);
  });

  it('registers the generic routes of every model without building a schema of its own for any of them', async () => {
    // the models are installed (buildApp did it)
    const app = Fastify({ logger: false });
    app.decorate('ctx', env.app.ctx);
    app.setValidatorCompiler(lazyValidatorCompiler);
    app.setSerializerCompiler(lazySerializerCompiler);
    const parts: { route: string; model: string; schema: unknown }[] = [];
    app.addHook('onRoute', (route) => {
      const model = entityList.find((e) => route.url === `/${e.plural}` || route.url.startsWith(`/${e.plural}/`));
      const { response, ...request } = (route.schema ?? {}) as Record<string, unknown>;
      for (const [part, schema] of Object.entries({ ...request, ...(response as object) }))
        if (part !== 'tags' && model)
          parts.push({ route: `${route.method} ${route.url} ${part}`, model: model.name, schema });
    });
    await app.register(crudRoutes);
    await app.register(bulkRoutes());
    await app.register(exportRoutes());
    await app.ready();
    // Shared schemas (params, error replies, bulk bodies) are made once whatever the number of models; a model's
    // declared action bodies are part of its definition. Every other schema must wait for its first use.
    const declared = new Set<unknown>(entityList.flatMap((e) => (behaviourOf(e).actions ?? []).map((a) => a.body)));
    const usedBy = new Map<unknown, Set<string>>();
    for (const p of parts) usedBy.set(p.schema, (usedBy.get(p.schema) ?? new Set()).add(p.model));
    const builtAtStart = parts
      .filter((p) => !unbuilt(p.schema) && !declared.has(p.schema) && usedBy.get(p.schema)!.size === 1)
      .map((p) => p.route);
    expect(parts.length).toBeGreaterThan(entityList.length * 16);
    expect(builtAtStart).toEqual([]);
    await app.close();
  });

  it('builds and compiles a route’s schemas on its first request only', async () => {
    const { client } = await signedIn(env);
    const before = { ...schemaWork };
    const first = await client.get('/properties?per_page=1');
    expect(first.statusCode).toBe(200);
    // a model route answers as fastify would: JSON with its content type
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const once = { built: schemaWork.built - before.built, compiled: schemaWork.compiled - before.compiled };
    // the list's query schema and its reply (with the record schema inside); one validator, one serializer
    expect(once.built).toBeGreaterThanOrEqual(2);
    expect(once.built).toBeLessThanOrEqual(4);
    expect(once.compiled).toBe(2);
    const again = { ...schemaWork };
    expect((await client.get('/properties?per_page=1')).statusCode).toBe(200);
    expect(schemaWork).toEqual(again);
    // a bad query is still refused by the lazily compiled schema, with its field
    const bad = await client.get('/properties?per_page=100000');
    expect(bad.statusCode).toBe(422);
    expect(bad.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json<{ errors: Record<string, unknown> }>(bad).errors).toHaveProperty('per_page');
  });

  it('still describes every route in the OpenAPI document, with the schemas made when it is asked for', async () => {
    const before = schemaWork.built;
    const doc = json<{ paths: Record<string, Record<string, { requestBody?: object; responses: object }>> }>(
      await new Client(env.app).get('/openapi.json'),
    );
    const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(operations).toBeGreaterThan(entityList.length * 8);
    expect(schemaWork.built - before).toBeGreaterThan(entityList.length * 4);
    for (const entity of entityList) {
      const create = doc.paths[`/api/v1/${entity.plural}`]?.post;
      if (create) expect(JSON.stringify(create.requestBody)).toContain('"properties"');
    }
  });
});
