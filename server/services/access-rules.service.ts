// Stored filters, access rules and the user groups of properties (docs/domain/permissions.md, "Access rules" and
// "Restricted access"): admins manage them (403 for other members, 404 outside the settings group). A filter is
// checked against its model's list filters (422 naming the field); a rule's filters and user groups must be of its
// model and settings group (422). The rules take effect in every query through scopeCondition (server/crud/table.ts).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context';
import type { Db } from '../db/client';
import { settingsGroupMembers } from '../db/schema';
import {
  accessRuleFilters,
  accessRuleUserGroups,
  accessRules,
  filters,
  propertyUserGroups,
  userGroups,
} from '../db/permission-schema';
import { fieldError, notFound } from '../http-error';
import { entityByName } from '../../src/entities/registry';
import type { AccessRule, StoredFilter } from '../../src/entities/access-rules';
import { parseStoredFilter } from '../crud/list-query';
import { col, tableOf } from '../crud/table';
import { requireAdmin } from './permissions.service';
import { refreshRuleMatches } from './access-rule-matches';

const iso = (d: Date) => d.toISOString();

/** The model of a filter or rule (422 on `model` when there is none of that name). */
function modelOf(model: string) {
  const entity = entityByName(model);
  if (!entity) throw fieldError('model', 'validation.unknown_model');
  return entity;
}

/** The settings groups to list: the one given (its admin only) or all the caller administers. */
async function listedGroups(ctx: AppContext, user: UserRow, settingsGroup?: string) {
  if (settingsGroup) return [(await requireAdmin(ctx, user, settingsGroup)).group.uuid];
  const rows = await ctx.db
    .select({ sg: settingsGroupMembers.settings_group_uuid })
    .from(settingsGroupMembers)
    .where(and(eq(settingsGroupMembers.user_id, user.id), eq(settingsGroupMembers.role, 'admin')));
  return rows.map((r) => r.sg);
}

/** The given user groups, each of the settings group (else 422 on `user_group_uuids`). */
async function checkUserGroups(db: Db, settingsGroup: string, uuids: readonly string[]) {
  const wanted = [...new Set(uuids)];
  if (!wanted.length) return wanted;
  const rows = await db
    .select({ uuid: userGroups.uuid })
    .from(userGroups)
    .where(and(inArray(userGroups.uuid, wanted), eq(userGroups.settings_group_uuid, settingsGroup)));
  if (rows.length !== wanted.length) throw fieldError('user_group_uuids', 'validation.ref_not_found');
  return wanted;
}

// ---- stored filters ----

const presentFilter = (r: typeof filters.$inferSelect): StoredFilter => ({
  uuid: r.uuid,
  settings_group_uuid: r.settings_group_uuid,
  name: r.name,
  model: r.model,
  filter: r.filter,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

async function loadFilter(ctx: AppContext, user: UserRow, uuid: string) {
  const [row] = await ctx.db.select().from(filters).where(eq(filters.uuid, uuid));
  if (!row) throw notFound();
  await requireAdmin(ctx, user, row.settings_group_uuid); // a stranger's filter looks missing
  return row;
}

export async function listFilters(ctx: AppContext, user: UserRow, settingsGroup?: string) {
  const groups = await listedGroups(ctx, user, settingsGroup);
  if (!groups.length) return [];
  const rows = await ctx.db
    .select()
    .from(filters)
    .where(inArray(filters.settings_group_uuid, groups))
    .orderBy(asc(filters.name), asc(filters.uuid));
  return rows.map(presentFilter);
}

export const getFilter = async (ctx: AppContext, user: UserRow, uuid: string) =>
  presentFilter(await loadFilter(ctx, user, uuid));

export async function createFilter(
  ctx: AppContext,
  user: UserRow,
  body: { settings_group_uuid: string; name: string; model: string; filter: Record<string, unknown> },
) {
  await requireAdmin(ctx, user, body.settings_group_uuid);
  const filter = parseStoredFilter(modelOf(body.model), body.filter, 'filter');
  const [row] = await ctx.db
    .insert(filters)
    .values({
      settings_group_uuid: body.settings_group_uuid,
      name: body.name,
      model: body.model,
      filter,
      created_by: user.id,
    })
    .returning();
  return presentFilter(row!);
}

export async function updateFilter(
  ctx: AppContext,
  user: UserRow,
  uuid: string,
  body: { name?: string | undefined; filter?: Record<string, unknown> | undefined },
) {
  const current = await loadFilter(ctx, user, uuid);
  const filter = body.filter && parseStoredFilter(modelOf(current.model), body.filter, 'filter');
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(filters)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(filter ? { filter } : {}),
        updated_at: new Date(),
      })
      .where(eq(filters.uuid, uuid))
      .returning();
    if (filter && (await usedByRules(tx, uuid)))
      await refreshRuleMatches(tx, current.settings_group_uuid, [current.model]);
    return updated!;
  });
  return presentFilter(row);
}

/** Whether an access rule uses the stored filter (its change changes what the rule matches). */
async function usedByRules(db: Db, filter: string) {
  const [used] = await db
    .select({ rule: accessRuleFilters.access_rule_uuid })
    .from(accessRuleFilters)
    .where(eq(accessRuleFilters.filter_uuid, filter))
    .limit(1);
  return !!used;
}

export async function deleteFilter(ctx: AppContext, user: UserRow, uuid: string) {
  const current = await loadFilter(ctx, user, uuid);
  await ctx.db.transaction(async (tx) => {
    const used = await usedByRules(tx, uuid);
    await tx.delete(filters).where(eq(filters.uuid, uuid)); // the rules' links to it go with it
    if (used) await refreshRuleMatches(tx, current.settings_group_uuid, [current.model]);
  });
}

// ---- access rules ----

async function presentRules(db: Db, rows: (typeof accessRules.$inferSelect)[]): Promise<AccessRule[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.uuid);
  const [fs, ugs] = await Promise.all([
    db
      .select()
      .from(accessRuleFilters)
      .where(inArray(accessRuleFilters.access_rule_uuid, ids))
      .orderBy(asc(accessRuleFilters.filter_uuid)),
    db
      .select()
      .from(accessRuleUserGroups)
      .where(inArray(accessRuleUserGroups.access_rule_uuid, ids))
      .orderBy(asc(accessRuleUserGroups.user_group_uuid)),
  ]);
  return rows.map((r) => ({
    uuid: r.uuid,
    settings_group_uuid: r.settings_group_uuid,
    name: r.name,
    model: r.model,
    filter_uuids: fs.filter((f) => f.access_rule_uuid === r.uuid).map((f) => f.filter_uuid),
    filter: r.filter ?? null,
    user_group_uuids: ugs.filter((u) => u.access_rule_uuid === r.uuid).map((u) => u.user_group_uuid),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  }));
}

async function loadRule(ctx: AppContext, user: UserRow, uuid: string) {
  const [row] = await ctx.db.select().from(accessRules).where(eq(accessRules.uuid, uuid));
  if (!row) throw notFound();
  await requireAdmin(ctx, user, row.settings_group_uuid);
  return row;
}

export async function listAccessRules(ctx: AppContext, user: UserRow, settingsGroup?: string) {
  const groups = await listedGroups(ctx, user, settingsGroup);
  if (!groups.length) return [];
  const rows = await ctx.db
    .select()
    .from(accessRules)
    .where(inArray(accessRules.settings_group_uuid, groups))
    .orderBy(asc(accessRules.name), asc(accessRules.uuid));
  return presentRules(ctx.db, rows);
}

export async function getAccessRule(ctx: AppContext, user: UserRow, uuid: string) {
  return (await presentRules(ctx.db, [await loadRule(ctx, user, uuid)]))[0]!;
}

/** The stored filters named, each of the rule's model and settings group (else 422 on `filter_uuids`). */
async function checkFilters(db: Db, settingsGroup: string, model: string, uuids: readonly string[]) {
  const wanted = [...new Set(uuids)];
  if (!wanted.length) return wanted;
  const rows = await db
    .select({ uuid: filters.uuid, model: filters.model })
    .from(filters)
    .where(and(inArray(filters.uuid, wanted), eq(filters.settings_group_uuid, settingsGroup)));
  if (rows.length !== wanted.length) throw fieldError('filter_uuids', 'validation.ref_not_found');
  if (rows.some((r) => r.model !== model)) throw fieldError('filter_uuids', 'validation.in');
  return wanted;
}

async function setRuleLinks(db: Db, rule: string, filterUuids?: string[], userGroupUuids?: string[]) {
  if (filterUuids) {
    await db.delete(accessRuleFilters).where(eq(accessRuleFilters.access_rule_uuid, rule));
    if (filterUuids.length)
      await db
        .insert(accessRuleFilters)
        .values(filterUuids.map((filter_uuid) => ({ access_rule_uuid: rule, filter_uuid })));
  }
  if (userGroupUuids) {
    await db.delete(accessRuleUserGroups).where(eq(accessRuleUserGroups.access_rule_uuid, rule));
    if (userGroupUuids.length)
      await db
        .insert(accessRuleUserGroups)
        .values(userGroupUuids.map((user_group_uuid) => ({ access_rule_uuid: rule, user_group_uuid })));
  }
}

export async function createAccessRule(
  ctx: AppContext,
  user: UserRow,
  body: {
    settings_group_uuid: string;
    name: string;
    model: string;
    filter_uuids?: string[] | undefined;
    filter?: Record<string, unknown> | null | undefined;
    user_group_uuids: string[];
  },
) {
  const sg = body.settings_group_uuid;
  await requireAdmin(ctx, user, sg);
  const entity = modelOf(body.model);
  const filter = body.filter ? parseStoredFilter(entity, body.filter, 'filter') : null;
  const uuid = await ctx.db.transaction(async (tx) => {
    const fs = await checkFilters(tx, sg, body.model, body.filter_uuids ?? []);
    const ugs = await checkUserGroups(tx, sg, body.user_group_uuids);
    const [row] = await tx
      .insert(accessRules)
      .values({ settings_group_uuid: sg, name: body.name, model: body.model, filter })
      .returning({ uuid: accessRules.uuid });
    await setRuleLinks(tx, row!.uuid, fs, ugs);
    await refreshRuleMatches(tx, sg, [body.model]);
    return row!.uuid;
  });
  return getAccessRule(ctx, user, uuid);
}

export async function updateAccessRule(
  ctx: AppContext,
  user: UserRow,
  uuid: string,
  body: {
    name?: string | undefined;
    filter_uuids?: string[] | undefined;
    filter?: Record<string, unknown> | null | undefined;
    user_group_uuids?: string[] | undefined;
  },
) {
  const current = await loadRule(ctx, user, uuid);
  const sg = current.settings_group_uuid;
  const filter = body.filter ? parseStoredFilter(modelOf(current.model), body.filter, 'filter') : body.filter;
  await ctx.db.transaction(async (tx) => {
    const fs = body.filter_uuids && (await checkFilters(tx, sg, current.model, body.filter_uuids));
    const ugs = body.user_group_uuids && (await checkUserGroups(tx, sg, body.user_group_uuids));
    await setRuleLinks(tx, uuid, fs, ugs);
    await tx
      .update(accessRules)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(filter !== undefined ? { filter } : {}),
        updated_at: new Date(),
      })
      .where(eq(accessRules.uuid, uuid));
    if (body.filter_uuids || filter !== undefined) await refreshRuleMatches(tx, sg, [current.model]);
  });
  return getAccessRule(ctx, user, uuid);
}

export async function deleteAccessRule(ctx: AppContext, user: UserRow, uuid: string) {
  const current = await loadRule(ctx, user, uuid);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(accessRules).where(eq(accessRules.uuid, uuid));
    await refreshRuleMatches(tx, current.settings_group_uuid, [current.model]);
  });
}

// ---- the user groups of a property (restricted access) ----

/** A live property and its settings group's admin check (404 for a stranger's or a missing one, 403 a member). */
async function loadProperty(ctx: AppContext, user: UserRow, uuid: string) {
  const property = entityByName('property')!;
  const [row] = (await ctx.db
    .select({ sg: col(property, 'settings_group_uuid') })
    .from(tableOf(property))
    .where(eq(col(property, 'uuid'), uuid))
    .limit(1)) as { sg: string }[];
  if (!row) throw notFound();
  await requireAdmin(ctx, user, row.sg);
  return row;
}

async function propertyGroups(db: Db, property: string) {
  const rows = await db
    .select({ ug: propertyUserGroups.user_group_uuid })
    .from(propertyUserGroups)
    .where(eq(propertyUserGroups.property_uuid, property))
    .orderBy(asc(propertyUserGroups.user_group_uuid));
  return { property_uuid: property, user_group_uuids: rows.map((r) => r.ug) };
}

export async function getPropertyUserGroups(ctx: AppContext, user: UserRow, property: string) {
  await loadProperty(ctx, user, property);
  return propertyGroups(ctx.db, property);
}

export async function setPropertyUserGroups(ctx: AppContext, user: UserRow, property: string, uuids: string[]) {
  const { sg } = await loadProperty(ctx, user, property);
  await ctx.db.transaction(async (tx) => {
    const ugs = await checkUserGroups(tx, sg, uuids);
    await tx.delete(propertyUserGroups).where(eq(propertyUserGroups.property_uuid, property));
    if (ugs.length)
      await tx
        .insert(propertyUserGroups)
        .values(ugs.map((user_group_uuid) => ({ property_uuid: property, user_group_uuid })));
  });
  return propertyGroups(ctx.db, property);
}
