// Bulk archive, restore and delete (the undo stack's inverse operations), one transaction per request. A record
// changed since the caller saw it (`updated_at`) is a conflict and left alone; rows the caller may not touch are
// skipped with the permission message. The creator may delete a record nobody changed since it was created.
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { AnyEntity } from '../../src/entities/define';
import { assertWrites, mayOnRecord, type Access } from './access';
import { getRows } from './read';
import { col, tableOf } from './table';
import { groupOf, setArchived, subtree } from './write';
import { deleteArchives, hooksOf } from './model-behaviour';
import type { Row } from './present';
import { inTransaction, loadScoped, type BulkOptions } from './bulk';
import { RowsInvalid, skippedMessage } from './row-errors';
import { translate } from '../i18n/messages';

export type BulkAction = 'archive' | 'restore' | 'delete';
type Status = 'done' | 'unchanged' | 'conflict' | 'skipped';

/** Nobody changed the record since its creator made it: the creator may take it back (undo of a paste or import). */
export const untouchedByCreator = (row: Row, userId: number) =>
  row.created_by === userId &&
  row.updated_by === userId &&
  (row.created_at as Date).getTime() === (row.updated_at as Date).getTime() &&
  !row.archived_at;

export async function bulkAction(
  ctx: AppContext,
  access: Access,
  entity: AnyEntity,
  action: BulkAction,
  rows: { uuid: string; updated_at?: string }[],
  o: Omit<BulkOptions, 'skipInvalid'>,
) {
  assertWrites(access, entity);
  const uuids = rows.map((r) => r.uuid);
  const dups = uuids.flatMap((u, i) => (uuids.indexOf(u) !== i ? [i] : []));
  if (dups.length)
    throw new RowsInvalid(
      Object.fromEntries(
        dups.map((i) => [`rows.${i}.uuid`, [translate(o.locale, 'validation.distinct', { field: 'uuid' })]]),
      ),
    );
  return inTransaction(ctx, o.dryRun, async (c) => {
    const current = await loadScoped(c, access, entity, uuids);
    const out: { uuid: string; status: Status }[] = [];
    for (const { uuid, updated_at: version } of rows) {
      const row = current.get(uuid)!;
      const sg = groupOf(row);
      const status = await (async (): Promise<Status> => {
        if (version && new Date(version).getTime() !== (row.updated_at as Date).getTime()) return 'conflict';
        if (action === 'delete' && !deleteArchives(entity)) {
          if (!mayOnRecord(access, entity, row, 'delete') && !untouchedByCreator(row, access.user.id)) return 'skipped';
          const ids = await subtree(c.db, entity, uuid);
          await c.db
            .update(tableOf(entity))
            .set({ deleted_at: new Date(), deleted_by: access.user.id })
            .where(inArray(col(entity, 'uuid'), ids));
          await hooksOf(entity).afterArchive?.(
            { db: c.db, access, settingsGroup: sg as string, now: new Date() },
            ids,
            true,
          );
          return 'done';
        }
        if (!mayOnRecord(access, entity, row, 'archive')) return 'skipped';
        const archived = await c.db
          .select({ at: col(entity, 'archived_at') })
          .from(tableOf(entity))
          .where(eq(col(entity, 'uuid'), uuid)); // a subtree archived earlier in this request counts
        // a model whose delete archives (`deleteArchives`) takes a bulk-delete as a bulk-archive
        const archive = action !== 'restore';
        if (!!archived[0]?.at === archive) return 'unchanged';
        await setArchived(c, access, entity, uuid, archive);
        return 'done';
      })();
      out.push({ uuid, status });
    }
    const records = new Map(
      action === 'delete' && !deleteArchives(entity)
        ? []
        : (await getRows(c, access, entity, uuids)).map((r) => [r.uuid, r] as const),
    );
    const count = (s: Status) => out.filter((r) => r.status === s).length;
    return {
      data: out.map((r) => {
        const rec = records.get(r.uuid);
        return { ...r, ...(rec ? { record: rec } : {}) };
      }),
      meta: {
        done: count('done'),
        unchanged: count('unchanged'),
        conflicts: count('conflict'),
        skipped: count('skipped'),
        ...(count('skipped') ? { message: skippedMessage(o.locale, count('skipped')) } : {}),
      },
    };
  });
}
