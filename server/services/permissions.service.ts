// User groups, permission groups and members' roles of a settings group (docs/domain/permissions.md): admins
// manage them; a non-admin member gets 403, anyone outside the settings group 404. Every change is one
// transaction; members and user groups named must belong to the same settings group (else 422, nothing written).
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context';
import type { Db } from '../db/client';
import { settingsGroupMembers, settingsGroups, users } from '../db/schema';
import { userGroups } from '../db/entity-tables';
import { HttpError, fieldError, forbidden, notFound } from '../http-error';
import { loadGroup } from './settings-groups.service';
import { audit } from '../audit/writer';
import { deniedGroups } from '../plugins/networks';
import { lockedSql, unlock as unlockTwoFactor } from './two-factor.service';

/** 404 outside the settings group, 403 for a member who is not its admin. */
export async function requireAdmin(ctx: AppContext, user: UserRow, settingsGroup: string) {
  // refused from the caller's address (docs/domain/permissions.md, "Networks"; server/plugins/networks.ts)
  if (deniedGroups(user).has(settingsGroup)) throw forbidden('network.denied');
  const row = await loadGroup(ctx, user, settingsGroup);
  if (row.role !== 'admin') throw forbidden();
  return row;
}

/** The settings groups the caller administers (lists without a settings group name them all). */
export async function administered(ctx: AppContext, user: UserRow): Promise<string[]> {
  const rows = await ctx.db
    .select({ sg: settingsGroupMembers.settings_group_uuid })
    .from(settingsGroupMembers)
    .where(and(eq(settingsGroupMembers.user_id, user.id), eq(settingsGroupMembers.role, 'admin')));
  // less those refused from the caller's address (docs/domain/permissions.md, "Networks")
  return rows.map((r) => r.sg).filter((sg) => !deniedGroups(user).has(sg));
}

/** The given user groups, each a live one of the settings group (else 422 on `field`). */
async function userGroupsOf(db: Db, settingsGroup: string, uuids: readonly string[], field: string) {
  if (!uuids.length) return [];
  const rows = await db
    .select({ uuid: userGroups.uuid })
    .from(userGroups)
    .where(
      and(
        inArray(userGroups.uuid, [...uuids]),
        eq(userGroups.settings_group_uuid, settingsGroup),
        isNull(userGroups.deleted_at),
      ),
    );
  if (rows.length !== new Set(uuids).size) throw fieldError(field, 'validation.ref_not_found');
  return rows.map((r) => r.uuid);
}

/**
 * Puts a user into exactly the given user groups of the settings group (their `member_uuids`, docs/decisions.md,
 * "refs as uuid arrays"), out of every other one there: the membership is the group's list, as the user group's own
 * page edits it. A change of membership, not of the group: its version and audit entry stay (the member's change is
 * audited as such).
 */
async function setMemberships(db: Db, settingsGroup: string, userUuid: string, groups: readonly string[]) {
  const inGroup = eq(userGroups.settings_group_uuid, settingsGroup);
  await db
    .update(userGroups)
    .set({ member_uuids: sql`array_remove(${userGroups.member_uuids}, ${userUuid}::uuid)` })
    .where(and(inGroup, sql`${userUuid}::uuid = any(${userGroups.member_uuids})`));
  if (groups.length)
    await db
      .update(userGroups)
      .set({ member_uuids: sql`array_append(${userGroups.member_uuids}, ${userUuid}::uuid)` })
      .where(and(inGroup, inArray(userGroups.uuid, [...groups])));
}

const iso = (d: Date) => d.toISOString();

// ---- members ----

/** The members with role, user groups, last login and whether 2FA is on (admins only). */
export async function listMembersDetailed(ctx: AppContext, user: UserRow, settingsGroup: string) {
  await requireAdmin(ctx, user, settingsGroup);
  const rows = await ctx.db
    .select({
      id: users.id,
      uuid: users.uuid,
      email: users.email,
      first: users.first_name,
      last: users.last_name,
      role: settingsGroupMembers.role,
      last_login: users.last_login,
      two_factor: users.two_factor_confirmed_at,
      two_factor_locked: lockedSql(users.id),
      since: settingsGroupMembers.created_at,
    })
    .from(settingsGroupMembers)
    .innerJoin(users, eq(users.id, settingsGroupMembers.user_id))
    .where(eq(settingsGroupMembers.settings_group_uuid, settingsGroup))
    .orderBy(asc(users.last_name), asc(users.first_name), asc(users.uuid));
  const groups = await ctx.db
    .select({ uuid: userGroups.uuid, members: userGroups.member_uuids })
    .from(userGroups)
    .where(and(eq(userGroups.settings_group_uuid, settingsGroup), isNull(userGroups.deleted_at)))
    .orderBy(asc(userGroups.uuid));
  return rows.map((r) => ({
    user_uuid: r.uuid,
    name: `${r.first} ${r.last}`.trim(),
    email: r.email,
    role: r.role as 'admin' | 'user',
    user_group_uuids: groups.filter((g) => g.members.includes(r.uuid)).map((g) => g.uuid),
    last_login: r.last_login ? iso(r.last_login) : null,
    two_factor: !!r.two_factor,
    // too many wrong codes: an admin unlocks it here (docs/domain/sign-in.md, "Two-factor lock")
    two_factor_locked: Boolean(r.two_factor_locked),
    member_since: iso(r.since),
  }));
}

/** A member by user uuid (404 when not one), after locking the settings group: changes to its members take turns,
 * so two admins demoting each other at once cannot leave it without one. */
async function loadMember(db: Db, settingsGroup: string, userUuid: string) {
  await db
    .select({ uuid: settingsGroups.uuid })
    .from(settingsGroups)
    .where(eq(settingsGroups.uuid, settingsGroup))
    .for('update');
  const [m] = await db
    .select({ id: users.id, role: settingsGroupMembers.role, email: users.email })
    .from(settingsGroupMembers)
    .innerJoin(users, eq(users.id, settingsGroupMembers.user_id))
    .where(and(eq(settingsGroupMembers.settings_group_uuid, settingsGroup), eq(users.uuid, userUuid)));
  if (!m) throw notFound();
  return m;
}

/** Whether another admin than `userId` remains (read under the settings group's lock, see loadMember). */
async function otherAdmin(db: Db, settingsGroup: string, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: settingsGroupMembers.user_id })
    .from(settingsGroupMembers)
    .where(
      and(
        eq(settingsGroupMembers.settings_group_uuid, settingsGroup),
        eq(settingsGroupMembers.role, 'admin'),
        ne(settingsGroupMembers.user_id, userId),
      ),
    );
  return rows.length > 0;
}

/** Changes a member's role and user groups: not one's own role, never the last admin away. */
export async function updateMember(
  ctx: AppContext,
  user: UserRow,
  settingsGroup: string,
  userUuid: string,
  body: { role?: 'admin' | 'user'; user_group_uuids?: string[] },
  ip?: string,
) {
  await requireAdmin(ctx, user, settingsGroup);
  await ctx.db.transaction(async (tx) => {
    const member = await loadMember(tx, settingsGroup, userUuid);
    if (body.role && body.role !== member.role) {
      if (member.id === user.id) throw fieldError('role', 'validation.own_role');
      if (body.role === 'user' && !(await otherAdmin(tx, settingsGroup, member.id)))
        throw fieldError('role', 'validation.last_admin');
      await tx
        .update(settingsGroupMembers)
        .set({ role: body.role })
        .where(
          and(eq(settingsGroupMembers.settings_group_uuid, settingsGroup), eq(settingsGroupMembers.user_id, member.id)),
        );
      await audit(tx, {
        settings_group_uuid: settingsGroup,
        user_id: user.id,
        action: 'member.role_change',
        target_type: 'user',
        target_uuid: userUuid,
        details: { email: member.email, from: member.role, to: body.role },
        ip,
      });
    }
    if (body.user_group_uuids) {
      const groups = await userGroupsOf(tx, settingsGroup, body.user_group_uuids, 'user_group_uuids');
      await setMemberships(tx, settingsGroup, userUuid, groups);
      await audit(tx, {
        settings_group_uuid: settingsGroup,
        user_id: user.id,
        action: 'member.user_groups',
        target_type: 'user',
        target_uuid: userUuid,
        details: { email: member.email, user_group_uuids: groups },
        ip,
      });
    }
  });
  return (await listMembersDetailed(ctx, user, settingsGroup)).find((m) => m.user_uuid === userUuid)!;
}

/** Ends a member's two-factor lock (docs/domain/sign-in.md, "Two-factor lock"): the settings group's admins, for its
 * members (404 for anyone else); answered alike whether it was locked. */
export async function unlockMemberTwoFactor(
  ctx: AppContext,
  user: UserRow,
  settingsGroup: string,
  userUuid: string,
  ip?: string,
) {
  await requireAdmin(ctx, user, settingsGroup);
  await ctx.db.transaction(async (tx) => {
    const member = await loadMember(tx, settingsGroup, userUuid);
    if (!(await unlockTwoFactor(tx, member.id))) return;
    await audit(tx, {
      settings_group_uuid: settingsGroup,
      user_id: user.id,
      action: 'member.two_factor_unlock',
      target_type: 'user',
      target_uuid: userUuid,
      details: { email: member.email },
      ip,
    });
  });
}

/** Removes a member (and their user group memberships there); the last admin stays (409). */
export async function removeMember(
  ctx: AppContext,
  user: UserRow,
  settingsGroup: string,
  userUuid: string,
  ip?: string,
) {
  await requireAdmin(ctx, user, settingsGroup);
  await ctx.db.transaction(async (tx) => {
    const member = await loadMember(tx, settingsGroup, userUuid);
    if (member.role === 'admin' && !(await otherAdmin(tx, settingsGroup, member.id)))
      throw new HttpError(409, 'errors.last_admin');
    await setMemberships(tx, settingsGroup, userUuid, []);
    await tx
      .delete(settingsGroupMembers)
      .where(
        and(eq(settingsGroupMembers.settings_group_uuid, settingsGroup), eq(settingsGroupMembers.user_id, member.id)),
      );
    await audit(tx, {
      settings_group_uuid: settingsGroup,
      user_id: user.id,
      action: 'member.remove',
      target_type: 'user',
      target_uuid: userUuid,
      details: { email: member.email, role: member.role },
      ip,
    });
  });
}
