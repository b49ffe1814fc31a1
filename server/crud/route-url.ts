// Which model route a request runs (server/crud/model-router.ts mounts one fastify route per route shape of the
// models' routes): a leaf module, so that the hooks and the error handler can ask without importing the engine.
import type { FastifyRequest, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** One model's route as the engine declared it (url without the API prefix). */
export interface ModelRoute {
  method: Method;
  url: string;
  options: RouteShorthandOptions;
  handler: RouteHandlerMethod;
}

/** The routes of one shape: the models that declare it, by their plural. */
export interface Shape {
  method: Method;
  /** The url after the model's plural: '', '/:uuid', '/:uuid/archive', '/bulk', … */
  rest: string;
  routes: Map<string, ModelRoute>;
}

/** Where a shape's fastify route keeps its models' routes (its config). */
export const SHAPE = Symbol('model route shape');

/** The model route a request was dispatched to (none for a route registered as itself). */
export function routeOf(req: FastifyRequest): ModelRoute | undefined {
  const shape = (req.routeOptions.config as { [SHAPE]?: Shape } | undefined)?.[SHAPE];
  return shape?.routes.get((req.params as { model: string }).model);
}

/**
 * The route's url as its model declared it, with the API prefix (`/api/v1/orders/:uuid`), whether it was dispatched
 * or registered as itself: what the hooks and the error handler look at to know the model or the path.
 */
export function routeUrl(req: FastifyRequest): string | undefined {
  const route = routeOf(req);
  return route ? `/api/v1${route.url}` : req.routeOptions.url;
}
