// Property deletion (docs/domain/permissions.md, "Property deletion"; docs/domain/states.md): an admin of the
// property's settings group asks for it, gets a mail with a personal link (a random token stored as its SHA-256 only,
// valid 7 days) and confirms it from the app's page. Without a license valid today the property and every record
// under it are deleted at once (soft delete: `deleted_at` on the property and on the records of every property-scoped
// model); with one, on the day after the license's end, by the daily job below. Until it is done the request can be
// withdrawn. The generic delete of a property with a valid license is refused (409): it waits for its license.
import { and, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { groupMail } from '../mail/compose';
import type { AppContext, UserRow } from '../context';
import type { Db } from '../db/client';
import { entityList, entities } from '../../src/entities/registry';
import type { Access } from '../crud/access';
import { may } from '../crud/access';
import { getRow } from '../crud/read';
import { col, tableOf } from '../crud/table';
import { property as properties } from '../db/entity-tables';
import { propertyDeleteRequests } from '../db/permission-schema';
import { users } from '../db/schema';
import { HttpError, forbidden, notFound } from '../http-error';
import { propertyDeleteMail } from '../mail/property-delete-mail';
import { randomToken, sha256 } from './crypto';
import { licensedUntil } from '../models/license';
import { requireAdmin } from './permissions.service';
import { isoDay } from './task-schedule.service';

export const LINK_DAYS = 7;
const DAY = 86_400_000;
const addDays = (iso: string, n: number) => isoDay(new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY));

type Request = typeof propertyDeleteRequests.$inferSelect;
export type DeleteRequestStatus = 'pending' | 'scheduled' | 'done' | 'withdrawn';

const present = (row: Request, propertyName: string | null = null) => ({
  uuid: row.uuid,
  settings_group_uuid: row.settings_group_uuid,
  property_uuid: row.property_uuid,
  property_name: propertyName,
  status: row.status as DeleteRequestStatus,
  delete_on: row.delete_on,
  confirmed_at: row.confirmed_at ? row.confirmed_at.toISOString() : null,
  done_at: row.done_at ? row.done_at.toISOString() : null,
  created_at: row.created_at.toISOString(),
  links: ['pending', 'scheduled'].includes(row.status)
    ? { withdraw: `/api/v1/property-delete-requests/${row.uuid}` }
    : {},
});
export type DeleteRequestReply = ReturnType<typeof present>;

/**
 * Deletes the property and everything under it (the records of every property-scoped model) in the caller's
 * transaction: one stamp for all, so the records deleted with the property can be told apart later.
 */
export async function deletePropertyTree(db: Db, propertyUuid: string, by: number | null, now: Date) {
  const stamp = { deleted_at: now, deleted_by: by };
  for (const entity of entityList.filter((e) => e.scope === 'property'))
    await db
      .update(tableOf(entity))
      .set(stamp)
      .where(and(eq(col(entity, 'property_uuid'), propertyUuid), isNull(col(entity, 'deleted_at'))));
  await db
    .update(properties)
    .set(stamp)
    .where(and(eq(properties.uuid, propertyUuid), isNull(properties.deleted_at)));
}

/** The generic `DELETE /properties/{uuid}`: the right to delete, 409 while a license is valid, then the whole tree. */
export async function deleteProperty(ctx: AppContext, access: Access, uuid: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await getRow({ ...ctx, db: tx }, access, entities.property, uuid);
    const sg = String(row.settings_group_uuid);
    if (!may(access, sg, 'delete', 'property')) throw forbidden();
    if (await licensedUntil(tx, uuid, isoDay(new Date()))) throw new HttpError(409, 'property_deletion.licensed');
    await deletePropertyTree(tx, uuid, access.user.id, new Date());
  });
}

/** Asks to delete the property (its settings group's admins): a new request and its mail; earlier pending ones of
 * the same property are withdrawn (their links dead). 409 while one is scheduled. */
export async function requestDeletion(ctx: AppContext, access: Access, uuid: string) {
  const user = access.user;
  const prop = await getRow(ctx, access, entities.property, uuid);
  const sg = String(prop.settings_group_uuid);
  const { group } = await requireAdmin(ctx, user, sg);
  const token = randomToken();
  const row = await ctx.db.transaction(async (tx) => {
    const [scheduled] = await tx
      .select({ uuid: propertyDeleteRequests.uuid })
      .from(propertyDeleteRequests)
      .where(and(eq(propertyDeleteRequests.property_uuid, uuid), eq(propertyDeleteRequests.status, 'scheduled')))
      .for('update');
    if (scheduled) throw new HttpError(409, 'property_deletion.scheduled_already');
    await tx
      .update(propertyDeleteRequests)
      .set({ status: 'withdrawn' })
      .where(and(eq(propertyDeleteRequests.property_uuid, uuid), eq(propertyDeleteRequests.status, 'pending')));
    const [made] = await tx
      .insert(propertyDeleteRequests)
      .values({ settings_group_uuid: sg, property_uuid: uuid, requested_by: user.id, token_hash: sha256(token) })
      .returning();
    return made!;
  });
  // after the commit, like invitations (server/services/invitations.service.ts)
  await ctx.mailer.send(
    await groupMail(
      ctx.db,
      sg,
      propertyDeleteMail(
        { email: user.email, name: user.first_name ?? '', locale: user.locale },
        String(prop.name),
        group.name,
        `${ctx.config.appUrl}/property-delete-requests/confirm/${token}`,
      ),
    ),
  );
  return present(row, String(prop.name));
}

/**
 * Confirms the request behind the mailed link (the requesting admin, signed in, still its settings group's admin):
 * done at once without a valid license, else scheduled for the day after the license's end. A request no longer
 * pending (confirmed before, withdrawn) is answered as it is and nothing changes; an unknown, foreign or expired
 * token is a 404.
 */
export async function confirmDeletion(ctx: AppContext, user: UserRow, token: string, now = new Date()) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw notFound();
  const [found] = await ctx.db
    .select()
    .from(propertyDeleteRequests)
    .where(eq(propertyDeleteRequests.token_hash, sha256(token)));
  if (!found || found.requested_by !== user.id) throw notFound();
  await requireAdmin(ctx, user, found.settings_group_uuid);
  if (found.status === 'pending' && now.getTime() - found.created_at.getTime() > LINK_DAYS * DAY) throw notFound();
  const row = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(propertyDeleteRequests)
      .set({ status: 'scheduled', confirmed_at: now })
      .where(and(eq(propertyDeleteRequests.uuid, found.uuid), eq(propertyDeleteRequests.status, 'pending')))
      .returning();
    if (!claimed) return found; // a second click: nothing more to do
    return settle(tx, claimed, now);
  });
  return present(row, await propertyName(ctx.db, row.property_uuid));
}

/** A confirmed request on `now`'s day: still licensed → its delete_on moves to the day after the license's end;
 * otherwise the property tree is deleted and the request is done. */
async function settle(db: Db, req: Request, now: Date): Promise<Request> {
  const today = isoDay(now);
  const until = await licensedUntil(db, req.property_uuid, today);
  if (until) {
    const [scheduled] = await db
      .update(propertyDeleteRequests)
      .set({ delete_on: addDays(until, 1) })
      .where(eq(propertyDeleteRequests.uuid, req.uuid))
      .returning();
    return scheduled!;
  }
  await deletePropertyTree(db, req.property_uuid, req.requested_by, now);
  const [done] = await db
    .update(propertyDeleteRequests)
    .set({ status: 'done', delete_on: req.delete_on ?? today, done_at: now })
    .where(eq(propertyDeleteRequests.uuid, req.uuid))
    .returning();
  return done!;
}

/** Daily (docs/domain/mail-and-jobs.md, "Scheduled jobs"): the scheduled requests whose day has come are done (a
 * license extended meanwhile moves the day on). Idempotent: a done request is not touched again. */
export async function runDueDeletions(db: Db, now: Date) {
  const due = await db
    .select()
    .from(propertyDeleteRequests)
    .where(and(eq(propertyDeleteRequests.status, 'scheduled'), lte(propertyDeleteRequests.delete_on, isoDay(now))))
    .for('update');
  let deleted = 0;
  let postponed = 0;
  for (const req of due) {
    const after = await settle(db, req, now);
    if (after.status === 'done') deleted++;
    else postponed++;
  }
  return { deleted, postponed };
}

async function propertyName(db: Db, uuid: string) {
  const [p] = await db.select({ name: properties.name }).from(properties).where(eq(properties.uuid, uuid));
  return p?.name ?? null;
}

/** The requests of a settings group (its admins), newest first, with their property's name, the requesting admin's
 * name and, for an open request, the end of the property's license valid today (the day after is when a confirmed
 * request is done; without one it is done on confirmation). */
export async function listRequests(ctx: AppContext, user: UserRow, settingsGroup: string, now = new Date()) {
  await requireAdmin(ctx, user, settingsGroup);
  const rows = await ctx.db
    .select({ r: propertyDeleteRequests, name: properties.name, first: users.first_name, last: users.last_name })
    .from(propertyDeleteRequests)
    .leftJoin(properties, eq(properties.uuid, propertyDeleteRequests.property_uuid))
    .leftJoin(users, eq(users.id, propertyDeleteRequests.requested_by))
    .where(eq(propertyDeleteRequests.settings_group_uuid, settingsGroup))
    .orderBy(desc(propertyDeleteRequests.created_at), desc(propertyDeleteRequests.uuid));
  const today = isoDay(now);
  const until = new Map<string, string | null>();
  for (const { r } of rows)
    if (['pending', 'scheduled'].includes(r.status) && !until.has(r.property_uuid))
      until.set(r.property_uuid, await licensedUntil(ctx.db, r.property_uuid, today));
  return rows.map(({ r, name, first, last }) => ({
    ...present(r, name),
    requested_by_name: first === null ? null : `${first} ${last ?? ''}`.trim(),
    licensed_until: until.get(r.property_uuid) ?? null,
  }));
}

/** Withdraws a pending or scheduled request (its settings group's admins); 409 once done or withdrawn. */
export async function withdraw(ctx: AppContext, user: UserRow, uuid: string) {
  const [row] = await ctx.db.select().from(propertyDeleteRequests).where(eq(propertyDeleteRequests.uuid, uuid));
  if (!row) throw notFound();
  await requireAdmin(ctx, user, row.settings_group_uuid);
  const [changed] = await ctx.db
    .update(propertyDeleteRequests)
    .set({ status: 'withdrawn' })
    .where(and(eq(propertyDeleteRequests.uuid, uuid), inArray(propertyDeleteRequests.status, ['pending', 'scheduled'])))
    .returning();
  if (!changed) throw new HttpError(409, 'property_deletion.closed');
  return present(changed, await propertyName(ctx.db, changed.property_uuid));
}
