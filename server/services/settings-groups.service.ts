// Settings groups (workspaces): the caller sees only groups it belongs to; another group is a 404
// (docs/domain/security.md, "Another workspace's record"). The creator becomes admin.
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext, UserRow } from '../context';
import { settingsGroupMembers, settingsGroups, users } from '../db/schema';
import { HttpError, fieldError, notFound } from '../http-error';
import type { SettingsGroup, settingsGroupBody, settingsGroupUpdateBody } from '../../src/entities/account';
import { entities } from '../../src/entities/registry';
import { readModelSettingsOf, writeModelSettings } from '../crud/model-settings';
import { audit } from '../audit/writer';

const API = '/api/v1/settings-groups';

export async function listGroups(ctx: AppContext, user: UserRow) {
  return ctx.db
    .select({ group: settingsGroups, role: settingsGroupMembers.role })
    .from(settingsGroupMembers)
    .innerJoin(settingsGroups, eq(settingsGroups.uuid, settingsGroupMembers.settings_group_uuid))
    .where(eq(settingsGroupMembers.user_id, user.id))
    .orderBy(asc(settingsGroups.name), asc(settingsGroups.uuid));
}

/** Loads a group by uuid and the caller's membership in one query; 404 when the caller is not a member. */
export async function loadGroup(ctx: AppContext, user: UserRow, uuid: string) {
  const [row] = await ctx.db
    .select({ group: settingsGroups, role: settingsGroupMembers.role })
    .from(settingsGroupMembers)
    .innerJoin(settingsGroups, eq(settingsGroups.uuid, settingsGroupMembers.settings_group_uuid))
    .where(and(eq(settingsGroupMembers.user_id, user.id), eq(settingsGroupMembers.settings_group_uuid, uuid)))
    .limit(1);
  if (!row) throw notFound();
  if (row.group.enforce_two_factor && !user.two_factor_confirmed_at)
    throw new HttpError(403, 'settings_group.two_factor_required');
  return row;
}

type GroupRow = Awaited<ReturnType<typeof loadGroup>>;

/** The members of a group the caller belongs to (404 otherwise), by last and first name: for pickers. */
export async function listMembers(ctx: AppContext, user: UserRow, uuid: string) {
  await loadGroup(ctx, user, uuid);
  const rows = await ctx.db
    .select({ uuid: users.uuid, first: users.first_name, last: users.last_name, role: settingsGroupMembers.role })
    .from(settingsGroupMembers)
    .innerJoin(users, eq(users.id, settingsGroupMembers.user_id))
    .where(eq(settingsGroupMembers.settings_group_uuid, uuid))
    .orderBy(asc(users.last_name), asc(users.first_name), asc(users.uuid));
  return rows.map((r) => ({
    user_uuid: r.uuid,
    name: `${r.first} ${r.last}`.trim(),
    role: r.role as 'admin' | 'user',
  }));
}

/** Member counts of several groups in one query. */
async function memberCounts(ctx: AppContext, uuids: string[]): Promise<Map<string, number>> {
  if (uuids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ uuid: settingsGroupMembers.settings_group_uuid, n: count() })
    .from(settingsGroupMembers)
    .where(inArray(settingsGroupMembers.settings_group_uuid, uuids))
    .groupBy(settingsGroupMembers.settings_group_uuid);
  return new Map(rows.map((r) => [r.uuid, r.n]));
}

export async function presentAll(ctx: AppContext, rows: GroupRow[]): Promise<SettingsGroup[]> {
  const uuids = rows.map((r) => r.group.uuid);
  const counts = await memberCounts(ctx, uuids);
  // the reminder days are the guarantee model's setting (docs/domain/fields.md, "Model settings"), shown here too
  const guarantee = await readModelSettingsOf(ctx.db, uuids, entities.guarantee);
  return rows.map((row) =>
    presentWith(row, counts.get(row.group.uuid) ?? 0, guarantee.get(row.group.uuid)!.reminder_days),
  );
}

export async function present(ctx: AppContext, row: GroupRow): Promise<SettingsGroup> {
  return (await presentAll(ctx, [row]))[0]!;
}

function presentWith(row: GroupRow, memberCount: number, reminderDays: number[]): SettingsGroup {
  const links: Record<string, string> = { self: `${API}/${row.group.uuid}` };
  if (row.role === 'admin') links.update = `${API}/${row.group.uuid}`;
  return {
    uuid: row.group.uuid,
    name: row.group.name,
    locale_settings: row.group.locale_settings as SettingsGroup['locale_settings'],
    enforce_two_factor: row.group.enforce_two_factor,
    restricted_access: row.group.restricted_access,
    currency: row.group.currency,
    guarantee_reminder_days: reminderDays,
    allowed_email_domains: row.group.allowed_email_domains,
    role: row.role as 'admin' | 'user',
    member_count: memberCount,
    created_at: row.group.created_at.toISOString(),
    links,
  };
}

export async function createGroup(ctx: AppContext, user: UserRow, body: z.infer<typeof settingsGroupBody>) {
  return ctx.db.transaction(async (tx) => {
    const [group] = await tx
      .insert(settingsGroups)
      .values({
        name: body.name,
        created_by: user.id,
        currency: body.currency ?? (user.locale === 'en-us' ? 'USD' : user.locale === 'de' ? 'EUR' : 'CHF'),
        ...(body.locale_settings ? { locale_settings: body.locale_settings } : {}),
      })
      .returning();
    await tx.insert(settingsGroupMembers).values({ settings_group_uuid: group!.uuid, user_id: user.id, role: 'admin' });
    if (!user.default_settings_group_uuid)
      await tx.update(users).set({ default_settings_group_uuid: group!.uuid }).where(eq(users.id, user.id));
    return { group: group!, role: 'admin' };
  });
}

export async function updateGroup(
  ctx: AppContext,
  user: UserRow,
  uuid: string,
  body: z.infer<typeof settingsGroupUpdateBody>,
  ip?: string,
) {
  const row = await loadGroup(ctx, user, uuid);
  if (row.role !== 'admin') throw new HttpError(403, 'auth.forbidden');
  if (body.enforce_two_factor && !user.two_factor_confirmed_at)
    throw fieldError('enforce_two_factor', 'settings_group.two_factor_required');
  const { guarantee_reminder_days: reminderDays, ...columns } = body;
  const group = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(settingsGroups)
      .set({ ...columns, updated_at: new Date() })
      .where(eq(settingsGroups.uuid, uuid))
      .returning();
    // the audit log names what changed (docs/domain/permissions.md, "Audit log")
    const before = row.group as Record<string, unknown>;
    const after = updated as Record<string, unknown>;
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of Object.keys(columns))
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
        changes[key] = { from: before[key], to: after[key] };
    // still taken here for compatibility: the guarantee model's `reminder_days` (docs/domain/fields.md,
    // "Model settings")
    if (reminderDays !== undefined) {
      const { diff } = await writeModelSettings(tx, uuid, entities.guarantee, { reminder_days: reminderDays });
      if (diff.reminder_days) changes.guarantee_reminder_days = diff.reminder_days;
    }
    if (Object.keys(changes).length)
      await audit(tx, {
        settings_group_uuid: uuid,
        user_id: user.id,
        action: 'settings_group.update',
        target_type: 'settings_group',
        target_uuid: uuid,
        details: { changes },
        ip,
      });
    return updated!;
  });
  return { group, role: row.role };
}
