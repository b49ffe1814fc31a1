// The table toolkit of the records engine: a model's table and columns, the columns a reply reads, the caller's
// scope (their settings groups, not deleted), the version check of a write, rows of a raw statement.
import { and, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AnyEntity } from '../../src/entities/define';
import { entityTables } from '../db/entity-tables';
import { users } from '../db/schema';
import { groupsWhere, type Access } from './access';
import { virtualColumns } from './model-behaviour';

/** The columns every model's table has (docs/domain/fields.md, "Common record fields"), typed alike in all. */
type CommonColumns = Pick<
  (typeof entityTables)[string],
  | 'uuid'
  | 'settings_group_uuid'
  | 'attributes'
  | 'created_at'
  | 'created_by'
  | 'updated_at'
  | 'updated_by'
  | 'archived_at'
  | 'archived_by'
  | 'deleted_at'
  | 'deleted_by'
>;

/**
 * A model's table for the engine, which knows the model at run time only: the common columns typed, the model's own
 * columns by name and untyped (the cast: the named tables of entity-tables.ts are the typed ones).
 */
export const tableOf = (entity: AnyEntity) =>
  entityTables[entity.name]! as unknown as PgTable & CommonColumns & Record<string, AnyPgColumn>;
export const col = (entity: AnyEntity, name: string) => getTableColumns(tableOf(entity))[name]!;

const userName = (column: AnyPgColumn) =>
  sql<
    string | null
  >`(select ${users.first_name} || ' ' || ${users.last_name} from ${users} where ${users.id} = ${column})`;

/**
 * Columns of a reply: every column but search_text and deleted_*, plus the names of the users behind *_by and the
 * model's virtual fields (computed in SQL), unless `virtual` is false (a list reads those for its page only).
 */
export function selection(entity: AnyEntity, { virtual = true } = {}) {
  const table = tableOf(entity);
  const {
    search_text: _s,
    deleted_at: _d,
    deleted_by: _db,
    ...cols
  } = getTableColumns(table) as Record<string, AnyPgColumn>;
  return {
    ...cols,
    created_by: userName(table.created_by),
    updated_by: userName(table.updated_by),
    archived_by: userName(table.archived_by),
    ...(virtual ? virtualColumns(entity) : {}),
  };
}

/** The caller's scope on a model: live records of the settings groups in which they may view it. */
export function scopeCondition(entity: AnyEntity, access: Access): SQL {
  const sg = col(entity, 'settings_group_uuid');
  const groups = groupsWhere(access, 'view', entity.name);
  return and(groups.length ? inArray(sg, groups) : sql`false`, isNull(col(entity, 'deleted_at')))!;
}

/** The rows of a raw statement's result (PGlite and node-postgres answer alike). */
export const rowsOf = <T>(r: unknown) => (r as { rows?: T[] }).rows ?? (r as T[]);

/**
 * The row still has the version the caller read: `updated_at` compared at millisecond precision. A row written by
 * PostgreSQL's own `now()` (a default, a job) keeps microseconds, and the version a client sends is milliseconds.
 */
export const versionIs = (entity: AnyEntity, version: Date) =>
  sql`date_trunc('milliseconds', ${col(entity, 'updated_at')}) = ${version.toISOString()}::timestamptz`;
