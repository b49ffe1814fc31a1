// A value a model keeps once among the live records of a settings group by a rule of its own (an attribute's key per
// model, an e-mail template per mail and language, a record template's name per model): not a column's unique index,
// since an archived or deleted record gives its value back. The check runs in the write's transaction under a lock
// per model and settings group, so two writes that could take the same value take turns (a paste, an import). A
// global model's records (no settings group: the account mails' templates) are one such set under one lock.
import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyEntity } from '../../src/entities/define';
import type { HookContext } from './model-behaviour';
import { col, tableOf } from './table';

/** The settings group a global model's write has: none (src/entities/define.ts, `Scope`). */
const groupOf = (h: HookContext, entity: AnyEntity): string | null =>
  entity.scope === 'global' ? null : h.settingsGroup;

/** Locks the model's live records of the write's settings group against such writes until the transaction ends. */
export const lockLive = (h: HookContext, entity: AnyEntity) =>
  h.db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${entity.table}), hashtext(${groupOf(h, entity) ?? 'global'}::text))`,
  );

/** The live records of the write's settings group: neither archived nor deleted, `except` the one written. */
export const liveOf = (h: HookContext, entity: AnyEntity, except: string | null) => {
  const group = groupOf(h, entity);
  return and(
    group === null ? undefined : eq(col(entity, 'settings_group_uuid'), group),
    isNull(col(entity, 'deleted_at')),
    isNull(col(entity, 'archived_at')),
    except ? ne(col(entity, 'uuid'), except) : undefined,
  );
};

/** Whether a live record of the write's settings group other than `except` matches `match`, under the lock. */
export async function liveTaken(h: HookContext, entity: AnyEntity, match: SQL, except: string | null) {
  await lockLive(h, entity);
  const [taken] = await h.db
    .select({ uuid: col(entity, 'uuid') })
    .from(tableOf(entity))
    .where(and(liveOf(h, entity, except), match))
    .limit(1);
  return taken !== undefined;
}
