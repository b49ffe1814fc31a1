// The records engine's routes for every model, mounted as one fastify route per route shape (docs/decisions.md,
// "Start-up"; docs/architecture.md, "The path of a request"). The engine declares each model's routes as before
// (crud-routes.ts, actions.ts, bulk-routes.ts, spreadsheet/export.routes.ts), with their schemas and config, but they
// are collected here instead of being handed to fastify one by one: `GET /orders/:uuid` and `GET /tasks/:uuid` become
// one route `GET /:model/:uuid` whose `:model` only matches the models that declare it. A request then runs the
// model's own route as fastify would: its config's `authorize` in the preValidation hooks, its params, body, query
// and headers validated in fastify's order with the same compilers and the same validation error, its handler, and
// its reply serialised by its response schema for the status sent. So start-up registers a fixed number of routes
// however many models there are (each fastify route costs start-up time), and the API is unchanged: paths,
// validation, errors and replies are the models' own. `expand` registers every model's routes one by one instead,
// for the OpenAPI document (server/openapi.ts), which lists every path.
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import { entityList } from '../../src/entities/registry';
import { crudRoutes } from './crud-routes';
import { bulkRoutes } from './bulk-routes';
import { exportRoutes } from '../spreadsheet/export.routes';
import { lazySerializerCompiler, lazyValidatorCompiler } from '../lazy-schemas';
import { routeOf, SHAPE, type Method, type ModelRoute, type Shape } from './route-url';

/** A request part fastify validates, in its order (fastify's validation.js), with its schema key. */
const PARTS = [
  ['params', 'params'],
  ['body', 'body'],
  ['querystring', 'query'],
  ['headers', 'headers'],
] as const;

/** The engine's routes of every model, collected from the modules that declare them. */
async function declaredRoutes(app: FastifyInstance): Promise<ModelRoute[]> {
  const routes: ModelRoute[] = [];
  const collect =
    (method: Method) =>
    (url: string, options: RouteShorthandOptions | RouteHandlerMethod, handler?: RouteHandlerMethod) => {
      if (typeof options === 'function') routes.push({ method, url, options: {}, handler: options });
      else routes.push({ method, url, options, handler: handler! });
      return collector;
    };
  // the instance the declaring modules are given: everything of `app` (its ctx, log), routes collected
  const collector: FastifyInstance = Object.create(app, {
    get: { value: collect('GET') },
    post: { value: collect('POST') },
    patch: { value: collect('PATCH') },
    put: { value: collect('PUT') },
    delete: { value: collect('DELETE') },
    route: {
      value: () => {
        throw new Error('model routes are declared with the shorthand methods');
      },
    },
    withTypeProvider: { value: () => collector },
  }) as FastifyInstance;
  await crudRoutes(collector);
  await bulkRoutes()(collector);
  await exportRoutes()(collector);
  return routes;
}

/** The model routes: one fastify route per shape, or (`expand`, for the OpenAPI document) every route itself. */
export function modelRoutes({ expand = false }: { expand?: boolean } = {}) {
  return async (app: FastifyInstance) => {
    const routes = await declaredRoutes(app);
    if (expand) {
      for (const route of routes)
        app.route({ ...route.options, method: route.method, url: route.url, handler: route.handler });
      return;
    }
    for (const shape of shapesOf(routes).values()) mountShape(app, shape);
  };
}

function shapesOf(routes: ModelRoute[]): Map<string, Shape> {
  const plurals = new Set(entityList.map((e) => e.plural));
  const shapes = new Map<string, Shape>();
  for (const route of routes) {
    const [, plural = '', rest = ''] = /^\/([^/]+)(.*)$/.exec(route.url) ?? [];
    if (!plurals.has(plural)) throw new Error(`${route.method} ${route.url}: not a model's route`);
    const unknown = Object.keys(route.options.config ?? {}).filter((k) => k !== 'authorize' && k !== 'prepare');
    // the hooks read a route's config before the model is known: only `authorize` and `prepare` are passed on (below)
    if (unknown.length) throw new Error(`${route.method} ${route.url}: config ${unknown.join(', ')} is not passed on`);
    const key = `${route.method} ${rest}`;
    const shape = shapes.get(key) ?? { method: route.method, rest, routes: new Map() };
    shape.routes.set(plural, route);
    shapes.set(key, shape);
  }
  return shapes;
}

type Model = { model: string };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function mountShape(app: FastifyInstance, shape: Shape) {
  const names = [...shape.routes.keys()].map(escape).join('|');
  app.route({
    method: shape.method,
    url: `/:model(^(?:${names})$)${shape.rest}`,
    schema: { hide: true },
    config: {
      [SHAPE]: shape,
      // the model's own `authorize` (server/plugins/auth.ts runs it before validation)
      authorize: async (req: FastifyRequest) => {
        await routeOf(req)?.options.config?.authorize?.(req);
      },
      // the model's own `prepare`, after `authorize` and before validation (server/context.ts)
      prepare: async (req: FastifyRequest) => {
        await routeOf(req)?.options.config?.prepare?.(req);
      },
    },
    onRequest: async (req, reply) => {
      const route = routeOf(req)!;
      reply.serializer(serializerOf(route, reply));
    },
    preValidation: async (req) => validate(routeOf(req)!, req),
    handler(this: FastifyInstance, req, reply) {
      return routeOf(req)!.handler.call(this, req, reply);
    },
  });
}

type Check = (data: unknown) => { value?: unknown; error?: unknown } | Promise<{ value?: unknown; error?: unknown }>;
type Serialize = (data: unknown) => string;
const checks = new WeakMap<ModelRoute, Partial<Record<string, Check>>>();
const serializers = new WeakMap<ModelRoute, Record<string, Serialize>>();

/** Validates the request as fastify validates a route's schema (fastify's validation.js, `validate`). */
async function validate(route: ModelRoute, req: FastifyRequest) {
  const schema = (route.options.schema ?? {}) as FastifySchema;
  let compiled = checks.get(route);
  if (!compiled) checks.set(route, (compiled = {}));
  for (const [part, key] of PARTS) {
    const partSchema = schema[part];
    if (!partSchema) continue;
    const check = (compiled[part] ??= lazyValidatorCompiler({
      schema: partSchema,
      method: route.method,
      url: route.url,
      httpPart: part,
    } as never) as Check);
    const request = req as unknown as Record<string, unknown>;
    let data = request[key];
    if (part === 'params') {
      const { model: _, ...rest } = data as Record<string, unknown>;
      data = rest;
    }
    const result = await check(data === undefined ? null : data);
    if (result?.error) throw validationError(result.error, part);
    // the model stays in the params: the hooks and the handler find the model's route by it
    if (result?.value)
      request[key] =
        part === 'params' ? { ...(result.value as object), model: (req.params as Model).model } : result.value;
  }
}

/** The error fastify throws when a request part fails its schema (fastify's validation.js, `wrapValidationError`). */
function validationError(validation: unknown, part: string) {
  return Object.assign(new Error(`${part} does not match the route's schema`), {
    statusCode: 400,
    code: 'FST_ERR_VALIDATION',
    validation,
    validationContext: part,
  });
}

/** Serialises a reply by the route's response schema for the status sent, as fastify does; JSON without one. */
function serializerOf(route: ModelRoute, reply: FastifyReply): Serialize {
  const response = ((route.options.schema ?? {}) as FastifySchema).response as Record<string, unknown> | undefined;
  let byStatus = serializers.get(route);
  if (!byStatus) serializers.set(route, (byStatus = {}));
  const known = byStatus;
  return (payload) => {
    // fastify sets the JSON content type itself only when no serializer of the reply's own is set
    if (!reply.hasHeader('content-type')) reply.header('content-type', 'application/json; charset=utf-8');
    const status = String(reply.statusCode);
    const key = response?.[status] ? status : response?.[`${status[0]}xx`] ? `${status[0]}xx` : 'default';
    const schema = response?.[key];
    if (!schema) return JSON.stringify(payload);
    const serialize = (known[key] ??= lazySerializerCompiler({
      schema,
      method: route.method,
      url: route.url,
      httpStatus: key,
    } as never) as Serialize);
    return serialize(payload);
  };
}
