// What the caller may reach: the settings groups it belongs to (minus groups that enforce 2FA it lacks), with
// its role in each. Every generic query is scoped by this list (docs/domain/security.md, "Another workspace's record"), loaded
// once per request.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext, UserRow } from '../context';
import { settingsGroupMembers, settingsGroups } from '../db/schema';
import { requireUser } from '../plugins/auth';
import type { Membership } from '../services/session.service';

export type Action = 'view' | 'create' | 'update' | 'archive' | 'delete';

export interface Access {
  user: UserRow;
  roles: Map<string, 'admin' | 'user'>;
  groups: string[];
  /** Today in the caller's time zone (X-Timezone-Offset; docs/domain/fields.md, "Numbers, money and dates"), else UTC. */
  today?: string;
}

/** YYYY-MM-DD of now shifted by the caller's offset in hours (−14 … 14; anything else counts as UTC). */
export function todayAt(offsetHeader: unknown, now = Date.now()): string {
  const hours = Number(Array.isArray(offsetHeader) ? offsetHeader[0] : offsetHeader);
  const offset = Number.isFinite(hours) && Math.abs(hours) <= 14 ? hours : 0;
  return new Date(now + offset * 3_600_000).toISOString().slice(0, 10);
}

const cache = new WeakMap<FastifyRequest, Promise<Access>>();

export function accessOf(ctx: AppContext, req: FastifyRequest): Promise<Access> {
  const user = requireUser(req);
  let found = cache.get(req);
  const today = todayAt(req.headers['x-timezone-offset']);
  if (!found && req.memberships) found = Promise.resolve({ ...fromMemberships(user, req.memberships), today });
  if (!found) {
    found = ctx.db
      .select({
        uuid: settingsGroups.uuid,
        role: settingsGroupMembers.role,
        enforce: settingsGroups.enforce_two_factor,
      })
      .from(settingsGroupMembers)
      .innerJoin(settingsGroups, eq(settingsGroups.uuid, settingsGroupMembers.settings_group_uuid))
      .where(eq(settingsGroupMembers.user_id, user.id))
      .then((rows) => {
        const roles = new Map<string, 'admin' | 'user'>();
        for (const r of rows)
          if (!r.enforce || user.two_factor_confirmed_at) roles.set(r.uuid, r.role as 'admin' | 'user');
        return { user, roles, groups: [...roles.keys()], today };
      });
    cache.set(req, found);
  }
  return found;
}

/**
 * Rights per role until permission groups arrive: members view, create, update and archive; deleting (soft) is
 * for admins. Archived records are read-only until restored.
 */
export function may(access: Access, settingsGroupUuid: string, action: Action): boolean {
  const role = access.roles.get(settingsGroupUuid);
  if (!role) return false;
  return action === 'delete' ? role === 'admin' : true;
}

function fromMemberships(user: UserRow, rows: Membership[]): Access {
  const roles = new Map<string, 'admin' | 'user'>();
  for (const r of rows) if (!r.enforce || user.two_factor_confirmed_at) roles.set(r.uuid, r.role);
  return { user, roles, groups: [...roles.keys()] };
}
