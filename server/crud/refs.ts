// Lists of references (`refs` fields, src/entities/fields.ts): where their records are looked up, in the caller's
// scope exactly as a single reference's (crud/checks.ts): a record of another workspace or hidden from the caller
// is the same as one that does not exist. The referenced model is a model of the registry, or `member`: the members
// of the record's settings group, by user uuid, titled by name and named by name or e-mail (users are no model;
// docs/decisions.md, "refs as uuid arrays").
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AnyEntity } from '../../src/entities/define';
import { MEMBER_MODEL, type Field } from '../../src/entities/fields';
import { entityByName } from '../../src/entities/registry';
import type { Db } from '../db/client';
import { settingsGroupMembers, users } from '../db/schema';
import type { Access } from './access';
import { col, scopeCondition, tableOf } from './table';

/** A record a list of references may name: its settings group and its title. */
export interface RefsRecord {
  uuid: string;
  sg: string;
  title: string;
  /** Another text that names it: a member's e-mail. */
  alias?: string;
}

export type RefsFieldOf = Extract<Field, { kind: 'refs' }>;

export const refsFields = (entity: AnyEntity) =>
  Object.entries(entity.fields).flatMap(([name, f]) => (f.kind === 'refs' ? [[name, f] as const] : []));

/** A member's name as the members' list writes it (first and last name, trimmed). */
const memberTitle = sql<string>`trim(${users.first_name} || ' ' || ${users.last_name})`;

/**
 * The records of `model` the caller sees (`access` null: any stored, not deleted one) among `uuids`, or (with
 * `titles`) whose title is one of them (lower-cased), in settings group `sg` when given. One query. A member is also
 * found by their e-mail (its `alias`): what an admin pastes or imports is a name or an address.
 */
export async function lookUpRefs(
  db: Db,
  access: Access | null,
  model: string,
  by: { uuids?: readonly string[]; titles?: readonly string[]; sg?: string },
): Promise<RefsRecord[]> {
  if (!by.uuids?.length && !by.titles?.length) return [];
  if (model === MEMBER_MODEL) {
    const where = and(
      by.uuids ? inArray(users.uuid, [...by.uuids]) : undefined,
      by.titles
        ? or(inArray(sql`lower(${memberTitle})`, [...by.titles]), inArray(sql`lower(${users.email})`, [...by.titles]))
        : undefined,
      by.sg ? eq(settingsGroupMembers.settings_group_uuid, by.sg) : undefined,
      // a member sees the members of their own settings groups
      access
        ? access.groups.length
          ? inArray(settingsGroupMembers.settings_group_uuid, access.groups)
          : sql`false`
        : undefined,
    );
    return (await db
      .select({
        uuid: users.uuid,
        sg: settingsGroupMembers.settings_group_uuid,
        title: memberTitle,
        alias: users.email,
      })
      .from(settingsGroupMembers)
      .innerJoin(users, eq(users.id, settingsGroupMembers.user_id))
      .where(where)) as RefsRecord[];
  }
  const target = entityByName(model)!;
  return (await db
    .select({
      uuid: col(target, 'uuid'),
      sg: col(target, 'settings_group_uuid'),
      title: sql<string>`coalesce(${col(target, target.titleField)}::text, '')`,
    })
    .from(tableOf(target))
    .where(
      and(
        by.uuids ? inArray(col(target, 'uuid'), [...by.uuids]) : undefined,
        by.titles ? inArray(sql`lower(${col(target, target.titleField)}::text)`, [...by.titles]) : undefined,
        by.sg ? eq(col(target, 'settings_group_uuid'), by.sg) : undefined,
        access ? scopeCondition(target, access) : isNull(col(target, 'deleted_at')),
      ),
    )) as RefsRecord[];
}

/**
 * `filter[field]=uuid,…` on a list of references: contains any of the uuids, counting only the records the caller
 * sees (a hidden one narrows as a uuid that names nothing, as `amongSeen` in crud/read.ts). The overlap with the
 * uuids as given comes first: it changes nothing (the uuids seen are among them) but is a value the planner knows,
 * so it estimates the matches from the column's statistics and takes the column's GIN index when they are few
 * (the overlap with the subquery's array alone is planned blind, as one row in a hundred).
 */
export function refsContainAny(entity: AnyEntity, name: string, access: Access, uuids: string[]): SQL {
  const field = entity.fields[name] as RefsFieldOf;
  const column: AnyPgColumn = col(entity, name);
  const given = sql`${column} && array[${sql.join(
    uuids.map((u) => sql`${u}`),
    sql`, `,
  )}]::uuid[]`;
  if (field.model === MEMBER_MODEL)
    return sql`(${given} and ${column} && array(select ${users.uuid} from ${users} join ${settingsGroupMembers}
      on ${settingsGroupMembers.user_id} = ${users.id}
      where ${and(inArray(users.uuid, uuids), access.groups.length ? inArray(settingsGroupMembers.settings_group_uuid, access.groups) : sql`false`)}))`;
  const target = entityByName(field.model)!;
  const uuid = col(target, 'uuid');
  return sql`(${given} and ${column} && array(select ${uuid} from ${tableOf(target)}
    where ${and(inArray(uuid, uuids), scopeCondition(target, access))}))`;
}

/** The titles of the records the lists of references of `rows` name (the caller's scope), by model then uuid. */
export async function refsTitles(
  db: Db,
  access: Access,
  entity: AnyEntity,
  rows: readonly Record<string, unknown>[],
): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  for (const [name, field] of refsFields(entity)) {
    const uuids = [...new Set(rows.flatMap((r) => (Array.isArray(r[name]) ? (r[name] as string[]) : [])))];
    const have = out.get(field.model) ?? out.set(field.model, new Map()).get(field.model)!;
    const missing = uuids.filter((u) => !have.has(u));
    for (const r of await lookUpRefs(db, access, field.model, { uuids: missing })) have.set(r.uuid, r.title);
  }
  return out;
}
