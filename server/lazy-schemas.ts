// Route schemas made and compiled on a route's first request, not at start (docs/decisions.md, "Start-up"): every
// model adds a dozen routes, and building their zod schemas and compiling them at start made start-up grow with
// each model. `lazySchema` defers building a schema (a z.lazy, so validation, types and the OpenAPI document see
// the schema it makes); the compilers below defer compiling a route's schema until the route is first used. The
// counts in `schemaWork` let a test check that start-up does neither per route (tests/api/startup-schemas.test.ts).
import { z } from 'zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AnyEntity } from '../src/entities/define';
import { recordSchema } from '../src/entities/schemas';

/**
 * Since the process started: schemas built by `lazySchema`, route schemas handed to the compilers (by fastify, for
 * every route at start) and route schemas compiled (on first use).
 */
export const schemaWork = { built: 0, deferred: 0, compiled: 0 };

/** The schema `make` returns, made on its first use (validation, serialisation or the OpenAPI document). */
export function lazySchema<T extends z.ZodType>(make: () => T): T {
  return z.lazy(() => {
    schemaWork.built++;
    return make();
  }) as unknown as T;
}

const records = new WeakMap<AnyEntity, z.ZodType>();

/** A model's record reply schema, one per model, made on first use. */
export function lazyRecordSchema(entity: AnyEntity) {
  let schema = records.get(entity) as ReturnType<typeof recordSchema> | undefined;
  if (!schema) records.set(entity, (schema = lazySchema(() => recordSchema(entity))));
  return schema;
}

/** Wraps a schema compiler: fastify calls it for every route at start; the real compiler runs on first use. */
function onFirstUse<Route, Check extends (data: never) => unknown>(compile: (route: Route) => Check) {
  return (route: Route): Check => {
    schemaWork.deferred++;
    let compiled: Check | undefined;
    return ((data: never) => {
      if (!compiled) {
        schemaWork.compiled++;
        compiled = compile(route);
      }
      return compiled(data);
    }) as Check;
  };
}

export const lazyValidatorCompiler = onFirstUse(validatorCompiler);
export const lazySerializerCompiler = onFirstUse(serializerCompiler);
