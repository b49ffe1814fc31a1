// The table toolkit of the records engine: a model's table and columns, the columns a reply reads, the caller's
// scope (their settings groups, not deleted), the version check of a write, rows of a raw statement.
import { and, eq, getTableColumns, inArray, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ownerColumn, withoutModelSettings, type AnyEntity } from '../../src/entities/define';
import { entityTables } from '../db/entity-tables';
import { modelSettings, users } from '../db/schema';
import { propertyUserGroups } from '../db/permission-schema';
import { contextColumn } from '../../src/entities/list-rules';
import { groupsWhere, reachesAll, todayAt, type Access, type Limits } from './access';
import { behaviourOf, virtualColumns } from './model-behaviour';
import { escapeLike } from './like';

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
  | 'access_rule_uuids'
>;

/**
 * A model's table for the engine, which knows the model at run time only: the common columns typed, the model's own
 * columns by name and untyped (the cast: the named tables of entity-tables.ts are the typed ones).
 */
export const tableOf = (entity: AnyEntity) =>
  entityTables[entity.name]! as unknown as PgTable & CommonColumns & Record<string, AnyPgColumn>;
export const col = (entity: AnyEntity, name: string) => getTableColumns(tableOf(entity))[name]!;

/** What a list sorts and filters a field by: its column, or the SQL of a `listable` computed field for the caller's
 * day. */
export function listColumn(entity: AnyEntity, name: string, today: string): AnyPgColumn | SQL {
  const field = Object.hasOwn(entity.fields, name) ? entity.fields[name] : undefined;
  if (!field?.computed || !field.listable) return col(entity, name);
  const expr = behaviourOf(entity).computedSql?.(today)[name];
  if (!expr) throw new Error(`${entity.name}.${name}: a listable computed field needs its SQL (computedSql)`);
  return expr;
}
const userName = (column: AnyPgColumn) =>
  sql<
    string | null
  >`(select ${users.first_name} || ' ' || ${users.last_name} from ${users} where ${users.id} = ${column})`;

/**
 * Columns of a reply: every column but search_text, access_rule_uuids and deleted_*, plus the names of the users behind *_by and the
 * model's virtual fields (computed in SQL, for the caller `access` when given), unless `virtual` is false (a list
 * reads those for its page only). A user's own rows keep their owner's id for the checks of the row
 * (crud/access.ts, `mayOnRecord`); it is never part of a reply (crud/present.ts).
 */
export function selection(entity: AnyEntity, { virtual = true, access }: { virtual?: boolean; access?: Access } = {}) {
  const table = tableOf(entity);
  const {
    search_text: _s,
    deleted_at: _d,
    deleted_by: _db,
    access_rule_uuids: _a,
    ...cols
  } = getTableColumns(table) as Record<string, AnyPgColumn>;
  return {
    ...cols,
    created_by: userName(table.created_by),
    updated_by: userName(table.updated_by),
    archived_by: userName(table.archived_by),
    ...(virtual ? virtualColumns(entity, access) : {}),
  };
}

/**
 * The caller's scope on a model: live records of the settings groups in which they may view it and where the model
 * is switched on, minus what access rules and restricted access hide from them there (docs/domain/permissions.md,
 * "Access rules", "Restricted access"; docs/domain/fields.md, "Model settings"). Every list, count, read, search,
 * export, bulk load, calendar item and import match is scoped by this.
 */
export function scopeCondition(entity: AnyEntity, access: Access): SQL {
  const sg = col(entity, 'settings_group_uuid');
  // a superuser on a superusers' table reaches every settings group's records, and a global model's (no group)
  if (reachesAll(access, entity.name)) return isNull(col(entity, 'deleted_at'));
  // an owned global model (src/entities/define.ts, `AccessLevel`): the caller's own rows, in no settings group
  const owner = entity.access === 'owners' ? ownerColumn(entity) : undefined;
  if (owner) return and(eq(col(entity, owner), access.user.id), isNull(col(entity, 'deleted_at')))!;
  const groups = groupsWhere(access, 'view', entity.name);
  return and(
    groups.length ? inArray(sg, groups) : sql`false`,
    isNull(col(entity, 'deleted_at')),
    switchedOn(entity),
    userCondition(entity, access, groups),
    ...groups.flatMap((g) => limitConditions(entity, groups.length > 1 ? g : null, access.limits?.get(g))),
  )!;
}

/**
 * The records of settings groups where the model is switched on (docs/domain/fields.md, "Model settings": a
 * switched-off module's records answer as missing ones until it is switched on again, and are kept). A superusers'
 * table is never switched off. The groups that switched it off are few; PostgreSQL hashes the subquery once.
 */
export function switchedOn(entity: AnyEntity): SQL | undefined {
  if (withoutModelSettings(entity)) return undefined;
  return sql`${col(entity, 'settings_group_uuid')} not in (select ${modelSettings.settings_group_uuid}
    from ${modelSettings} where ${modelSettings.model} = ${entity.name}
      and ${modelSettings.values} -> 'enabled' = 'false'::jsonb)`;
}

/**
 * A user's own rows (src/entities/define.ts, `Scope` and `sharing`): the caller's, and those the model shares with
 * them: every row of its settings group whose flag is set, the rows naming them in a member field, every row of a
 * settings group they administer when the admins see all. Nothing for a model of another scope.
 */
function userCondition(entity: AnyEntity, access: Access, groups: string[]): SQL | undefined {
  const owner = ownerColumn(entity);
  if (!owner) return undefined;
  const { flag, users: named = [], admins } = entity.sharing ?? {};
  const administered = admins ? groups.filter((g) => access.roles.get(g) === 'admin') : [];
  return or(
    eq(col(entity, owner), access.user.id),
    flag ? eq(col(entity, flag), true) : undefined,
    ...named.map((name) => eq(col(entity, name), access.user.uuid)),
    administered.length ? inArray(col(entity, 'settings_group_uuid'), administered) : undefined,
  );
}

/**
 * What a member's limits in settings group `g` hide (null: the only settings group in scope, no need to name it):
 * the records matched by a rule on the model whose user groups they are not in (a rule with several filters matches
 * a record any of them matches; a rule without a filter matches every record of the model; a filter on an empty
 * field does not match), in one condition for all such rules; with restricted access, the records whose property
 * has none of their user groups (records without a property are not restricted).
 */
function limitConditions(entity: AnyEntity, g: string | null, limits: Limits | undefined): SQL[] {
  if (!limits) return [];
  const inGroup = g === null ? undefined : eq(col(entity, 'settings_group_uuid'), g);
  const out: SQL[] = [];
  // each record keeps the rules it matches (server/services/access-rule-matches.ts): rule uuids are unique, so no
  // other settings group's record holds these
  const hiding = limits.rules.get(entity.name) ?? [];
  if (hiding.length)
    out.push(
      sql`not coalesce(${col(entity, 'access_rule_uuids')} && array[${sql.join(
        hiding.map((u) => sql`${u}`),
        sql`, `,
      )}]::uuid[], false)`,
    );
  const byProperty = limits.userGroups && contextColumn(entity, 'property');
  if (limits.userGroups && byProperty) {
    const property = col(entity, byProperty);
    // kept inside an OR, the planner hashes the small subquery instead of joining it row by row
    const seen = limits.userGroups.length
      ? sql`${property} in (select ${propertyUserGroups.property_uuid} from ${propertyUserGroups}
          where ${inArray(propertyUserGroups.user_group_uuid, limits.userGroups)})`
      : sql`false`;
    out.push(or(inGroup && not(inGroup), isNull(property), seen)!);
  }
  return out;
}

/** A stored filter (validated when it was stored) as SQL: every field's condition, as a list's filter (`row`: over
 * one row in a trigger, where generated columns are not computed yet). */
export function storedFilterCondition(
  entity: AnyEntity,
  filter: Record<string, unknown>,
  { row = false } = {},
): SQL | undefined {
  return and(
    ...Object.entries(filter).map(([name, value]) => filterCondition(entity, name, value, { row }) ?? sql`true`),
  );
}

/** A list filter on one field (docs/domain/api.md, "List query"); access rules' filters are built by it too. */
export function filterCondition(
  entity: AnyEntity,
  name: string,
  value: unknown,
  { row = false, today }: { row?: boolean; today?: string } = {},
): SQL | undefined {
  if (name === 'created_at' || name === 'updated_at') return utcDays(col(entity, name), value);
  const field = entity.fields[name];
  if (name !== 'uuid' && !field) return undefined;
  // a listable computed field (a facility's remaining lifetime) by its SQL for the caller's day
  const column = (
    field?.computed && field.listable ? listColumn(entity, name, today ?? todayAt(undefined)) : col(entity, name)
  ) as AnyPgColumn;
  if (name === 'uuid') return inArray(column, value as string[]);
  switch (field!.kind) {
    case 'text':
    case 'long_text':
    case 'email':
    case 'phone': {
      const pattern = `%${escapeLike(String(value).toLowerCase())}%`;
      const own = sql`lower(${column}) like ${pattern}`;
      // search_text holds the lower-cased searchable fields (server/db/entity-tables.ts): a plain LIKE on it rules
      // most rows out before lower() runs on the field, and its trigram index may answer it
      const search = (getTableColumns(tableOf(entity)) as Record<string, AnyPgColumn | undefined>).search_text;
      return !row && field!.searchable && !field!.computed && search
        ? sql`(${search} like ${pattern} and ${own})`
        : own;
    }
    case 'enum':
    case 'ref':
      return inArray(column, value as string[]);
    case 'refs': // contains any (a stored filter's; a list's keeps only the records the caller sees: crud/read.ts)
      return sql`${column} && array[${sql.join(
        (value as string[]).map((u) => sql`${u}`),
        sql`, `,
      )}]::uuid[]`;
    case 'json':
      return undefined;
    case 'bool':
      return eq(column, value as boolean);
    default: {
      if (value && typeof value === 'object') {
        const { from, to } = value as { from?: unknown; to?: unknown };
        return and(
          from !== undefined ? sql`${column} >= ${from}` : undefined,
          to !== undefined ? sql`${column} <= ${to}` : undefined,
        );
      }
      return sql`${column} = ${value}`;
    }
  }
}

/** An instant column within a UTC day or a range of days (both ends included). */
function utcDays(column: AnyPgColumn, value: unknown): SQL | undefined {
  const { from, to } = (typeof value === 'string' ? { from: value, to: value } : value) as {
    from?: string;
    to?: string;
  };
  return and(
    from !== undefined ? sql`${column} >= (${from}::date)::timestamp at time zone 'UTC'` : undefined,
    to !== undefined ? sql`${column} < (${to}::date + 1)::timestamp at time zone 'UTC'` : undefined,
  );
}

/** The rows of a raw statement's result (PGlite and node-postgres answer alike). */
export const rowsOf = <T>(r: unknown) => (r as { rows?: T[] }).rows ?? (r as T[]);

/**
 * The row still has the version the caller read: `updated_at` compared at millisecond precision. A row written by
 * PostgreSQL's own `now()` (a default, a job) keeps microseconds, and the version a client sends is milliseconds.
 */
export const versionIs = (entity: AnyEntity, version: Date) =>
  sql`date_trunc('milliseconds', ${col(entity, 'updated_at')}) = ${version.toISOString()}::timestamptz`;
