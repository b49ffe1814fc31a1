// Requests in flight, counted for background work that gives way to them (the import job pauses between chunks
// while requests are being answered, see imports/give-way.ts). A route with `config: { traffic: false }` is not
// counted (an import's own progress polls).
import type { FastifyInstance, FastifyRequest } from 'fastify';

let inFlight = 0;
const counted = new WeakSet<FastifyRequest>();

/** Requests received and not yet answered (or aborted), in this process. */
export const requestsInFlight = () => inFlight;

export function registerTraffic(app: FastifyInstance) {
  const done = async (req: FastifyRequest) => {
    if (counted.delete(req)) inFlight -= 1;
  };
  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.config?.traffic === false) return;
    counted.add(req);
    inFlight += 1;
  });
  app.addHook('onResponse', done);
  app.addHook('onRequestAbort', done);
  app.addHook('onTimeout', done);
}
