// Licenses (docs/domain/permissions.md, "Licenses"): what the model (src/entities/license.ts) adds to the records
// engine. The holder's name and whether a license is valid today are read in SQL with the license; the check
// property deletion makes (`licensedUntil`) reads the licenses in force on a day.
import { and, gte, isNull, lte, max, sql } from 'drizzle-orm';
import type { ModelBehaviour } from '../crud/model-behaviour';
import type { Db } from '../db/client';
import { contact, license as licenses } from '../db/entity-tables';

/** Today's date in UTC, as the database has it. */
const utcToday = sql`(now() at time zone 'UTC')::date`;

export const license: ModelBehaviour = {
  selected: () => ({
    holder_name: sql<
      string | null
    >`(select ${contact.display_name} from ${contact} where ${contact.uuid} = ${licenses.holder_uuid})`,
    valid_today: sql<boolean>`(${licenses.valid_from} <= ${utcToday} and ${utcToday} <= ${licenses.valid_to})`,
  }),
};

/**
 * The last day of the licenses covering the property that are in force on `today` (from valid_from to valid_to;
 * an archived or deleted license is not), or null when none is: the property may be deleted now (docs/domain/
 * permissions.md, "Property deletion").
 */
export async function licensedUntil(db: Db, propertyUuid: string, today: string): Promise<string | null> {
  const [row] = await db
    .select({ until: max(licenses.valid_to) })
    .from(licenses)
    .where(
      and(
        sql`${licenses.property_uuids} @> array[${propertyUuid}]::uuid[]`,
        lte(licenses.valid_from, today),
        gte(licenses.valid_to, today),
        isNull(licenses.deleted_at),
        isNull(licenses.archived_at),
      ),
    );
  return row?.until ?? null;
}
