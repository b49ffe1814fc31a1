// The names of an admins' table's records (user groups, permission groups): unique in the settings group among its
// live records, compared without case ("Technik" and "technik" are one name; docs/domain/permissions.md).
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AnyEntity } from '../../src/entities/define';
import type { HookContext } from '../crud/model-behaviour';
import type { Row } from '../crud/present';
import { col, tableOf } from '../crud/table';
import { fieldError } from '../http-error';

/** A write that sets a name another live record of the settings group holds (any case) is a 422 on `name`. */
export async function assertNameFree(
  h: HookContext,
  entity: AnyEntity,
  merged: Row,
  changes: Row,
  current: Row | null,
) {
  if (!('name' in changes) || typeof merged.name !== 'string') return;
  const [taken] = await h.db
    .select({ uuid: col(entity, 'uuid') })
    .from(tableOf(entity))
    .where(
      and(
        eq(col(entity, 'settings_group_uuid'), h.settingsGroup),
        sql`lower(${col(entity, 'name')}) = lower(${merged.name})`,
        isNull(col(entity, 'deleted_at')),
        current ? ne(col(entity, 'uuid'), String(current.uuid)) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw fieldError('name', 'validation.unique');
}

/** Whether a list of uuids changed (same uuids in any order: unchanged). */
export const sameUuids = (a: unknown, b: unknown) =>
  JSON.stringify([...((a as string[] | null) ?? [])].sort()) ===
  JSON.stringify([...((b as string[] | null) ?? [])].sort());
