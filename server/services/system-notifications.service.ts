// System notifications (docs/domain/notifications.md, "System notifications"): superusers (with confirmed 2FA) manage them; users see
// those inside their publish window, newest publish_at first, and mark them read.
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext, UserRow } from '../context';
import { systemNotifications, systemNotificationViews } from '../db/schema';
import { HttpError, fieldError, notFound } from '../http-error';
import type { SystemNotification, systemNotificationBody } from '../../src/entities/account';

const API = '/api/v1/system-notifications';

/** yyyy-MM-dd HH:mm:ss in UTC (docs/domain/notifications.md, "System notifications") ↔ Date. */
export const formatStamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
const parseStamp = (s: string) => new Date(`${s.replace(' ', 'T')}Z`);

export function canManage(user: UserRow) {
  return user.is_superuser && user.two_factor_confirmed_at !== null;
}

export function assertManager(user: UserRow) {
  if (!user.is_superuser) throw new HttpError(403, 'auth.forbidden');
  if (!user.two_factor_confirmed_at) throw new HttpError(403, 'auth.superuser_needs_2fa');
}

const published = () =>
  and(
    lte(systemNotifications.publish_at, sql`now()`),
    or(isNull(systemNotifications.publish_until), gt(systemNotifications.publish_until, sql`now()`)),
  );

export async function list(ctx: AppContext, user: UserRow): Promise<SystemNotification[]> {
  const manager = canManage(user);
  const rows = await ctx.db
    .select({ n: systemNotifications, viewedAt: systemNotificationViews.viewed_at })
    .from(systemNotifications)
    .leftJoin(
      systemNotificationViews,
      and(
        eq(systemNotificationViews.notification_id, systemNotifications.id),
        eq(systemNotificationViews.user_id, user.id),
      ),
    )
    .where(manager ? undefined : published())
    .orderBy(desc(systemNotifications.publish_at), desc(systemNotifications.id))
    .limit(200);
  return rows.map(({ n, viewedAt }) => present(n, viewedAt !== null, manager));
}

function present(n: typeof systemNotifications.$inferSelect, viewed: boolean, manager: boolean): SystemNotification {
  const links: Record<string, string> = { self: `${API}/${n.id}` };
  if (!viewed) links.confirm = `${API}/${n.id}/confirmations`;
  if (manager) Object.assign(links, { update: `${API}/${n.id}`, delete: `${API}/${n.id}/` });
  return {
    id: n.id,
    type: n.type as SystemNotification['type'],
    publish_at: formatStamp(n.publish_at),
    publish_until: n.publish_until ? formatStamp(n.publish_until) : null,
    translations: n.translations,
    viewed,
    links,
  };
}

function values(body: z.infer<typeof systemNotificationBody>) {
  const publishAt = parseStamp(body.publish_at);
  const publishUntil = body.publish_until ? parseStamp(body.publish_until) : null;
  if (Number.isNaN(publishAt.getTime())) throw fieldError('publish_at', 'validation.datetime_format');
  if (publishUntil && (Number.isNaN(publishUntil.getTime()) || publishUntil <= publishAt))
    throw fieldError('publish_until', 'validation.publish_until_before');
  return { type: body.type, publish_at: publishAt, publish_until: publishUntil, translations: body.translations };
}

export async function create(ctx: AppContext, user: UserRow, body: z.infer<typeof systemNotificationBody>) {
  assertManager(user);
  const [row] = await ctx.db
    .insert(systemNotifications)
    .values({ ...values(body), created_by: user.id })
    .returning();
  return present(row!, false, true);
}

export async function update(ctx: AppContext, user: UserRow, id: number, body: z.infer<typeof systemNotificationBody>) {
  assertManager(user);
  const [row] = await ctx.db
    .update(systemNotifications)
    .set({ ...values(body), updated_at: new Date() })
    .where(eq(systemNotifications.id, id))
    .returning();
  if (!row) throw notFound();
  return present(row, false, true);
}

export async function remove(ctx: AppContext, user: UserRow, id: number) {
  assertManager(user);
  const gone = await ctx.db
    .delete(systemNotifications)
    .where(eq(systemNotifications.id, id))
    .returning({ id: systemNotifications.id });
  if (gone.length === 0) throw notFound();
}

/** Marks a notification read for the caller; only a notification the caller can see. */
export async function confirm(ctx: AppContext, user: UserRow, id: number) {
  const [visible] = await ctx.db
    .select({ id: systemNotifications.id })
    .from(systemNotifications)
    .where(canManage(user) ? eq(systemNotifications.id, id) : and(eq(systemNotifications.id, id), published()))
    .limit(1);
  if (!visible) throw notFound();
  await ctx.db.insert(systemNotificationViews).values({ notification_id: id, user_id: user.id }).onConflictDoNothing();
}
