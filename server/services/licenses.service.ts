// Licenses (docs/domain/permissions.md, "Licenses"): superusers (with confirmed 2FA, like system notifications) create,
// change and delete a settings group's licenses; the settings group's admins read them. A license names a holder (a
// contact of the settings group), a validity from..to and the properties of the settings group it covers; a property
// with a license valid today is deleted only once the license has run out ("Property deletion").
import { and, asc, eq, gte, inArray, isNull, lte, max } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext, UserRow } from '../context';
import type { Db } from '../db/client';
import { contact, property } from '../db/entity-tables';
import { licenseProperties, licenses } from '../db/permission-schema';
import { settingsGroupMembers, settingsGroups } from '../db/schema';
import { DATE, validDate } from '../../src/entities/dates';
import { fieldError, notFound } from '../http-error';
import { requireAdmin } from './permissions.service';
import { canManage } from './system-notifications.service';
import { isoDay } from './task-schedule.service';

const API = '/api/v1/licenses';

const day = z.string().regex(DATE, { message: 'errors.date' }).refine(validDate, { message: 'errors.date' });

export const licenseBody = z.strictObject({
  settings_group_uuid: z.uuid(),
  name: z.string().trim().min(1).max(200),
  holder_uuid: z.uuid().nullable().optional(),
  valid_from: day,
  valid_to: day,
  description: z.string().max(5000).nullable().optional(),
  property_uuids: z.array(z.uuid()).max(10_000).default([]),
});
export const licenseUpdateBody = licenseBody.omit({ settings_group_uuid: true }).partial();
type CreateBody = z.infer<typeof licenseBody>;
type UpdateBody = z.infer<typeof licenseUpdateBody>;

export const licenseSchema = z.object({
  uuid: z.string(),
  settings_group_uuid: z.string(),
  name: z.string(),
  holder_uuid: z.string().nullable(),
  holder_name: z.string().nullable(),
  valid_from: z.string(),
  valid_to: z.string(),
  description: z.string().nullable(),
  property_uuids: z.array(z.string()),
  valid_today: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  links: z.record(z.string(), z.string()),
});
export type License = z.infer<typeof licenseSchema>;

type Row = typeof licenses.$inferSelect;

async function present(db: Db, user: UserRow, rows: Row[]): Promise<License[]> {
  if (!rows.length) return [];
  const uuids = rows.map((r) => r.uuid);
  const props = await db
    .select({ license: licenseProperties.license_uuid, property: licenseProperties.property_uuid })
    .from(licenseProperties)
    .where(inArray(licenseProperties.license_uuid, uuids))
    .orderBy(asc(licenseProperties.property_uuid));
  const holders = rows.flatMap((r) => (r.holder_uuid ? [r.holder_uuid] : []));
  const names = new Map(
    holders.length
      ? (
          await db
            .select({ uuid: contact.uuid, name: contact.display_name })
            .from(contact)
            .where(inArray(contact.uuid, holders))
        ).map((c) => [c.uuid, c.name as string | null])
      : [],
  );
  const today = isoDay(new Date());
  const manager = canManage(user);
  return rows.map((r) => ({
    uuid: r.uuid,
    settings_group_uuid: r.settings_group_uuid,
    name: r.name,
    holder_uuid: r.holder_uuid,
    holder_name: r.holder_uuid ? (names.get(r.holder_uuid) ?? null) : null,
    valid_from: r.valid_from,
    valid_to: r.valid_to,
    description: r.description,
    property_uuids: props.filter((p) => p.license === r.uuid).map((p) => p.property),
    valid_today: r.valid_from <= today && today <= r.valid_to,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    links: (manager ? { update: `${API}/${r.uuid}`, delete: `${API}/${r.uuid}` } : {}) as Record<string, string>,
  }));
}

/** The settings groups whose licenses the caller reads: all for a superuser, else those it administers. */
async function readable(ctx: AppContext, user: UserRow, settingsGroup?: string): Promise<string[] | 'all'> {
  if (canManage(user)) return settingsGroup ? [settingsGroup] : 'all';
  if (settingsGroup) return [(await requireAdmin(ctx, user, settingsGroup)).group.uuid];
  const rows = await ctx.db
    .select({ sg: settingsGroupMembers.settings_group_uuid })
    .from(settingsGroupMembers)
    .where(and(eq(settingsGroupMembers.user_id, user.id), eq(settingsGroupMembers.role, 'admin')));
  return rows.map((r) => r.sg);
}

export async function listLicenses(ctx: AppContext, user: UserRow, settingsGroup?: string) {
  const groups = await readable(ctx, user, settingsGroup);
  if (groups !== 'all' && !groups.length) return [];
  const rows = await ctx.db
    .select()
    .from(licenses)
    .where(groups === 'all' ? undefined : inArray(licenses.settings_group_uuid, groups))
    .orderBy(asc(licenses.valid_to), asc(licenses.name), asc(licenses.uuid));
  return present(ctx.db, user, rows);
}

/** One license: a superuser reads any, an admin those of its settings group (a member 403, anyone else 404). */
async function load(ctx: AppContext, user: UserRow, uuid: string) {
  const [row] = await ctx.db.select().from(licenses).where(eq(licenses.uuid, uuid));
  if (!row) throw notFound();
  if (!canManage(user)) await requireAdmin(ctx, user, row.settings_group_uuid);
  return row;
}

export async function getLicense(ctx: AppContext, user: UserRow, uuid: string) {
  return (await present(ctx.db, user, [await load(ctx, user, uuid)]))[0]!;
}

/** The references must lie in the license's settings group (else 422 naming the field); valid_to ≥ valid_from. */
async function check(db: Db, sg: string, merged: { valid_from: string; valid_to: string }, body: UpdateBody) {
  if (merged.valid_to < merged.valid_from) throw fieldError('valid_to', 'validation.end_before_start');
  if (body.holder_uuid) {
    const [found] = await db
      .select({ uuid: contact.uuid })
      .from(contact)
      .where(and(eq(contact.uuid, body.holder_uuid), eq(contact.settings_group_uuid, sg), isNull(contact.deleted_at)));
    if (!found) throw fieldError('holder_uuid', 'validation.ref_not_found');
  }
  const wanted = [...new Set(body.property_uuids ?? [])];
  if (wanted.length) {
    const found = await db
      .select({ uuid: property.uuid })
      .from(property)
      .where(and(inArray(property.uuid, wanted), eq(property.settings_group_uuid, sg), isNull(property.deleted_at)));
    if (found.length !== wanted.length) throw fieldError('property_uuids', 'validation.ref_not_found');
  }
  return wanted;
}

export async function createLicense(ctx: AppContext, user: UserRow, body: CreateBody) {
  const [group] = await ctx.db
    .select({ uuid: settingsGroups.uuid })
    .from(settingsGroups)
    .where(eq(settingsGroups.uuid, body.settings_group_uuid));
  if (!group) throw fieldError('settings_group_uuid', 'validation.ref_not_found');
  const row = await ctx.db.transaction(async (tx) => {
    const props = await check(tx, group.uuid, body, body);
    const [made] = await tx
      .insert(licenses)
      .values({
        settings_group_uuid: group.uuid,
        name: body.name,
        holder_uuid: body.holder_uuid ?? null,
        valid_from: body.valid_from,
        valid_to: body.valid_to,
        description: body.description ?? null,
      })
      .returning();
    if (props.length)
      await tx.insert(licenseProperties).values(props.map((p) => ({ license_uuid: made!.uuid, property_uuid: p })));
    return made!;
  });
  return (await present(ctx.db, user, [row]))[0]!;
}

export async function updateLicense(ctx: AppContext, user: UserRow, uuid: string, body: UpdateBody) {
  const current = await load(ctx, user, uuid);
  const row = await ctx.db.transaction(async (tx) => {
    const merged = { valid_from: body.valid_from ?? current.valid_from, valid_to: body.valid_to ?? current.valid_to };
    const props = await check(tx, current.settings_group_uuid, merged, body);
    const [changed] = await tx
      .update(licenses)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.holder_uuid !== undefined ? { holder_uuid: body.holder_uuid } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...merged,
        updated_at: new Date(),
      })
      .where(eq(licenses.uuid, uuid))
      .returning();
    if (body.property_uuids !== undefined) {
      await tx.delete(licenseProperties).where(eq(licenseProperties.license_uuid, uuid));
      if (props.length)
        await tx.insert(licenseProperties).values(props.map((p) => ({ license_uuid: uuid, property_uuid: p })));
    }
    return changed!;
  });
  return (await present(ctx.db, user, [row]))[0]!;
}

export async function deleteLicense(ctx: AppContext, user: UserRow, uuid: string) {
  await load(ctx, user, uuid);
  await ctx.db.delete(licenses).where(eq(licenses.uuid, uuid));
}

/** The last day of the licenses of the property valid on `today` (null: none valid, it may be deleted now). */
export async function licensedUntil(db: Db, propertyUuid: string, today: string): Promise<string | null> {
  const [row] = await db
    .select({ until: max(licenses.valid_to) })
    .from(licenseProperties)
    .innerJoin(licenses, eq(licenses.uuid, licenseProperties.license_uuid))
    .where(
      and(
        eq(licenseProperties.property_uuid, propertyUuid),
        lte(licenses.valid_from, today),
        gte(licenses.valid_to, today),
      ),
    );
  return row?.until ?? null;
}
