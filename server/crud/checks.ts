// The checks of a write that read other records, written once for N rows: every reference resolves inside the
// row's settings group (and, for records under a property, to a record of the same property), a unique field is
// not taken by another record of the settings group, and a tree's new parent is neither the record itself nor one
// of its descendants (docs/domain/api.md, "Bulk, import and export"). A single write calls them with one row, bulk and
// imports with many; each costs one query per field checked (per referenced model, per unique field; the tree one
// recursive query) whatever N is. They answer per-row field problems and leave what to do with them (a 422, a row
// error) to the caller.
import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { AnyEntity } from '../../src/entities/define';
import { entityByName } from '../../src/entities/registry';
import type { ValidationFailed } from '../http-error';
import { col, tableOf } from './table';
import { ancestry, closesLoop } from './tree';

type Body = Record<string, unknown>;
/** A row's problems by field (the shape of a 422's field errors); empty when it passed. */
export type Problems = ValidationFailed['fields'];

const add = (p: Problems, field: string, key: Problems[string][number]['key']) => (p[field] ??= []).push({ key });

/** A stored record a reference may point to: its settings group and, for records under a property, its property. */
export interface KnownRecord {
  sg: string;
  property: string | null;
}
/** Records already looked up, by model name then lower-case uuid (null: no such record). */
export type KnownRecords = ReadonlyMap<string, ReadonlyMap<string, KnownRecord | null>>;

/** A row to check the references of. */
export interface RefRow {
  /** The settings group the record belongs to. */
  sg: string;
  /** The values the write sets: only these references are checked (null ones are not). */
  changed: Body;
  /** The record's property after the write (for records under a property). */
  property?: unknown;
}

const refFields = (entity: AnyEntity) =>
  Object.entries(entity.fields).flatMap(([name, f]) => (f.kind === 'ref' ? [[name, f.model] as const] : []));

/** Looks up the stored, not deleted records of `model` with the given (lower-case) uuids (one query). */
async function lookUp(db: Db, model: string, uuids: readonly string[]) {
  const target = entityByName(model)!;
  const found = new Map<string, KnownRecord | null>(uuids.map((u) => [u, null]));
  if (!uuids.length) return found;
  const rows = (await db
    .select({
      uuid: col(target, 'uuid'),
      sg: col(target, 'settings_group_uuid'),
      ...(target.scope === 'property' ? { property: col(target, 'property_uuid') } : {}),
    })
    .from(tableOf(target))
    .where(and(inArray(col(target, 'uuid'), [...uuids]), isNull(col(target, 'deleted_at'))))) as {
    uuid: string;
    sg: string;
    property?: string | null;
  }[];
  for (const r of rows) found.set(r.uuid, { sg: r.sg, property: r.property ?? null });
  return found;
}

/**
 * The records the references of `rows` point to, for `refProblems` (one query per referenced model). References
 * of a model to itself are left out: earlier rows of the same request may change those records.
 */
export async function knownRefs(db: Db, entity: AnyEntity, rows: readonly Body[]): Promise<KnownRecords> {
  const known = new Map<string, Map<string, KnownRecord | null>>();
  for (const [name, model] of refFields(entity)) {
    if (model === entity.name) continue;
    const uuids = rows.map((r) => r[name]).flatMap((v) => (typeof v === 'string' ? [v.toLowerCase()] : []));
    const have = known.get(model);
    const missing = [...new Set(uuids)].filter((u) => !have?.has(u));
    if (!missing.length) continue;
    const found = await lookUp(db, model, missing);
    if (have) for (const [k, v] of found) have.set(k, v);
    else known.set(model, found);
  }
  return known;
}

/**
 * References: each must name a stored record of the row's settings group; for records under a property, a
 * referenced record under a property must be under the same one. `known` spares the look-ups already made.
 */
export async function refProblems(
  db: Db,
  entity: AnyEntity,
  rows: readonly RefRow[],
  known?: KnownRecords,
): Promise<Problems[]> {
  const out = rows.map((): Problems => ({}));
  for (const [name, model] of refFields(entity)) {
    const given = rows.map((r) => (r.changed[name] == null ? null : String(r.changed[name]).toLowerCase()));
    const have = known?.get(model);
    const missing = [...new Set(given.filter((v): v is string => v !== null && !have?.has(v)))];
    const found = missing.length ? await lookUp(db, model, missing) : undefined;
    const underProperty = entityByName(model)!.scope === 'property' && entity.scope === 'property';
    rows.forEach((row, i) => {
      const uuid = given[i] ?? null;
      if (uuid === null) return;
      const rec = have?.get(uuid) ?? found?.get(uuid);
      if (!rec || rec.sg !== row.sg) add(out[i]!, name, 'validation.ref_not_found');
      else if (underProperty && typeof row.property === 'string' && rec.property !== row.property)
        add(out[i]!, name, 'validation.ref_other_property');
    });
  }
  return out;
}

/** A row to check the unique fields of. */
export interface UniqueRow {
  sg: string;
  changed: Body;
  /** The record's uuid when it exists (it does not collide with itself). */
  uuid?: string;
}

/**
 * Unique fields: a value set (not null, not empty) must not be another stored record's in the settings group.
 * With `seen` (values by field), a value of an earlier row counts as taken too, and the rows' values are added.
 */
export async function uniqueProblems(
  db: Db,
  entity: AnyEntity,
  rows: readonly UniqueRow[],
  seen?: Map<string, Set<string>>,
): Promise<Problems[]> {
  const out = rows.map((): Problems => ({}));
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!field.unique) continue;
    const given = rows.map((r) => (r.changed[name] == null || r.changed[name] === '' ? null : String(r.changed[name])));
    const values = [...new Set(given.filter((v): v is string => v !== null))];
    if (!values.length) continue;
    const taken = (await db
      .select({ uuid: col(entity, 'uuid'), v: col(entity, name), sg: col(entity, 'settings_group_uuid') })
      .from(tableOf(entity))
      .where(
        and(
          inArray(col(entity, name), values),
          inArray(col(entity, 'settings_group_uuid'), [...new Set(rows.map((r) => r.sg))]),
          isNull(col(entity, 'deleted_at')),
        ),
      )) as { uuid: string; v: unknown; sg: string }[];
    const earlier = seen ? (seen.get(name) ?? seen.set(name, new Set()).get(name)!) : undefined;
    rows.forEach((row, i) => {
      const v = given[i] ?? null;
      if (v === null) return;
      if (taken.some((t) => String(t.v) === v && t.sg === row.sg && t.uuid !== row.uuid) || earlier?.has(v))
        add(out[i]!, name, 'validation.unique');
      earlier?.add(v);
    });
  }
  return out;
}

/** A tree record that gets a new parent (null: becomes a root). */
export interface MoveRow {
  uuid: string;
  parent: unknown;
}

/**
 * A tree's new parents: neither the record itself nor one of its descendants, in the stored tree (one recursive
 * query) as `moved` (record → parent, set by earlier rows of the same file) leaves it. Accepted moves are added to
 * `moved`, for the rows after them.
 */
export async function treeProblems(
  db: Db,
  entity: AnyEntity,
  rows: readonly MoveRow[],
  moved: Map<string, string | null> = new Map(),
): Promise<Problems[]> {
  const out = rows.map((): Problems => ({}));
  const tree = entity.tree;
  if (!tree || !rows.length) return out;
  const starts = rows.map((r) => r.parent).filter((v): v is string => typeof v === 'string');
  const stored = starts.length ? await ancestry(db, entity, [...new Set(starts)]) : new Map<string, string | null>();
  const parentOf = (u: string) => (moved.has(u) ? moved.get(u) : stored.get(u));
  for (const [i, row] of rows.entries()) {
    const parent = row.parent;
    if (typeof parent === 'string') {
      // an earlier row's parent may lead to records whose ancestors were not read yet
      for (let unknown = firstUnknown(parent, parentOf); unknown; unknown = firstUnknown(parent, parentOf)) {
        for (const [k, v] of await ancestry(db, entity, [unknown])) stored.set(k, v);
        if (!stored.has(unknown)) stored.set(unknown, null);
      }
      if (closesLoop(row.uuid, parent, parentOf)) {
        add(out[i]!, tree.parentField, 'validation.tree_cycle');
        continue;
      }
    }
    moved.set(row.uuid, typeof parent === 'string' ? parent : null);
  }
  return out;
}

/** The first record on the way up from `from` whose parent is not known yet. */
function firstUnknown(from: string, parentOf: (u: string) => string | null | undefined): string | null {
  const seen = new Set<string>();
  for (let at: string | null | undefined = from; at && !seen.has(at); at = parentOf(at)) {
    if (parentOf(at) === undefined) return at;
    seen.add(at);
  }
  return null;
}
