// Archive cascade (docs/planning-api.md, "Archive cascade"): archiving a facility or a contract tied to tasks warns
// about those tasks and archives the ones the user picks in the same transaction. A facility's tasks are those of the
// facility and of its sub-facilities (the subtree is archived with it); a contract's are the tasks that name it. Tasks
// already archived are left out; active and inactive ones are listed.
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { AnyEntity } from '../../src/entities/define';
import { entities } from '../../src/entities/registry';
import type { Access } from '../crud/access';
import { getRow } from '../crud/read';
import { scopeCondition, selection } from '../crud/table';
import { setArchived, subtree } from '../crud/write';
import type { Row } from '../crud/present';
import { task as tasks } from '../db/entity-tables';
import { fieldError } from '../http-error';
import type { Db } from '../db/client';

/** The models whose archive offers their tasks, and how a task names a record of each. */
const TIES: Record<string, (db: Db, uuid: string) => Promise<SQL>> = {
  facility: async (db, uuid) => inArray(tasks.facility_uuid, await subtree(db, entities.facility, uuid)),
  contract: async (_db, uuid) => eq(tasks.contract_uuid, uuid),
};

export const CASCADE_MODELS: readonly AnyEntity[] = [entities.facility, entities.contract];

/** The record's tasks the caller sees (their scope: a task hidden by an access rule is neither listed nor taken). */
async function relatedRows(db: Db, access: Access, entity: AnyEntity, uuid: string, settingsGroup: string) {
  return (await db
    .select(selection(entities.task))
    .from(tasks)
    .where(
      and(
        await TIES[entity.name]!(db, uuid),
        eq(tasks.settings_group_uuid, settingsGroup),
        isNull(tasks.archived_at),
        scopeCondition(entities.task, access),
      ),
    )
    .orderBy(tasks.title)) as Row[];
}

export async function relatedTasks(ctx: AppContext, access: Access, entity: AnyEntity, uuid: string) {
  const record = await getRow(ctx, access, entity, uuid);
  return relatedRows(ctx.db, access, entity, uuid, String(record.settings_group_uuid));
}

/** Archives the record (a facility with its subtree) and the chosen related tasks, all or nothing. */
export async function archiveWithTasks(
  ctx: AppContext,
  access: Access,
  entity: AnyEntity,
  uuid: string,
  taskUuids: string[],
) {
  const chosen = [...new Set(taskUuids)];
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const record = await getRow(txCtx, access, entity, uuid);
    if (chosen.length) {
      const related = new Set(
        (await relatedRows(tx, access, entity, uuid, String(record.settings_group_uuid))).map((r) => String(r.uuid)),
      );
      if (chosen.some((u) => !related.has(u))) throw fieldError('task_uuids', 'validation.related_task');
    }
    const affected = await setArchived(txCtx, access, entity, uuid, true);
    for (const task of chosen) await setArchived(txCtx, access, entities.task, task, true);
    return { affected, tasks_archived: chosen.length };
  });
}
