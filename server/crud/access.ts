// What the caller may reach: the settings groups it belongs to (minus groups that enforce 2FA it lacks), with
// its role in each. Every generic query is scoped by this list (docs/domain/security.md, "Another workspace's record"), loaded
// once per request.
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext, UserRow } from '../context';
import type { Db } from '../db/client';
import type { Right } from '../../src/entities/permissions';
import { requireUser } from '../plugins/auth';
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
  if (!found && req.memberships) found = Promise.resolve({ ...fromMemberships(user, req.memberships), today });
  if (!found) {
    found = accessOfUser(ctx.db, user, today);
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
export function may(access: Access, settingsGroupUuid: string, action: Action, model: string): boolean {
  const role = access.roles.get(settingsGroupUuid);
  if (!role) return false;
  if (role === 'admin') return true;
  const rights = access.rights.get(settingsGroupUuid);
  if (!rights) return action !== 'delete';
  return rights.get(model)?.has(action) ?? false;
}

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
