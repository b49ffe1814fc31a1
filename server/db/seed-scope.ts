// What the parts of the demo seed start from: the moment, the stamp of every record, the workspace's live
// properties and its contractor firms (the organisations among the contacts), both by name.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from './client';
import * as t from './entity-tables';

export async function seedScope(db: Db, sg: string, userId: number) {
  const now = new Date(); // explicit: database defaults carry microseconds, which If-Match versions cannot match
  const stamp = { settings_group_uuid: sg, created_by: userId, updated_by: userId, created_at: now, updated_at: now };
  const properties = await db
    .select({ uuid: t.property.uuid })
    .from(t.property)
    .where(and(eq(t.property.settings_group_uuid, sg), isNull(t.property.deleted_at)))
    .orderBy(asc(t.property.name));
  const firms = await db
    .select({ uuid: t.contact.uuid })
    .from(t.contact)
    .where(and(eq(t.contact.settings_group_uuid, sg), eq(t.contact.kind, 'organisation')))
    .orderBy(asc(t.contact.display_name));
  return { now, today: now.toISOString().slice(0, 10), stamp, properties, firms };
}
