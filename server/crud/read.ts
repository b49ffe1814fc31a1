// Generic reads: list (page or keyset cursor, sort, search, filters, selected context, limiter, archived) and
// get by uuid, always scoped to the caller's settings groups in the same query (the table toolkit is table.ts).
import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context';
import type { AnyEntity } from '../../src/entities/define';
import { fieldError, forbidden, notFound } from '../http-error';
import { entityByName } from '../../src/entities/registry';
import { contextColumn } from '../../src/entities/list-rules';
import { assertReach, groupsWhere, levelOf, may, reaches, reachesAll, todayAt, type Access } from './access';
import {
  bboxConditions,
  DEFAULT_PER_PAGE,
  listParamConditions,
  namedFilterConditions,
  type ListQuery,
} from './list-query';
import type { Row } from './present';
import { col, filterCondition, listColumn, rowsOf, scopeCondition, selection, tableOf } from './table';
import { recordFieldsIn, virtualColumns } from './model-behaviour';
import { decodeCursor, encodeCursor, type Cursor } from './cursor';
import { escapeLike } from './like';
import { refsContainAny } from './refs';
import { MEMBER_MODEL } from '../../src/entities/fields';
import { users } from '../db/schema';
import { ATTRIBUTE_PATH, attributeKeyOf } from '../../src/domain/attributes';
import {
  AttributeFilter,
  attributeCondition,
  attributeCursorValue,
  attributeExpr,
  attributeSearch,
  namesAttributes,
  resolveAttributes,
} from './attributes';

/** Counting stops here: above it the reply says "more than" instead of scanning a huge table on every call. */
export const COUNT_CAP = 10_000;

/** The conditions of a list query: the caller's scope (or `scope`, a bespoke list route's own: see `list`), then
 * the query's. */
export function listConditions(entity: AnyEntity, access: Access, q: ListQuery, scope?: SQL): SQL {
  const parts: (SQL | undefined)[] = [scope ?? scopeCondition(entity, access)];
  if (q.settings_group_uuid) parts.push(eq(col(entity, 'settings_group_uuid'), q.settings_group_uuid));
  // The selected context narrows models that belong to a property; workspace-wide models (contacts, catalogues)
  // are not narrowed by it.
  const byProperty = contextColumn(entity, 'property');
  if (q.property_uuids?.length && byProperty) parts.push(amongSeen(entity, byProperty, access, q.property_uuids));
  const byPartition = contextColumn(entity, 'partition');
  if (q.partition_uuids?.length && byPartition) parts.push(amongSeen(entity, byPartition, access, q.partition_uuids));
  if (entity.status && q.status_limiter && q.status_limiter !== 'all') {
    const column = col(entity, entity.status.field);
    const active = [...entity.status.active];
    parts.push(q.status_limiter === 'active' ? inArray(column, active) : sql`${column} not in ${active}`);
  }
  const archived = q.archived ?? '0';
  if (archived === '0') parts.push(isNull(col(entity, 'archived_at')));
  if (archived === '1') parts.push(isNotNull(col(entity, 'archived_at')));
  if (q.search?.trim()) {
    const pattern = `%${escapeLike(q.search.trim().toLowerCase())}%`;
    // the searchable attributes too (crud/attributes.ts)
    parts.push(or(searchCondition(entity, pattern), ...attributeSearch(entity, q, pattern))!);
  }
  parts.push(...filterConditions(entity, access, q.filter), ...bboxConditions(entity, q.bbox));
  parts.push(...listParamConditions(entity, q));
  return and(...parts)!;
}

/** A list query's filter as conditions: the fields' filters and the model's named filters (list-query.ts); a filter
 * on a reference keeps only the records the caller sees (`amongSeen`). */
export function filterConditions(entity: AnyEntity, access: Access, filter: ListQuery['filter']): SQL[] {
  const parts = Object.entries(filter ?? {}).flatMap(([name, value]) => {
    if (value === undefined) return [];
    if (ATTRIBUTE_PATH.test(name)) {
      // parsed by `resolveAttributes` against the settings group's attributes; one that was not is not a filter
      if (!(value instanceof AttributeFilter)) throw fieldError(`filter.${name}`, 'validation.unknown_field');
      return attributeCondition(entity, value) ?? [];
    }
    if (entity.fields[name]?.kind === 'ref') return [amongSeen(entity, name, access, value as string[])];
    if (entity.fields[name]?.kind === 'refs') return [refsContainAny(entity, name, access, value as string[])];
    return filterCondition(entity, name, value, { today: access.today }) ?? [];
  });
  return [...parts, ...namedFilterConditions(entity, filter, access.today ?? todayAt(undefined))];
}

/**
 * `column` (a reference, or the selected context's column) is one of `uuids`, counting only the referenced records
 * the caller sees: one hidden from them (another workspace, an access rule, restricted access, no view right) narrows
 * exactly as a uuid that names nothing, so a list, count, chart or tile never tells that it exists
 * (docs/domain/permissions.md, "Access rules"). The model's own uuid needs no lookup: its own scope holds.
 */
function amongSeen(entity: AnyEntity, column: string, access: Access, uuids: string[]): SQL {
  const field = entity.fields[column];
  const target = field?.kind === 'ref' ? entityByName(field.model) : undefined;
  if (!target) return inArray(col(entity, column), uuids); // the model's own uuid: its own scope holds
  const uuid = col(target, 'uuid');
  return sql`${col(entity, column)} in (select ${uuid} from ${tableOf(target)}
    where ${and(inArray(uuid, uuids), scopeCondition(target, access))})`;
}

const searchColumn = (entity: AnyEntity) =>
  (getTableColumns(tableOf(entity)) as Record<string, AnyPgColumn | undefined>).search_text;

/**
 * Search (docs/hostile-input.md): a model's searchable fields; a model whose title is another record or a date
 * (a tenancy, a task event) is found by the searchable text of the records it refers to as well. A model with
 * nothing to search finds nothing, never everything.
 */
function searchCondition(entity: AnyEntity, pattern: string): SQL {
  const own = searchColumn(entity);
  const parts: SQL[] = own ? [sql`${own} like ${pattern}`] : [];
  if (!entity.fields[entity.titleField]?.searchable) {
    for (const [name, field] of Object.entries(entity.fields)) {
      if (field.kind === 'ref' && field.model === MEMBER_MODEL) {
        // a member by their name (a delegation's delegate)
        parts.push(
          sql`${col(entity, name)} in (select ${users.uuid} from ${users} where lower(${users.first_name} || ' ' || ${users.last_name}) like ${pattern})`,
        );
        continue;
      }
      const target = field.kind === 'ref' ? entityByName(field.model) : undefined;
      const theirs = target && searchColumn(target);
      if (!target || !theirs) continue;
      parts.push(
        sql`${col(entity, name)} in (select ${col(target, 'uuid')} from ${tableOf(target)} where ${theirs} like ${pattern})`,
      );
    }
  }
  return or(...parts) ?? sql`false`;
}

/**
 * Rows after the cursor in (sort column, uuid) order, nulls last in both directions (lists and exports). For a column that cannot be
 * null this is one row comparison, which the (settings group, column, uuid) index answers directly at any depth; the
 * default sort's next fields (never null) join that row comparison.
 */
export function afterCursor(
  sortCol: AnyPgColumn,
  uuidCol: AnyPgColumn,
  c: Cursor,
  descending: boolean,
  then: readonly { col: AnyPgColumn }[] = [],
): SQL {
  const cmp = descending ? sql.raw('<') : sql.raw('>');
  const next = then.map((t, i) => ({ col: t.col, v: c.t?.[i] }));
  const tail = (first?: { col: AnyPgColumn; v: unknown }) => {
    const cols = [...(first ? [first.col] : []), ...next.map((n) => n.col), uuidCol];
    const values = [...(first ? [first.v] : []), ...next.map((n) => n.v), c.u];
    return sql`(${sql.join(cols, sql`, `)}) ${cmp} (${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )})`;
  };
  if (sortCol.notNull) return tail({ col: sortCol, v: c.v });
  if (c.v === null) return and(isNull(sortCol), tail())!;
  return or(sql`${sortCol} ${cmp} ${c.v}`, and(sql`${sortCol} = ${c.v}`, tail()), isNull(sortCol))!;
}

/** A list query with the attributes it names (a filter, the sort, the search) resolved against the live ones of the
 * settings groups it spans (crud/attributes.ts; docs/domain/attributes.md): lists and exports take it so. */
export async function withAttributes(ctx: AppContext, access: Access, entity: AnyEntity, q: ListQuery) {
  if (!namesAttributes(entity, q)) return q;
  const groups = q.settings_group_uuid ? [q.settings_group_uuid] : groupsWhere(access, 'view', entity.name);
  return resolveAttributes(q, await recordFieldsIn(ctx.db, groups, [entity.name]));
}

/**
 * A page of records as rows (the route presents them). A bespoke list route may narrow the list further (`extra`,
 * its own condition) or answer from records of its own choosing instead of the caller's scope (`scope`: the
 * published system notifications every user reads, server/models/system-notification.ts); the query applies alike.
 */
export async function list(
  ctx: AppContext,
  access: Access,
  entity: AnyEntity,
  q: ListQuery,
  { extra, scope }: { extra?: SQL; scope?: SQL } = {},
) {
  if (!scope) assertReach(access, entity, q.settings_group_uuid);
  q = await withAttributes(ctx, access, entity, q);
  const table = tableOf(entity);
  const sortName = q.sort_by ?? entity.defaultSort?.field ?? 'created_at';
  const descending = q.sort_descending ?? (q.sort_by ? false : (entity.defaultSort?.descending ?? false));
  // the default sort's next fields order the records of one sort value (src/entities/define.ts, `defaultSort`),
  // also when a client names the default field (a grid sorted as it opened: an index's years in order per series)
  const byDefault = !q.sort_by || q.sort_by === entity.defaultSort?.field;
  const then = (byDefault ? (entity.defaultSort?.then ?? []) : []).map((name) => ({ name, col: col(entity, name) }));
  // a listable computed field sorts by its SQL for the caller's day, and the page carries its value for the cursor
  const today = access.today ?? todayAt(undefined);
  const byAttribute = attributeKeyOf(sortName);
  const sortCol = (
    byAttribute ? attributeExpr(entity, byAttribute) : listColumn(entity, sortName, today)
  ) as AnyPgColumn;
  const computedSort = entity.fields[sortName]?.computed || byAttribute ? { [sortName]: sortCol } : {};
  const uuidCol = col(entity, 'uuid');
  const perPage = q.per_page ?? DEFAULT_PER_PAGE;
  const conditions = and(listConditions(entity, access, q, scope), extra)!;
  let where = conditions;
  const cursor = q.cursor ? decodeCursor(entity, sortName, sortCol, q.cursor, then) : null;
  // an attribute's value is compared as the jsonb it is stored as
  if (cursor && byAttribute && cursor.v !== null) cursor.v = attributeCursorValue(cursor.v);
  if (cursor) where = and(where, afterCursor(sortCol, uuidCol, cursor, descending, then))!;
  const dir = descending ? desc : asc;
  const page = q.page ?? 1;
  const rows = (await ctx.db
    .select({ ...selection(entity, { virtual: false }), ...readContext(entity, access), ...computedSort })
    .from(table)
    .where(where)
    .orderBy(
      sortCol.notNull ? dir(sortCol) : sql`${dir(sortCol)} nulls last`,
      ...then.map((t) => dir(t.col)),
      dir(uuidCol),
    )
    .limit(perPage + 1)
    .offset(cursor ? 0 : (page - 1) * perPage)) as Row[];
  const more = rows.length > perPage;
  const pageRows = await withVirtual(ctx, access, entity, rows.slice(0, perPage));
  const last = pageRows[pageRows.length - 1];
  const sortValue = last?.[sortName];
  if (byAttribute) for (const r of pageRows) delete r[sortName];
  const meta: Record<string, unknown> = { page: cursor ? null : page, per_page: perPage };
  if (more && last)
    meta.next_cursor = encodeCursor({
      v: plain(sortValue),
      u: String(last.uuid),
      ...(then.length ? { t: then.map((t) => plain(last[t.name])) } : {}),
    });
  if (!cursor) {
    const [counted] = (await ctx.db
      .execute(
        sql`select count(*)::int as n from (select 1 from ${table} where ${conditions} limit ${COUNT_CAP + 1}) t`,
      )
      .then(rowsOf)) as { n: number }[];
    const n = counted?.n ?? 0;
    if (n > COUNT_CAP) meta.total_at_least = COUNT_CAP;
    else meta.total = n;
  }
  const links: Record<string, string> = { self: `/api/v1/${entity.plural}` };
  const creates = entity.scope === 'global' ? may(access, null, 'create', entity.name) : false;
  if (creates || reachesAll(access, entity.name) || access.groups.some((g) => may(access, g, 'create', entity.name)))
    links.create = `/api/v1/${entity.plural}`;
  return { data: pageRows, meta, links };
}

/** A model's read context (the `_` keys of its `selected`): read in the page's own query, no query more per list
 * (PostgreSQL evaluates a costly select list after the sort and limit). */
const readContext = (entity: AnyEntity, access: Access) =>
  Object.fromEntries(Object.entries(virtualColumns(entity, access)).filter(([k]) => k.startsWith('_')));

/** The page's rows with the model's virtual fields, computed for these rows only (not for those an offset skips). */
async function withVirtual(ctx: AppContext, access: Access, entity: AnyEntity, rows: Row[]): Promise<Row[]> {
  const virtual = Object.fromEntries(
    Object.entries(virtualColumns(entity, access)).filter(([k]) => !k.startsWith('_')),
  );
  if (!rows.length || !Object.keys(virtual).length) return rows;
  const values = (await ctx.db
    .select({ uuid: col(entity, 'uuid'), ...virtual })
    .from(tableOf(entity))
    .where(
      inArray(
        col(entity, 'uuid'),
        rows.map((r) => String(r.uuid)),
      ),
    )) as Row[];
  const byUuid = new Map(values.map((v) => [String(v.uuid), v]));
  return rows.map((r) => ({ ...r, ...byUuid.get(String(r.uuid)) }));
}

const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));

export async function getRow(ctx: AppContext, access: Access, entity: AnyEntity, uuid: string): Promise<Row> {
  const [row] = (await ctx.db
    .select(selection(entity, { access }))
    .from(tableOf(entity))
    .where(and(eq(col(entity, 'uuid'), uuid), scopeCondition(entity, access)))
    .limit(1)) as Row[];
  if (!row) {
    if (await outOfReach(ctx, access, entity, uuid)) throw forbidden();
    throw notFound(); // another workspace's record looks exactly like a missing one
  }
  return row;
}

/**
 * A record the caller's scope left out because of the model's access level, not because it is elsewhere: any
 * record of a global model for a non-superuser, a record of an admins' table in a settings group where the caller
 * is a member (403; anything else stays a 404). A user's own rows are never told apart from missing ones.
 */
async function outOfReach(ctx: AppContext, access: Access, entity: AnyEntity, uuid: string): Promise<boolean> {
  const level = levelOf(entity.name);
  // a user's own rows (and an owned global model's) are never told apart from missing ones
  if (level === 'members' || level === 'owners' || entity.scope === 'user' || reachesAll(access, entity.name))
    return false;
  if (entity.scope === 'global') return true;
  const [found] = (await ctx.db
    .select({ sg: col(entity, 'settings_group_uuid') })
    .from(tableOf(entity))
    .where(and(eq(col(entity, 'uuid'), uuid), isNull(col(entity, 'deleted_at'))))
    .limit(1)) as { sg: string }[];
  if (found && access.refused?.has(found.sg)) throw forbidden('network.denied');
  return !!found && access.roles.has(found.sg) && !reaches(access, found.sg, entity.name);
}

/** Several records by uuid in one query (scoped); missing or foreign ones are left out. */
export async function getRows(ctx: AppContext, access: Access, entity: AnyEntity, uuids: string[]): Promise<Row[]> {
  if (uuids.length === 0) return [];
  return (await ctx.db
    .select(selection(entity, { access }))
    .from(tableOf(entity))
    .where(and(inArray(col(entity, 'uuid'), uuids), scopeCondition(entity, access)))) as Row[];
}
