// The archive's purge (docs/domain/fields.md, "Workspace settings", archive): a daily job deletes the records each
// settings group archived longer ago than its `purge_after_days` (0, the default, keeps them for good). Deleted as a
// user's delete does (`deleted_at`), per model of the members' tables of a settings group or a property, in one
// transaction per settings group with one audit entry naming the counts. Stored files (documents) are left to their
// own deletion.
import { and, eq, isNull, lt } from 'drizzle-orm';
import { entityList } from '../../src/entities/registry';
import { sectionStore } from '../../src/entities/workspace-settings';
import { settingValues } from '../../src/entities/model-settings';
import { audit } from '../audit/writer';
import { col, tableOf } from '../crud/table';
import type { Db } from '../db/client';
import { modelSettings } from '../db/schema';

const store = sectionStore('archive');

/** The models whose archived records a purge deletes. */
export const PURGED_MODELS = entityList.filter(
  (e) =>
    (e.scope === 'settings_group' || e.scope === 'property') &&
    (e.access ?? 'members') === 'members' &&
    !e.createdByUpload,
);

export async function purgeArchived(db: Db, now: Date): Promise<Record<string, number>> {
  const rows = await db
    .select({ sg: modelSettings.settings_group_uuid, values: modelSettings.values })
    .from(modelSettings)
    .where(eq(modelSettings.model, store.name));
  let purged = 0;
  let groups = 0;
  for (const row of rows) {
    const days = Number(settingValues(store, row.values).purge_after_days);
    if (!days) continue;
    const cutoff = new Date(now.getTime() - days * 86_400_000);
    const counts: Record<string, number> = {};
    await db.transaction(async (tx) => {
      for (const entity of PURGED_MODELS) {
        const gone = await tx
          .update(tableOf(entity))
          .set({ deleted_at: now } as never)
          .where(
            and(
              eq(col(entity, 'settings_group_uuid'), row.sg),
              lt(col(entity, 'archived_at'), cutoff),
              isNull(col(entity, 'deleted_at')),
            ),
          )
          .returning({ uuid: col(entity, 'uuid') });
        if (gone.length) counts[entity.name] = gone.length;
      }
      if (Object.keys(counts).length)
        await audit(tx, {
          settings_group_uuid: row.sg,
          user_id: null,
          action: 'archive.purge',
          target_type: 'settings_group',
          details: { counts, purge_after_days: days },
        });
    });
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    purged += total;
    if (total) groups += 1;
  }
  return { purged, groups };
}
