// System notifications (docs/domain/notifications.md, "System notifications"): what the global superusers' model
// (src/entities/system-notification.ts) adds to the records engine. Each write stores the title a search finds; the
// older API's bodies may echo `id` and `viewed`, which are not written. Every signed-in user reads the published
// ones (inside their window, not archived) and marks them read: the list and the numbered routes are thin routes
// of their own (server/routes/system-notifications.routes.ts), which take the engine's list and delete over
// (docs/decisions.md, "Licenses and system notifications on the records engine").
import { and, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Access } from '../crud/access';
import { isSuperuser } from '../crud/access';
import type { ModelBehaviour } from '../crud/model-behaviour';
import type { Db } from '../db/client';
import { systemNotification as notifications } from '../db/entity-tables';
import { systemNotificationViews } from '../db/permission-schema';
import { LOCALES } from '../../src/entities/account';

type Translations = Partial<Record<string, { title?: string }>>;

/** The title in the first language the text has (en-us, de, de-ch). */
export function titleOf(translations: unknown): string | null {
  const t = (translations ?? {}) as Translations;
  for (const locale of LOCALES) if (t[locale]?.title) return t[locale].title.slice(0, 200);
  return null;
}

export const systemNotification: ModelBehaviour = {
  stored: (merged) => ({ title: titleOf(merged.translations) }),
  // what the older API's clients send back with a notification they read; never stored
  input: { body: { id: z.number().int().optional(), viewed: z.boolean().optional() } },
  overrides: ['list', 'delete'],
};

/** The notifications every signed-in user reads: live, not archived, inside their publication window. */
export const published = (): SQL =>
  and(
    isNull(notifications.deleted_at),
    isNull(notifications.archived_at),
    lte(notifications.publish_at, sql`now()`),
    or(isNull(notifications.publish_until), gt(notifications.publish_until, sql`now()`)),
  )!;

/**
 * The uuid of the notification the caller may name by its number or uuid: a superuser any live one, anyone else a
 * published one; undefined when there is none (a 404).
 */
export async function notificationOf(db: Db, access: Access, key: number | string): Promise<string | undefined> {
  const [found] = await db
    .select({ uuid: notifications.uuid })
    .from(notifications)
    .where(
      and(
        typeof key === 'number' ? eq(notifications.id, key) : eq(notifications.uuid, key),
        isSuperuser(access) ? isNull(notifications.deleted_at) : published(),
      ),
    )
    .limit(1);
  return found?.uuid;
}

/** Which of the notifications the user marked read. */
export async function viewedBy(db: Db, userId: number, uuids: readonly string[]): Promise<Set<string>> {
  if (!uuids.length) return new Set();
  const rows = await db
    .select({ uuid: systemNotificationViews.notification_uuid })
    .from(systemNotificationViews)
    .where(
      and(eq(systemNotificationViews.user_id, userId), inArray(systemNotificationViews.notification_uuid, [...uuids])),
    );
  return new Set(rows.map((r) => r.uuid));
}

/** Marks the notification read for the user (again: nothing changes). */
export async function markRead(db: Db, userId: number, uuid: string) {
  await db.insert(systemNotificationViews).values({ notification_uuid: uuid, user_id: userId }).onConflictDoNothing();
}
