// Network restrictions (docs/domain/permissions.md, "Networks"): for a signed-in request, the settings groups whose
// ranges refuse the caller's address (req.ip; X-Forwarded-For only with TRUST_PROXY, server/config.ts) are taken out
// of req.memberships, so every list and record read behaves as if the caller were not a member there (404s, empty
// lists). A request that names such a settings group itself (`settings_group_uuid` in the query or body, or the path
// /settings-groups/{uuid}/…) is a 403 saying why, logged as event 'network_denied'. Admin services see the same set
// through deniedGroups(user) (requireAdmin answers 403). One query per request, only for callers with memberships.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http-error';
import type { UserRow } from '../context';
import { allowedFrom, rulesOf } from '../services/networks.service';
import { routeUrl } from '../crud/route-url';

const denied = new WeakMap<UserRow, Set<string>>();

/** The settings groups the current request's caller may not reach from their address (empty without a request). */
export const deniedGroups = (user: UserRow): ReadonlySet<string> => denied.get(user) ?? new Set();

const refuse = (req: FastifyRequest, settingsGroup: string) => {
  req.log.warn({ event: 'network_denied', user: req.user?.uuid, settings_group: settingsGroup, ip: req.ip });
  return new HttpError(403, 'network.denied');
};

const named = (value: unknown): string | undefined =>
  value &&
  typeof value === 'object' &&
  typeof (value as { settings_group_uuid?: unknown }).settings_group_uuid === 'string'
    ? (value as { settings_group_uuid: string }).settings_group_uuid
    : undefined;

export function registerNetworks(app: FastifyInstance) {
  // After registerAuth's onRequest hook (registered before this one): req.user and req.memberships are set.
  app.addHook('onRequest', async (req) => {
    if (!req.user || !req.memberships?.length) return;
    const rules = await rulesOf(
      app.ctx.db,
      req.memberships.map((m) => m.uuid),
    );
    if (!rules.size) return;
    const refused = new Set([...rules].filter(([, r]) => !allowedFrom(r, req.ip)).map(([sg]) => sg));
    if (!refused.size) return;
    denied.set(req.user, refused);
    req.memberships = req.memberships.filter((m) => !refused.has(m.uuid));
    const inQuery = named(req.query);
    if (inQuery && refused.has(inQuery)) throw refuse(req, inQuery);
    const url = routeUrl(req) ?? '';
    const inPath = (req.params as { uuid?: unknown } | undefined)?.uuid;
    if (url.startsWith('/api/v1/settings-groups/:uuid') && typeof inPath === 'string' && refused.has(inPath))
      throw refuse(req, inPath);
  });
  app.addHook('preValidation', async (req) => {
    if (!req.user) return;
    const set = denied.get(req.user);
    const inBody = named(req.body);
    if (set && inBody && set.has(inBody)) throw refuse(req, inBody);
  });
}
