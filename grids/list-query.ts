// The grid's state (sort, column filters, quick search, limiter, archived, selected context) as the list
// query (docs/domain/api.md, "List query"). Pure, so it is unit-tested; the server answers fields outside its allow-list
// with 422.
import type { AnyEntity } from '../src/entities/define';
import { contextColumn, isListField, isSortable } from '../src/entities/list-rules';
import type { ListQuery } from '../src/api/records';

export type StatusLimiter = 'active' | 'inactive' | 'all';
export type ArchivedMode = '0' | '1' | 'all';

/** The model of the enum/bool filter (enum-filter.tsx). */
export interface ValuesFilterModel {
  filterType: 'values';
  values: string[];
}

export interface GridQueryState {
  sort: { colId: string; sort: 'asc' | 'desc' } | null;
  filterModel: Record<string, unknown>;
  search: string;
  statusLimiter: StatusLimiter | null;
  archived: ArchivedMode;
  settingsGroupUuid: string | null;
  propertyUuids: readonly string[];
  partitionUuids: readonly string[];
  /** Parameters a screen adds to its grid's list (the map's `bbox`, a linked view's `filter[uuid]`). */
  extra?: ListQuery;
}

export { isSortable };

/** Column filters the grid offers: the list's filter fields, less times of day (the grid filters whole days) and JSON
 * values (never filtered by: src/entities/list-rules.ts). */
export const isFilterable = (entity: AnyEntity, name: string) =>
  isListField(entity, name) && !['datetime', 'json'].includes(entity.fields[name]?.kind ?? '');

const day = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : undefined);

/** One column filter as query parameters; unknown shapes are dropped rather than sent. */
function filterParams(name: string, model: Record<string, unknown>): ListQuery {
  const key = `filter[${name}]`;
  const range = (from: unknown, to: unknown): ListQuery => ({
    [`${key}[from]`]: from as string,
    [`${key}[to]`]: to as string,
  });
  switch (model.filterType) {
    case 'text':
      return typeof model.filter === 'string' && model.filter ? { [key]: model.filter } : {};
    case 'values': {
      const values = (model as unknown as ValuesFilterModel).values;
      return values.length ? { [key]: values } : {};
    }
    case 'number':
    case 'date': {
      const isDate = model.filterType === 'date';
      const a = isDate ? day(model.dateFrom) : model.filter;
      const b = isDate ? day(model.dateTo) : model.filterTo;
      const v = (x: unknown) => (x === null || x === undefined || x === '' ? undefined : String(x));
      if (model.type === 'equals') return v(a) ? { [key]: v(a) } : {};
      if (model.type === 'greaterThanOrEqual') return range(v(a), undefined);
      if (model.type === 'lessThanOrEqual') return range(undefined, v(a));
      if (model.type === 'inRange') return range(v(a), v(b));
      return {};
    }
    default:
      return {};
  }
}

export function toListQuery(entity: AnyEntity, state: GridQueryState): ListQuery {
  const query: ListQuery = { archived: state.archived };
  if (state.sort && isSortable(entity, state.sort.colId)) {
    query.sort_by = state.sort.colId;
    query.sort_descending = state.sort.sort === 'desc' ? '1' : '0';
  }
  const search = state.search.trim();
  if (search) query.search = search.slice(0, 200);
  if (entity.status && state.statusLimiter) query.status_limiter = state.statusLimiter;
  // a global model's records belong to no settings group (src/entities/define.ts, `Scope`)
  if (state.settingsGroupUuid && entity.scope !== 'global') query.settings_group_uuid = state.settingsGroupUuid;
  // The selected context narrows only models that belong to a property (or partition).
  if (state.propertyUuids.length && contextColumn(entity, 'property')) query.property_uuids = state.propertyUuids;
  if (state.partitionUuids.length && contextColumn(entity, 'partition')) query.partition_uuids = state.partitionUuids;
  Object.assign(query, columnFilterQuery(entity, state.filterModel));
  if (state.extra) Object.assign(query, state.extra);
  return query;
}

/** The grid's column filters alone as `filter[...]` parameters (the Chart view asks its chart with them). */
export function columnFilterQuery(entity: AnyEntity, filterModel: Record<string, unknown>): ListQuery {
  const query: ListQuery = {};
  for (const [name, model] of Object.entries(filterModel)) {
    if (!isFilterable(entity, name) || !model || typeof model !== 'object') continue;
    Object.assign(query, filterParams(name, model as Record<string, unknown>));
  }
  return query;
}
