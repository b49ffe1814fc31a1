// Tree models (a self reference named by `tree.parentField`, e.g. facilities): a new parent must not be the record
// itself or one of its descendants. One recursive query reads the ancestors of many records at once; the walk up is
// a pure function over a parent lookup, so a batch can lay its own earlier rows over the stored tree (the check
// itself is `treeProblems` in checks.ts).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { AnyEntity } from '../../src/entities/define';
import { rowsOf } from './table';

/** Parent of every record on the way up from `uuids` (themselves included): uuid → parent uuid or null. */
export async function ancestry(
  db: Db,
  entity: AnyEntity,
  uuids: readonly string[],
): Promise<Map<string, string | null>> {
  const parents = new Map<string, string | null>();
  if (!entity.tree || uuids.length === 0) return parents;
  const t = sql.identifier(entity.table);
  const field = sql.identifier(entity.tree.parentField);
  const ids = sql.join(
    uuids.map((u) => sql`${u}`),
    sql`, `,
  );
  // `union` (not `union all`) ends the walk even if stored data already holds a loop
  const res = await db.execute(sql`
    with recursive up(uuid, parent) as (
      select uuid, ${field} from ${t} where uuid in (${ids})
      union select x.uuid, x.${field} from ${t} x join up on x.uuid = up.parent
    ) select uuid, parent from up`);
  for (const row of rowsOf<{ uuid: string; parent: string | null }>(res)) parents.set(row.uuid, row.parent);
  return parents;
}

/**
 * Whether `parent` as the parent of `uuid` closes a loop: it is the record itself or one of its descendants.
 * `parentOf` answers undefined for a record it does not know (treated as a root).
 */
export function closesLoop(uuid: string, parent: string, parentOf: (uuid: string) => string | null | undefined) {
  const seen = new Set<string>();
  for (let at: string | null | undefined = parent; at; at = parentOf(at)) {
    if (at === uuid) return true;
    if (seen.has(at)) return false; // a loop elsewhere, not through this record
    seen.add(at);
  }
  return false;
}
