// Archive cascade (spec §4): archiving a facility warns about the active tasks tied to it or to its
// sub-facilities, and archives the ones the user picks in the same transaction.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { entities } from '../../src/entities/registry';
import type { Access } from '../crud/access';
import { getRow, selection } from '../crud/read';
import { setArchived, subtree } from '../crud/write';
import { presentRecord, type Row } from '../crud/present';
import { task as tasks } from '../db/entity-tables';
import { fieldError } from '../http-error';
import type { Tx } from './record-actions';

async function relatedRows(db: Tx, facilityUuid: string, settingsGroup: string) {
  const ids = await subtree(db, entities.facility, facilityUuid);
  return (await db
    .select(selection(entities.task))
    .from(tasks)
    .where(
      and(
        inArray(tasks.facility_uuid!, ids),
        eq(tasks.settings_group_uuid!, settingsGroup),
        eq(tasks.status!, 'active'),
        isNull(tasks.archived_at!),
        isNull(tasks.deleted_at!),
      ),
    )) as Row[];
}

export async function relatedTasks(ctx: AppContext, access: Access, facilityUuid: string) {
  const facility = await getRow(ctx, access, entities.facility, facilityUuid);
  const rows = await relatedRows(ctx.db, facilityUuid, String(facility.settings_group_uuid));
  return rows.map((r) => presentRecord(entities.task, access, r));
}

/** Archives the facility (and its subtree) and the chosen related tasks, all or nothing. */
export async function archiveFacility(ctx: AppContext, access: Access, facilityUuid: string, taskUuids: string[]) {
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    const txCtx = { ...ctx, db: tx };
    const facility = await getRow(txCtx, access, entities.facility, facilityUuid);
    if (taskUuids.length) {
      const related = new Set(
        (await relatedRows(tx, facilityUuid, String(facility.settings_group_uuid))).map((r) => String(r.uuid)),
      );
      if (taskUuids.some((u) => !related.has(u))) throw fieldError('task_uuids', 'validation.related_task');
    }
    const affected = await setArchived(txCtx, access, entities.facility, facilityUuid, true);
    for (const uuid of new Set(taskUuids)) await setArchived(txCtx, access, entities.task, uuid, true);
    return { affected, tasks_archived: new Set(taskUuids).size };
  });
}
