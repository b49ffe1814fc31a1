// The scope of the map, the charts and the dashboard tiles (docs/analytics-api.md): exactly a list's. Each aggregate
// counts the records the model's list would show for the same settings group, properties and filter — the list's own
// conditions (server/crud/read.ts, `listConditions`: rights, access rules, restricted access, not deleted, not
// archived), with the filter parsed by the list's own schema, so a tile's value and the list's count cannot differ.
// The selected properties and a filter on a reference count only the records the caller sees there too: naming a
// property hidden from them answers exactly as naming a uuid that does not exist (docs/analytics-api.md, "Scope").
// The workload, the staffing chart and a counter's consumption are built on the same conditions.
import type { SQL } from 'drizzle-orm';
import type { AnyEntity } from '../../src/entities/define';
import type { AppContext } from '../context';
import { may, type Access } from '../crud/access';
import { computedValues, virtualColumns } from '../crud/model-behaviour';
import { selection, tableOf } from '../crud/table';
import { listQuerySchema, type ListQuery } from '../crud/list-query';
import { listConditions, withAttributes } from '../crud/read';
import { forbidden, notFound } from '../http-error';

export interface Selection {
  settings_group_uuid?: string | undefined;
  property_uuids?: string[] | undefined;
  /** The list's filter as its schema parsed it (a chart's `filter[...]`, validated by the route). */
  filter?: ListQuery['filter'];
  /** The list's status limiter and archived switch (the map's, as its grid shows them); the list's defaults without. */
  status_limiter?: ListQuery['status_limiter'];
  archived?: ListQuery['archived'];
}

/** A list query of `entity` for the selection and a filter as the list's URL carries it (`filter[...]`). */
export function listQueryOf(entity: AnyEntity, s: Selection, filter?: Record<string, unknown>): ListQuery {
  return listQuerySchema(entity).parse({
    ...(s.settings_group_uuid ? { settings_group_uuid: s.settings_group_uuid } : {}),
    ...(s.property_uuids?.length ? { property_uuids: s.property_uuids } : {}),
    ...(filter ? { filter } : {}),
  }) as ListQuery;
}

/** The list's conditions on `entity` for the selection and filter. The settings group narrows the caller's scope
 * itself (the same records as the list's `settings_group_uuid`, without a second condition on the same column, whose
 * doubled selectivity estimate misled the planner on large tables). */
export function scopedTo(entity: AnyEntity, access: Access, s: Selection, filter?: Record<string, unknown>): SQL {
  const sg = s.settings_group_uuid;
  const narrowed = sg ? { ...access, groups: access.groups.filter((g) => g === sg) } : access;
  const query: ListQuery = {
    ...listQueryOf(entity, { property_uuids: s.property_uuids }, filter),
    ...(s.status_limiter ? { status_limiter: s.status_limiter } : {}),
    ...(s.archived ? { archived: s.archived } : {}),
  };
  return listConditions(entity, narrowed, s.filter ? { ...query, filter: { ...s.filter, ...query.filter } } : query);
}

/** The selection with the attributes its filter names resolved against the settings group's live ones, as a list
 * resolves them (crud/read.ts, `withAttributes`): a chart filtered by an attribute counts what the list filtered by it
 * lists, and a key the model does not have there is the list's 422. Called after `requireView`, so that a settings
 * group the caller is not in stays a 404. */
export async function withFilterAttributes<S extends Selection>(
  ctx: AppContext,
  access: Access,
  entity: AnyEntity,
  s: S,
): Promise<S> {
  if (!s.filter) return s;
  const q = { settings_group_uuid: s.settings_group_uuid, filter: s.filter } as ListQuery;
  return { ...s, filter: (await withAttributes(ctx, access, entity, q)).filter };
}

/** A settings group the caller is not in (or is refused from) is a 404, as another workspace's record; one in which
 * they may not view a model the aggregate reads is a 403. */
export function requireView(access: Access, settingsGroup: string, ...models: AnyEntity[]) {
  if (!access.roles.has(settingsGroup)) throw notFound();
  for (const m of models) if (!may(access, settingsGroup, 'view', m.name)) throw forbidden();
}

/** The rows of `entity` under `where`, each with the values its read computes for the caller's day (a facility's
 * renewal figures), read with the model's read context in one query: for aggregates of computed values that SQL
 * does not hold (the renewal costs a tile sums, the condition figures). */
export async function computedRows(
  ctx: AppContext,
  access: Access,
  entity: AnyEntity,
  where: SQL,
  today: string,
): Promise<Record<string, unknown>[]> {
  const context = Object.fromEntries(Object.entries(virtualColumns(entity, access)).filter(([k]) => k.startsWith('_')));
  const rows = (await ctx.db
    .select({ ...selection(entity, { virtual: false }), ...context })
    .from(tableOf(entity))
    .where(where)) as Record<string, unknown>[];
  return rows.map((row) => ({ ...row, ...computedValues(entity, row, today) }));
}
