// What the caller may reach: the settings groups it belongs to (minus groups that enforce 2FA it lacks), with
// its role in each. Every generic query is scoped by this list (domain.md §10), loaded once per request.
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
}

const cache = new WeakMap<FastifyRequest, Promise<Access>>();

export function accessOf(ctx: AppContext, req: FastifyRequest): Promise<Access> {
  const user = requireUser(req);
  let found = cache.get(req);
  if (!found && req.memberships) found = Promise.resolve(fromMemberships(user, req.memberships));
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
        return { user, roles, groups: [...roles.keys()] };
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
