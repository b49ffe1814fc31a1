// Values filled from a picked record (src/entities/define.ts, `fills`; docs/domain/api.md, "Values filled from a
// picked record"): a write that sets a reference with a fill (an order line's article) takes the picked record's
// values for the fields it does not set itself, before the write is validated. The picked record is read in the
// write's settings group only; one the caller may not pick is refused by the reference check that follows, so
// nothing it filled is ever stored.
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { AnyEntity, Fill } from '../../src/entities/define';
import { entityByName } from '../../src/entities/registry';
import type { Db } from '../db/client';
import { ValidationFailed, fieldError } from '../http-error';
import type { Row } from './present';
import { col, tableOf } from './table';

const refModel = (entity: AnyEntity, fill: Fill) => {
  const field = entity.fields[fill.ref] as { model?: string } | undefined;
  return field?.model ? entityByName(field.model) : undefined;
};

async function picked(db: Db, entity: AnyEntity, sg: string, uuid: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(tableOf(entity))
    .where(
      and(eq(col(entity, 'uuid'), uuid), eq(col(entity, 'settings_group_uuid'), sg), isNull(col(entity, 'deleted_at'))),
    )
    .limit(1);
  return row as Row | undefined;
}

const UUID = z.regexes.uuid();

/**
 * Fills `changes` (a create's values, or an update's changes) in place from the records its references pick, in the
 * model's declared order (a picked article's tax then fills the rate): a value the write sets itself wins. On an
 * update only a reference that changes fills. Returns the fields it filled.
 */
export async function applyFills(
  db: Db,
  entity: AnyEntity,
  sg: string | null,
  changes: Row,
  current: Row | null,
): Promise<string[]> {
  const filled: string[] = [];
  if (!entity.fills || sg === null) return filled;
  const own = new Set(Object.keys(changes));
  for (const fill of entity.fills) {
    const uuid = changes[fill.ref];
    if (typeof uuid !== 'string' || !UUID.test(uuid)) continue;
    if (current && String(current[fill.ref] ?? '').toLowerCase() === uuid.toLowerCase() && own.has(fill.ref)) continue;
    const model = refModel(entity, fill);
    if (!model || model.scope !== 'settings_group') continue;
    const row = await picked(db, model, sg, uuid);
    // not in the write's settings group: refused as the reference check would, before anything is found missing
    if (!row) throw fieldError(fill.ref, 'validation.ref_not_found');
    for (const [name, value] of Object.entries(fill.values(row))) {
      if (own.has(name) || !fill.provides.includes(name)) continue;
      changes[name] = value ?? null;
      filled.push(name);
    }
  }
  return filled;
}

/** The required fields a create leaves out because a fill may provide them: each still empty after the fills is a
 * 422 (the create schema lets them be left out: src/entities/schemas.ts). */
export function assertFilled(entity: AnyEntity, values: Row) {
  const missing = fillable(entity).filter((name) => values[name] == null || values[name] === '');
  if (missing.length)
    throw new ValidationFailed(Object.fromEntries(missing.map((name) => [name, [{ key: 'validation.required' }]])));
}

/** The required fields of a model that one of its fills provides. */
export const fillable = (entity: AnyEntity): string[] =>
  [...new Set((entity.fills ?? []).flatMap((fill) => fill.provides))].filter(
    (name) => entity.fields[name]?.required === true,
  );
