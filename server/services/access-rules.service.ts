// The user groups of properties (docs/domain/permissions.md, "Restricted access"): admins set them (403 for other
// members, 404 outside the settings group); each user group must be a live one of the property's settings group
// (422). Stored filters and access rules are models of the engine (src/entities/administration.ts, their behaviour
// in server/models/filter.ts and access-rule.ts).
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context';
import type { Db } from '../db/client';
import { propertyUserGroups } from '../db/permission-schema';
import { userGroups } from '../db/entity-tables';
import { fieldError, notFound } from '../http-error';
import { entityByName } from '../../src/entities/registry';
import { col, tableOf } from '../crud/table';
import { requireAdmin } from './permissions.service';

/** The given user groups, each a live one of the settings group (else 422 on `user_group_uuids`). */
async function checkUserGroups(db: Db, settingsGroup: string, uuids: readonly string[]) {
  const wanted = [...new Set(uuids)];
  if (!wanted.length) return wanted;
  const rows = await db
    .select({ uuid: userGroups.uuid })
    .from(userGroups)
    .where(
      and(
        inArray(userGroups.uuid, wanted),
        eq(userGroups.settings_group_uuid, settingsGroup),
        isNull(userGroups.deleted_at),
      ),
    );
  if (rows.length !== wanted.length) throw fieldError('user_group_uuids', 'validation.ref_not_found');
  return wanted;
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
