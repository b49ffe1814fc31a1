// User groups, permission groups and members' roles of a settings group (docs/domain/permissions.md): admins
// manage them; a non-admin member gets 403, anyone outside the settings group 404. Every change is one
// transaction; members and user groups named must belong to the same settings group (else 422, nothing written).
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context';
import type { Db } from '../db/client';
import { settingsGroupMembers, settingsGroups, users } from '../db/schema';
import { permissionGroupUserGroups, permissionGroups, userGroupMembers, userGroups } from '../db/permission-schema';
import { HttpError, fieldError, forbidden, notFound } from '../http-error';
import type { PermissionGroup, Rights, UserGroup } from '../../src/entities/permissions';
import { loadGroup } from './settings-groups.service';
import { audit } from './audit.service';
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

/** User ids of the given user uuids, each a member of the settings group (else 422 on `field`). */
async function memberIds(db: Db, settingsGroup: string, uuids: readonly string[], field: string) {
  if (!uuids.length) return [];
  const rows = await db
    .select({ id: users.id, uuid: users.uuid })
    .from(users)
    .innerJoin(settingsGroupMembers, eq(settingsGroupMembers.user_id, users.id))
    .where(and(inArray(users.uuid, [...uuids]), eq(settingsGroupMembers.settings_group_uuid, settingsGroup)));
  if (new Set(rows.map((r) => r.uuid)).size !== new Set(uuids).size) throw fieldError(field, 'validation.not_member');
  return rows.map((r) => r.id);
}

/** The given user groups, each of the settings group (else 422 on `field`). */
async function userGroupsOf(db: Db, settingsGroup: string, uuids: readonly string[], field: string) {
  if (!uuids.length) return [];
  const rows = await db
    .select({ uuid: userGroups.uuid })
    .from(userGroups)
    .where(and(inArray(userGroups.uuid, [...uuids]), eq(userGroups.settings_group_uuid, settingsGroup)));
  if (rows.length !== new Set(uuids).size) throw fieldError(field, 'validation.ref_not_found');
  return rows.map((r) => r.uuid);
}

/** A name taken in the settings group (case-insensitive) is a 422 on `name`. */
async function nameFree(
  db: Db,
  table: typeof userGroups | typeof permissionGroups,
  sg: string,
  name: string,
  self?: string,
) {
  const [taken] = await db
    .select({ uuid: table.uuid })
    .from(table)
    .where(
      and(
        eq(table.settings_group_uuid, sg),
        sql`lower(${table.name}) = lower(${name})`,
        self ? ne(table.uuid, self) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw fieldError('name', 'validation.unique');
}

const iso = (d: Date) => d.toISOString();

type GroupTable = typeof userGroups | typeof permissionGroups;

/** The rows of a settings group's user or permission groups by name: of the one given (its admin only) or of all
 * the caller administers. */
async function groupRows<T extends GroupTable>(ctx: AppContext, user: UserRow, table: T, settingsGroup?: string) {
  const groups = settingsGroup
    ? [(await requireAdmin(ctx, user, settingsGroup)).group.uuid]
    : await administered(ctx, user);
  if (!groups.length) return [];
  return (await ctx.db
    .select()
    .from(table as GroupTable)
    .where(inArray(table.settings_group_uuid, groups))
    .orderBy(asc(table.name), asc(table.uuid))) as T['$inferSelect'][];
}

/** One user or permission group, for its settings group's admin (404 for anyone outside, 403 for a member). */
async function groupRow<T extends GroupTable>(ctx: AppContext, user: UserRow, table: T, uuid: string) {
  const [row] = (await ctx.db
    .select()
    .from(table as GroupTable)
    .where(eq(table.uuid, uuid))) as T['$inferSelect'][];
  if (!row) throw notFound();
  await requireAdmin(ctx, user, row.settings_group_uuid); // a stranger's group looks missing
  return row;
}

// ---- user groups ----

async function presentUserGroups(db: Db, rows: (typeof userGroups.$inferSelect)[]): Promise<UserGroup[]> {
  if (!rows.length) return [];
  const members = await db
    .select({ group: userGroupMembers.user_group_uuid, uuid: users.uuid })
    .from(userGroupMembers)
    .innerJoin(users, eq(users.id, userGroupMembers.user_id))
    .where(
      inArray(
        userGroupMembers.user_group_uuid,
        rows.map((r) => r.uuid),
      ),
    )
    .orderBy(asc(users.uuid));
  return rows.map((r) => ({
    uuid: r.uuid,
    settings_group_uuid: r.settings_group_uuid,
    name: r.name,
    member_uuids: members.filter((m) => m.group === r.uuid).map((m) => m.uuid),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  }));
}

export async function listUserGroups(ctx: AppContext, user: UserRow, settingsGroup?: string) {
  return presentUserGroups(ctx.db, await groupRows(ctx, user, userGroups, settingsGroup));
}

const loadUserGroup = (ctx: AppContext, user: UserRow, uuid: string) => groupRow(ctx, user, userGroups, uuid);

export async function getUserGroup(ctx: AppContext, user: UserRow, uuid: string) {
  return (await presentUserGroups(ctx.db, [await loadUserGroup(ctx, user, uuid)]))[0]!;
}

async function setMembers(db: Db, group: string, ids: number[]) {
  await db.delete(userGroupMembers).where(eq(userGroupMembers.user_group_uuid, group));
  if (ids.length) await db.insert(userGroupMembers).values(ids.map((user_id) => ({ user_group_uuid: group, user_id })));
}

export async function createUserGroup(
  ctx: AppContext,
  user: UserRow,
  body: { settings_group_uuid: string; name: string; member_uuids?: string[] },
  ip?: string,
) {
  await requireAdmin(ctx, user, body.settings_group_uuid);
  const uuid = await ctx.db.transaction(async (tx) => {
    await nameFree(tx, userGroups, body.settings_group_uuid, body.name);
    const ids = await memberIds(tx, body.settings_group_uuid, body.member_uuids ?? [], 'member_uuids');
    const [row] = await tx
      .insert(userGroups)
      .values({ settings_group_uuid: body.settings_group_uuid, name: body.name })
      .returning({ uuid: userGroups.uuid });
    await setMembers(tx, row!.uuid, ids);
    await audit(tx, {
      settings_group_uuid: body.settings_group_uuid,
      user_id: user.id,
      action: 'user_group.create',
      target_type: 'user_group',
      target_uuid: row!.uuid,
      details: { name: body.name, member_uuids: body.member_uuids ?? [] },
      ip,
    });
    return row!.uuid;
  });
  return getUserGroup(ctx, user, uuid);
}

export async function updateUserGroup(
  ctx: AppContext,
  user: UserRow,
  uuid: string,
  body: { name?: string; member_uuids?: string[] },
  ip?: string,
) {
  const current = await loadUserGroup(ctx, user, uuid);
  await ctx.db.transaction(async (tx) => {
    if (body.name !== undefined) await nameFree(tx, userGroups, current.settings_group_uuid, body.name, uuid);
    if (body.member_uuids)
      await setMembers(tx, uuid, await memberIds(tx, current.settings_group_uuid, body.member_uuids, 'member_uuids'));
    await tx
      .update(userGroups)
      .set({ ...(body.name !== undefined ? { name: body.name } : {}), updated_at: new Date() })
      .where(eq(userGroups.uuid, uuid));
    await audit(tx, {
      settings_group_uuid: current.settings_group_uuid,
      user_id: user.id,
      action: 'user_group.update',
      target_type: 'user_group',
      target_uuid: uuid,
      details: {
        name: body.name ?? current.name,
        ...(body.name !== undefined && body.name !== current.name ? { renamed_from: current.name } : {}),
        ...(body.member_uuids ? { member_uuids: body.member_uuids } : {}),
      },
      ip,
    });
  });
  return getUserGroup(ctx, user, uuid);
}

export async function deleteUserGroup(ctx: AppContext, user: UserRow, uuid: string, ip?: string) {
  const current = await loadUserGroup(ctx, user, uuid);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(userGroups).where(eq(userGroups.uuid, uuid)); // memberships and grants go with it
    await audit(tx, {
      settings_group_uuid: current.settings_group_uuid,
      user_id: user.id,
      action: 'user_group.delete',
      target_type: 'user_group',
      target_uuid: uuid,
      details: { name: current.name },
      ip,
    });
  });
}

// ---- permission groups ----

async function presentPermissionGroups(
  db: Db,
  rows: (typeof permissionGroups.$inferSelect)[],
): Promise<PermissionGroup[]> {
  if (!rows.length) return [];
  const links = await db
    .select()
    .from(permissionGroupUserGroups)
    .where(
      inArray(
        permissionGroupUserGroups.permission_group_uuid,
        rows.map((r) => r.uuid),
      ),
    )
    .orderBy(asc(permissionGroupUserGroups.user_group_uuid));
  return rows.map((r) => ({
    uuid: r.uuid,
    settings_group_uuid: r.settings_group_uuid,
    name: r.name,
    rights: r.rights,
    user_group_uuids: links.filter((l) => l.permission_group_uuid === r.uuid).map((l) => l.user_group_uuid),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  }));
}

export async function listPermissionGroups(ctx: AppContext, user: UserRow, settingsGroup?: string) {
  return presentPermissionGroups(ctx.db, await groupRows(ctx, user, permissionGroups, settingsGroup));
}

const loadPermissionGroup = (ctx: AppContext, user: UserRow, uuid: string) =>
  groupRow(ctx, user, permissionGroups, uuid);

export async function getPermissionGroup(ctx: AppContext, user: UserRow, uuid: string) {
  return (await presentPermissionGroups(ctx.db, [await loadPermissionGroup(ctx, user, uuid)]))[0]!;
}

async function setGrants(db: Db, group: string, userGroupUuids: string[]) {
  await db.delete(permissionGroupUserGroups).where(eq(permissionGroupUserGroups.permission_group_uuid, group));
  if (userGroupUuids.length)
    await db
      .insert(permissionGroupUserGroups)
      .values(userGroupUuids.map((user_group_uuid) => ({ permission_group_uuid: group, user_group_uuid })));
}

export async function createPermissionGroup(
  ctx: AppContext,
  user: UserRow,
  body: { settings_group_uuid: string; name: string; rights?: Rights; user_group_uuids?: string[] },
  ip?: string,
) {
  await requireAdmin(ctx, user, body.settings_group_uuid);
  const uuid = await ctx.db.transaction(async (tx) => {
    await nameFree(tx, permissionGroups, body.settings_group_uuid, body.name);
    const ugs = await userGroupsOf(tx, body.settings_group_uuid, body.user_group_uuids ?? [], 'user_group_uuids');
    const [row] = await tx
      .insert(permissionGroups)
      .values({ settings_group_uuid: body.settings_group_uuid, name: body.name, rights: body.rights ?? {} })
      .returning({ uuid: permissionGroups.uuid });
    await setGrants(tx, row!.uuid, ugs);
    await audit(tx, {
      settings_group_uuid: body.settings_group_uuid,
      user_id: user.id,
      action: 'permission_group.create',
      target_type: 'permission_group',
      target_uuid: row!.uuid,
      details: { name: body.name, rights: body.rights ?? {}, user_group_uuids: ugs },
      ip,
    });
    return row!.uuid;
  });
  return getPermissionGroup(ctx, user, uuid);
}

export async function updatePermissionGroup(
  ctx: AppContext,
  user: UserRow,
  uuid: string,
  body: { name?: string; rights?: Rights; user_group_uuids?: string[] },
  ip?: string,
) {
  const current = await loadPermissionGroup(ctx, user, uuid);
  await ctx.db.transaction(async (tx) => {
    if (body.name !== undefined) await nameFree(tx, permissionGroups, current.settings_group_uuid, body.name, uuid);
    if (body.user_group_uuids)
      await setGrants(
        tx,
        uuid,
        await userGroupsOf(tx, current.settings_group_uuid, body.user_group_uuids, 'user_group_uuids'),
      );
    await tx
      .update(permissionGroups)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.rights ? { rights: body.rights } : {}),
        updated_at: new Date(),
      })
      .where(eq(permissionGroups.uuid, uuid));
    await audit(tx, {
      settings_group_uuid: current.settings_group_uuid,
      user_id: user.id,
      action: 'permission_group.update',
      target_type: 'permission_group',
      target_uuid: uuid,
      details: {
        name: body.name ?? current.name,
        ...(body.name !== undefined && body.name !== current.name ? { renamed_from: current.name } : {}),
        ...(body.rights ? { rights: { from: current.rights, to: body.rights } } : {}),
        ...(body.user_group_uuids ? { user_group_uuids: body.user_group_uuids } : {}),
      },
      ip,
    });
  });
  return getPermissionGroup(ctx, user, uuid);
}

export async function deletePermissionGroup(ctx: AppContext, user: UserRow, uuid: string, ip?: string) {
  const current = await loadPermissionGroup(ctx, user, uuid);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(permissionGroups).where(eq(permissionGroups.uuid, uuid));
    await audit(tx, {
      settings_group_uuid: current.settings_group_uuid,
      user_id: user.id,
      action: 'permission_group.delete',
      target_type: 'permission_group',
      target_uuid: uuid,
      details: { name: current.name, rights: current.rights },
      ip,
    });
  });
}

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
    .select({ user: userGroupMembers.user_id, group: userGroupMembers.user_group_uuid })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.uuid, userGroupMembers.user_group_uuid))
    .where(eq(userGroups.settings_group_uuid, settingsGroup));
  return rows.map((r) => ({
    user_uuid: r.uuid,
    name: `${r.first} ${r.last}`.trim(),
    email: r.email,
    role: r.role as 'admin' | 'user',
    user_group_uuids: groups.filter((g) => g.user === r.id).map((g) => g.group),
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
      const all = await tx
        .select({ uuid: userGroups.uuid })
        .from(userGroups)
        .where(eq(userGroups.settings_group_uuid, settingsGroup));
      if (all.length)
        await tx.delete(userGroupMembers).where(
          and(
            eq(userGroupMembers.user_id, member.id),
            inArray(
              userGroupMembers.user_group_uuid,
              all.map((g) => g.uuid),
            ),
          ),
        );
      if (groups.length)
        await tx.insert(userGroupMembers).values(groups.map((g) => ({ user_group_uuid: g, user_id: member.id })));
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
    const groups = await tx
      .select({ uuid: userGroups.uuid })
      .from(userGroups)
      .where(eq(userGroups.settings_group_uuid, settingsGroup));
    if (groups.length)
      await tx.delete(userGroupMembers).where(
        and(
          eq(userGroupMembers.user_id, member.id),
          inArray(
            userGroupMembers.user_group_uuid,
            groups.map((g) => g.uuid),
          ),
        ),
      );
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
