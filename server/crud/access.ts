// What the caller may reach: the settings groups it belongs to (minus groups that enforce 2FA it lacks), with
// its role in each. Every generic query is scoped by this list (docs/domain/security.md, "Another workspace's record"), loaded
// once per request.
import { sql } from 'drizzle-orm';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { AppContext, UserRow } from '../context';
import type { Db } from '../db/client';
import type { Right } from '../../src/entities/permissions';
import { requireUser } from '../plugins/auth';
import { deniedGroups } from '../plugins/networks';
import { entityByName } from '../../src/entities/registry';
import { ownerColumn, type AccessLevel, type AnyEntity } from '../../src/entities/define';
import { forbidden, notFound } from '../http-error';
import { rowsOf } from './table';
import { membershipsOf, type Membership } from '../services/session.service';

export type Action = Right;

/** A member's rights in one settings group: null = all (an admin) or the default rights (no permission groups). */
type GroupRights = ReadonlyMap<string, ReadonlySet<Right>> | null;

export interface Access {
  user: UserRow;
  roles: Map<string, 'admin' | 'user'>;
  groups: string[];
  /** Rights by settings group (docs/domain/permissions.md, "Permissions and roles"). */
  rights: Map<string, GroupRights>;
  /** What narrows a non-admin member's view beyond the rights, by settings group (docs/domain/permissions.md,
   * "Access rules" and "Restricted access"); admins have no entry. */
  limits?: Map<string, Limits>;
  /** Today in the caller's time zone (X-Timezone-Offset; docs/domain/fields.md, "Numbers, money and dates"), else UTC. */
  today?: string;
  /** The client's address, written with each audit entry (none outside a request: a job, an import run). */
  ip?: string;
  /** The caller's settings groups refused from their address (docs/domain/permissions.md, "Networks"): already left
   * out of `roles`; an admins' record there answers 403 saying why. */
  refused?: ReadonlySet<string>;
}

/** YYYY-MM-DD of now shifted by the caller's offset in hours (−14 … 14; anything else counts as UTC). */
export function todayAt(offsetHeader: unknown, now = Date.now()): string {
  const hours = Number(Array.isArray(offsetHeader) ? offsetHeader[0] : offsetHeader);
  const offset = Number.isFinite(hours) && Math.abs(hours) <= 14 ? hours : 0;
  return new Date(now + offset * 3_600_000).toISOString().slice(0, 10);
}

/** A member's access rules and restricted access in one settings group. */
export interface Limits {
  /** The rules that hide records from the member, by model: their uuids (each record keeps the uuids of the rules
   * it matches). */
  rules: Map<string, string[]>;
  /** Restricted access: the member's user groups (they see the properties of these user groups); null when the
   * settings group does not restrict access. */
  userGroups: string[] | null;
}

const cache = new WeakMap<FastifyRequest, Promise<Access>>();

export function accessOf(ctx: AppContext, req: FastifyRequest): Promise<Access> {
  const user = requireUser(req);
  let found = cache.get(req);
  const today = todayAt(req.headers['x-timezone-offset']);
  const refused = deniedGroups(user);
  if (!found && req.memberships)
    found = Promise.resolve({ ...fromMemberships(user, req.memberships), today, ip: req.ip, refused });
  if (!found) {
    found = accessOfUser(ctx.db, user, today).then((a) => ({ ...a, ip: req.ip, refused }));
    cache.set(req, found);
  }
  return found;
}

/** The rights of a user outside a request (an import job, a calendar feed), read as a request reads them. */
export async function accessOfUser(db: Db, user: UserRow, today?: string): Promise<Access> {
  const [row] = rowsOf<{ memberships: Membership[] | null }>(
    await db.execute(sql`select ${membershipsOf(sql`${user.id}`)} as memberships`),
  );
  return { ...fromMemberships(user, row?.memberships ?? []), ...(today ? { today } : {}) };
}

/**
 * Whether the caller may take `action` on records of `model` in the settings group (docs/domain/permissions.md,
 * "Permissions and roles"): admins may do everything; in a settings group without permission groups members have
 * the default rights (everything but delete); once it has one, a member may do what the permission groups of their
 * user groups grant, and nothing else. Archived records are read-only until restored (the writes check that).
 */
export function may(access: Access, settingsGroupUuid: string | null, action: Action, model: string): boolean {
  const level = levelOf(model);
  // an owned global model: every signed-in user on their own rows, a superuser on every row (`mayOnRecord`)
  if (level === 'owners') return settingsGroupUuid === null;
  if (level === 'superusers') {
    if (isSuperuser(access)) return true;
    // a superusers' table of a settings group (licenses) is read by its admins; a global one by nobody else
    return action === 'view' && settingsGroupUuid !== null && access.roles.get(settingsGroupUuid) === 'admin';
  }
  if (settingsGroupUuid === null) return false;
  const role = access.roles.get(settingsGroupUuid);
  if (!role) return false;
  if (role === 'admin') return true;
  if (level === 'admins') return false;
  // a user's own rows: the permission groups' rights do not apply, each row's owner decides (`mayOnRecord`)
  if (entityByName(model)?.scope === 'user') return true;
  const rights = access.rights.get(settingsGroupUuid);
  if (!rights) return action !== 'delete';
  return rights.get(model)?.has(action) ?? false;
}

/**
 * Whether the caller may take `action` on one record they see: `may` in its settings group and, for a user's own
 * rows (src/entities/define.ts, `Scope` and `sharing`), beyond viewing only on their own row or as an admin of the
 * row's settings group; anyone else the model shares the row with only reads it.
 */
export function mayOnRecord(access: Access, entity: AnyEntity, row: Readonly<Record<string, unknown>>, action: Action) {
  const sg = row.settings_group_uuid == null ? null : String(row.settings_group_uuid);
  if (!may(access, sg, action, entity.name)) return false;
  const owner = ownerColumn(entity);
  if (!owner || action === 'view') return true;
  return (
    Number(row[owner]) === access.user.id ||
    (sg !== null && access.roles.get(sg) === 'admin') ||
    reachesAll(access, entity.name)
  );
}

/** Who reaches a model's records at all (src/entities/define.ts, `AccessLevel`; docs/domain/permissions.md,
 * "Scopes and access of a model"). */
export const levelOf = (model: string): AccessLevel => entityByName(model)?.access ?? 'members';

/** A superuser with confirmed two-factor authentication: the one who writes superusers' tables (licenses, system
 * notifications; docs/domain/permissions.md, "Scopes and access of a model"). */
export const isSuperuser = (access: Pick<Access, 'user'>) =>
  access.user.is_superuser && access.user.two_factor_confirmed_at !== null;

/**
 * A write of a superusers' table (create, update, archive, restore, delete, bulk, import) is for a superuser with
 * confirmed 2FA: anyone else gets 403 before the request is validated or a record read (a superuser without 2FA is
 * told to confirm it first), wherever the record is (docs/domain/permissions.md, "Scopes and access of a model").
 */
export function assertWrites(access: Pick<Access, 'user'>, entity: Pick<AnyEntity, 'name'>) {
  if (levelOf(entity.name) !== 'superusers' || isSuperuser(access)) return;
  throw forbidden(access.user.is_superuser ? 'auth.superuser_needs_2fa' : 'auth.forbidden');
}

/** The route config of a model's write routes: `assertWrites` before the body is validated (server/plugins/auth.ts). */
export const writeRouteConfig = (entity: Pick<AnyEntity, 'name'>): FastifyContextConfig =>
  levelOf(entity.name) === 'superusers'
    ? { authorize: (req: FastifyRequest) => assertWrites({ user: requireUser(req) }, entity) }
    : {};

/**
 * Where the references a write sets are looked up: in the caller's scope (a record hidden from them is refused as
 * unknown), or, for a superuser writing a superusers' table of a settings group they need not belong to, among the
 * live records of the record's settings group (null: crud/checks.ts).
 */
export const refScope = (access: Access, entity: Pick<AnyEntity, 'name'>): Access | null =>
  reachesAll(access, entity.name) ? null : access;

/** The caller reaches the records of `model` in every settings group, member or not (a superuser on a superusers'
 * table), or every user's rows (a superuser on an owned global model): the scope is not narrowed to their settings
 * groups or their own rows. */
export const reachesAll = (access: Access, model: string) => {
  const level = levelOf(model);
  return (level === 'superusers' || level === 'owners') && isSuperuser(access);
};

/**
 * Whether the caller's role lets them reach `model` in the settings group at all (its access level), rights aside:
 * false for a member on an admins' table, where the engine answers 403 (not 404: the settings group is theirs).
 */
export function reaches(access: Access, settingsGroupUuid: string | null, model: string): boolean {
  const level = levelOf(model);
  if (level === 'superusers' || level === 'owners') return may(access, settingsGroupUuid, 'view', model);
  if (settingsGroupUuid === null) return false;
  const role = access.roles.get(settingsGroupUuid);
  return role === 'admin' || (role === 'user' && level === 'members');
}

/**
 * A list of a model the caller may not reach (docs/domain/permissions.md, "Scopes and access of a model"): a global
 * model's is a 403 for anyone but a superuser; an admins' (or superusers') table's names a settings group where the
 * caller is a member without the level (403) or not a member (404), and so does a user's rows' that its settings
 * group's admins see. Without one it lists what the caller reaches.
 */
export function assertReach(
  access: Access,
  entity: Pick<AnyEntity, 'name' | 'scope' | 'sharing'>,
  settingsGroup?: string,
) {
  // a user's rows its settings group's admins see: the settings group is theirs to name (404 as the group itself)
  if (entity.sharing?.admins && settingsGroup && !access.roles.has(settingsGroup)) throw notFound();
  if (reachesOwn(entity.name) || reachesAll(access, entity.name)) return;
  if (entity.scope === 'global') throw forbidden();
  if (!settingsGroup) return; // the settings groups where the caller reaches it, maybe none
  if (!access.roles.has(settingsGroup)) throw notFound();
  if (!reaches(access, settingsGroup, entity.name)) throw forbidden();
}

/** A many-record write (bulk) of a model the caller reaches in none of their settings groups is a 403 as a whole (a
 * member on an admins' table), before any row is read. */
export function assertReachesSome(access: Access, entity: Pick<AnyEntity, 'name' | 'scope'>) {
  if (reachesOwn(entity.name) || reachesAll(access, entity.name)) return;
  if (entity.scope === 'global') throw forbidden();
  if (access.groups.length && !access.groups.some((g) => reaches(access, g, entity.name))) throw forbidden();
}

/** Every caller reaches the model, within their scope: a members' table (their settings groups) or an owned global
 * model (their own rows). */
const reachesOwn = (model: string) => levelOf(model) === 'members' || levelOf(model) === 'owners';

/** The caller seen as seeing every record of their settings groups: only to find which settings group a record
 * belongs to before the rights are checked (so that a missing right is a 403, not a 404). */
export const anyRecordOf = (access: Access): Access => ({
  ...access,
  rights: new Map(access.groups.map((g) => [g, null])),
});

/** The caller's settings groups in which they may take `action` on records of `model`. */
export const groupsWhere = (access: Access, action: Action, model: string) =>
  access.groups.filter((g) => may(access, g, action, model));

function fromMemberships(user: UserRow, rows: Membership[]): Omit<Access, 'today'> {
  const roles = new Map<string, 'admin' | 'user'>();
  const rights = new Map<string, GroupRights>();
  const limits = new Map<string, Limits>();
  for (const r of rows) {
    if (r.enforce && !user.two_factor_confirmed_at) continue;
    roles.set(r.uuid, r.role);
    if (r.role !== 'admin' && (r.rules?.length || r.restricted)) {
      const rules = new Map<string, string[]>();
      for (const rule of r.rules ?? [])
        (rules.get(rule.model) ?? rules.set(rule.model, []).get(rule.model)!).push(rule.uuid);
      limits.set(r.uuid, { rules, userGroups: r.restricted ? (r.user_groups ?? []) : null });
    }
    if (r.role === 'admin' || !r.rights) {
      rights.set(r.uuid, null);
      continue;
    }
    const byModel = new Map<string, Set<Right>>();
    for (const granted of r.rights)
      for (const [model, actions] of Object.entries(granted ?? {}))
        for (const a of actions) (byModel.get(model) ?? byModel.set(model, new Set()).get(model)!).add(a);
    rights.set(r.uuid, byModel);
  }
  return { user, roles, groups: [...roles.keys()], rights, limits };
}
