// The checks of a write that read other records, written once for N rows: every reference resolves inside the
// row's settings group to a record the caller sees (their scope: docs/domain/permissions.md, "Access rules"; a
// hidden record is refused as an unknown one) and, for records under a property, to a record of the same property, a
// unique field is
// not taken by another record of the settings group, and a tree's new parent is neither the record itself nor one
// of its descendants (docs/domain/api.md, "Bulk, import and export"). A single write calls them with one row, bulk and
// imports with many; each costs one query per field checked (per referenced model, per unique field; the tree one
// recursive query) whatever N is. They answer per-row field problems and leave what to do with them (a 422, a row
// error) to the caller. Rows of one batch see what earlier rows of it set: imports pass the values and parents of
// the file's earlier rows (`seen`, `moved`); bulk writes its rows one by one and hands each write a `WriteBatch`,
// read once for all rows, with the rows written so far laid over it.
import { and, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { AnyEntity } from '../../src/entities/define';
import { entityByName } from '../../src/entities/registry';
import type { ValidationFailed } from '../http-error';
import type { Access } from './access';
import { col, scopeCondition, tableOf } from './table';
import { lookUpRefs, refsFields } from './refs';
import { MEMBER_MODEL } from '../../src/entities/fields';
import { ancestry, closesLoop } from './tree';

type Body = Record<string, unknown>;
/** A row's problems by field (the shape of a 422's field errors); empty when it passed. */
export type Problems = ValidationFailed['fields'];

const add = (p: Problems, field: string, key: Problems[string][number]['key']) => (p[field] ??= []).push({ key });

/** A stored record a reference may point to: its settings group and, for records under a property, its property. */
export interface KnownRecord {
  /** Null for a global model's record. */
  sg: string | null;
  property: string | null;
}
/** Records already looked up, by model name then lower-case uuid (null: no such record). */
export type KnownRecords = ReadonlyMap<string, ReadonlyMap<string, KnownRecord | null>>;

/** A row to check the references of. */
export interface RefRow {
  /** The settings group the record belongs to (null: a global model's record). */
  sg: string | null;
  /** The values the write sets: only these references are checked (null ones are not). */
  changed: Body;
  /** The record's property after the write (for records under a property). */
  property?: unknown;
}

/** References to records (a reference to a member, the pseudo-model of users, is checked apart: `memberProblems`). */
const refFields = (entity: AnyEntity) =>
  Object.entries(entity.fields).flatMap(([name, f]) =>
    f.kind === 'ref' && f.model !== MEMBER_MODEL ? [[name, f.model] as const] : [],
  );

/**
 * Looks up the records of `model` with the given (lower-case) uuids that the caller sees (one query): their scope
 * compiled into it, as a list's. With `access` null, every stored, not deleted record: for references a write carries
 * over unchanged from a record the caller sees (`WriteOptions.carried`, crud/write.ts).
 */
async function lookUp(db: Db, access: Access | null, model: string, uuids: readonly string[]) {
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
    .where(
      and(
        inArray(col(target, 'uuid'), [...uuids]),
        access ? scopeCondition(target, access) : isNull(col(target, 'deleted_at')),
      ),
    )) as {
    uuid: string;
    sg: string | null;
    property?: string | null;
  }[];
  for (const r of rows) found.set(r.uuid, { sg: r.sg, property: r.property ?? null });
  return found;
}

/**
 * The records the references of `rows` point to that the caller sees, for `refProblems` (one query per referenced
 * model). References of a model to itself are left out: earlier rows of the same request may change those records.
 */
export async function knownRefs(
  db: Db,
  access: Access | null,
  entity: AnyEntity,
  rows: readonly Body[],
): Promise<KnownRecords> {
  const known = new Map<string, Map<string, KnownRecord | null>>();
  for (const [name, model] of refFields(entity)) {
    if (model === entity.name) continue;
    const uuids = rows.map((r) => r[name]).flatMap((v) => (typeof v === 'string' ? [v.toLowerCase()] : []));
    const have = known.get(model);
    const missing = [...new Set(uuids)].filter((u) => !have?.has(u));
    if (!missing.length) continue;
    const found = await lookUp(db, access, model, missing);
    if (have) for (const [k, v] of found) have.set(k, v);
    else known.set(model, found);
  }
  return known;
}

/**
 * References: each must name a record of the row's settings group that the caller (`access`) sees; one they do not
 * see is the same problem as one that does not exist, so the reply does not tell that it exists. For records under
 * a property, a referenced record under a property must be under the same one. `known` spares the look-ups already
 * made (with the same `access`). `access` null checks carried-over references in the settings group only.
 */
export async function refProblems(
  db: Db,
  access: Access | null,
  entity: AnyEntity,
  rows: readonly RefRow[],
  known?: KnownRecords,
): Promise<Problems[]> {
  const out = rows.map((): Problems => ({}));
  for (const [name, model] of refFields(entity)) {
    const given = rows.map((r) => (r.changed[name] == null ? null : String(r.changed[name]).toLowerCase()));
    const have = known?.get(model);
    const missing = [...new Set(given.filter((v): v is string => v !== null && !have?.has(v)))];
    const found = missing.length ? await lookUp(db, access, model, missing) : undefined;
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
  // a member: one of the row's settings group (src/entities/fields.ts, `MEMBER_MODEL`), one query per field
  for (const [name, f] of Object.entries(entity.fields)) {
    if (f.kind !== 'ref' || f.model !== MEMBER_MODEL) continue;
    const given = rows.map((r) => (r.changed[name] == null ? null : String(r.changed[name]).toLowerCase()));
    const uuids = [...new Set(given.filter((v): v is string => v !== null))];
    if (!uuids.length) continue;
    const groups = new Map<string, Set<string>>();
    for (const m of await lookUpRefs(db, access, MEMBER_MODEL, { uuids }))
      (groups.get(m.uuid) ?? groups.set(m.uuid, new Set()).get(m.uuid)!).add(m.sg);
    rows.forEach((row, i) => {
      const uuid = given[i];
      if (uuid && !(row.sg !== null && groups.get(uuid)?.has(row.sg))) add(out[i]!, name, 'validation.not_member');
    });
  }
  // lists of references: every uuid a record of the row's settings group the caller sees (one query per field)
  for (const [name, field] of refsFields(entity)) {
    const given = rows.map((r) =>
      Array.isArray(r.changed[name]) ? (r.changed[name] as unknown[]).map((u) => String(u).toLowerCase()) : [],
    );
    const uuids = [...new Set(given.flat())];
    if (!uuids.length) continue;
    const found = new Map<string, Set<string | null>>();
    for (const rec of await lookUpRefs(db, access, field.model, { uuids }))
      (found.get(rec.uuid) ?? found.set(rec.uuid, new Set()).get(rec.uuid)!).add(rec.sg);
    rows.forEach((row, i) => {
      if (given[i]!.some((u) => !found.get(u)?.has(row.sg))) add(out[i]!, name, 'validation.ref_not_found');
    });
  }
  return out;
}

/** A row to check the unique fields of. */
export interface UniqueRow {
  /** Null for a global model's record (its values are unique among the global records). */
  sg: string | null;
  changed: Body;
  /** The record's uuid when it exists (it does not collide with itself). */
  uuid?: string;
}

const holderKey = (sg: string | null, value: string) => `${sg ?? ''}\u0000${value}`;
/** A unique field's value as a row sets it (null: none). */
const uniqueValue = (changed: Body, name: string) =>
  changed[name] == null || changed[name] === '' ? null : String(changed[name]);

/**
 * Reads which stored, not deleted records hold the given values of a unique field in their settings groups, for
 * the (settings group, value) pairs `have` does not hold yet (one query), into `have`.
 */
async function readHolders(
  db: Db,
  entity: AnyEntity,
  name: string,
  wanted: readonly { sg: string | null; value: string }[],
  have: Map<string, Set<string>>,
) {
  const missing = wanted.filter((w) => !have.has(holderKey(w.sg, w.value)));
  if (!missing.length) return;
  const fresh = new Set(missing.map((w) => holderKey(w.sg, w.value)));
  for (const k of fresh) have.set(k, new Set());
  const sg = col(entity, 'settings_group_uuid');
  const groups = [...new Set(missing.flatMap((w) => (w.sg === null ? [] : [w.sg])))];
  const taken = (await db
    .select({ uuid: col(entity, 'uuid'), v: col(entity, name), sg })
    .from(tableOf(entity))
    .where(
      and(
        inArray(col(entity, name), [...new Set(missing.map((w) => w.value))]),
        // a global model's records have no settings group (src/entities/define.ts, `Scope`)
        or(
          groups.length ? inArray(sg, groups) : undefined,
          missing.some((w) => w.sg === null) ? isNull(sg) : undefined,
        ),
        isNull(col(entity, 'deleted_at')),
      ),
    )) as { uuid: string; v: unknown; sg: string | null }[];
  for (const t of taken) {
    const k = holderKey(t.sg, String(t.v));
    if (fresh.has(k)) have.get(k)!.add(t.uuid);
  }
}

/**
 * Which of `values` of a unique field stored, not deleted records of the settings group hold (one query for the
 * values `batch` has not read yet). What is read is kept in `batch`, so the checks of the rows that take these values
 * read nothing more.
 */
export async function heldValues(
  db: Db,
  entity: AnyEntity,
  name: string,
  sg: string,
  values: readonly string[],
  batch?: WriteBatch,
): Promise<Set<string>> {
  const have = batch?.holders.get(name) ?? new Map<string, Set<string>>();
  if (batch && !batch.holders.has(name)) batch.holders.set(name, have);
  await readHolders(
    db,
    entity,
    name,
    values.map((value) => ({ sg, value })),
    have,
  );
  return new Set(values.filter((v) => have.get(holderKey(sg, v))!.size > 0));
}

/** Reads the stored parents on the way up from `uuids` (one recursive query) into `into`; unknown ones are roots. */
async function readParents(db: Db, entity: AnyEntity, uuids: readonly string[], into: Map<string, string | null>) {
  for (const [k, v] of await ancestry(db, entity, uuids)) into.set(k, v);
  for (const u of uuids) if (!into.has(u)) into.set(u, null);
}

/**
 * What the checks of a batch of writes read from the store, once for all its rows (`read`), with what its rows
 * written so far set laid over it (`wrote`): bulk writes a request's rows one by one, each through the single write,
 * and a row must see what earlier rows of the request wrote — a unique value an earlier row took or freed, a parent
 * an earlier row set, a record an earlier row created. The checks handed a batch read only what it lacks, and
 * change nothing in it but what they read: a row whose write fails leaves no trace (its caller does not call
 * `wrote`).
 */
export class WriteBatch {
  /** Unique field → (settings group, value) → the records holding it. */
  readonly holders = new Map<string, Map<string, Set<string>>>();
  /** Stored parents read so far (record → parent). */
  readonly parents = new Map<string, string | null>();
  /** Parents set by the rows written so far (record → parent), over the stored ones. */
  readonly moved = new Map<string, string | null>();

  private constructor(readonly entity: AnyEntity) {}

  /**
   * Reads what the rows' checks need: the holders of the unique values they set (one query per unique field) and
   * the stored parents above the parents they set (one recursive query). A row whose settings group is not known
   * yet (`sg` undefined) is left out: its write reads what it needs.
   */
  static async read(db: Db, entity: AnyEntity, rows: readonly { sg?: string | null; changed: Body }[]) {
    const batch = new WriteBatch(entity);
    for (const [name, field] of Object.entries(entity.fields)) {
      if (!field.unique) continue;
      const wanted = rows.flatMap((r) => {
        const value = uniqueValue(r.changed, name);
        return r.sg !== undefined && value !== null ? [{ sg: r.sg, value }] : [];
      });
      const have = new Map<string, Set<string>>();
      batch.holders.set(name, have);
      await readHolders(db, entity, name, wanted, have);
    }
    const tree = entity.tree;
    if (tree) {
      const starts = rows.map((r) => r.changed[tree.parentField]).filter((v): v is string => typeof v === 'string');
      if (starts.length) await readParents(db, entity, [...new Set(starts)], batch.parents);
    }
    return batch;
  }

  /**
   * Lays a row over the batch once its write succeeded: `uuid` now holds the values and the parent it set. Without
   * its settings group, the pairs of its values are forgotten (read again from the store, which holds the row).
   */
  wrote(given: string, row: { sg?: string | null; changed: Body }, created = false) {
    const uuid = given.toLowerCase(); // as the store gives uuids back
    for (const [name, have] of this.holders) {
      if (!(name in row.changed)) continue;
      for (const holders of have.values()) holders.delete(uuid);
      const value = uniqueValue(row.changed, name);
      if (value === null) continue;
      // a pair not read yet is read from the store when needed, which holds this row by then
      if (row.sg !== undefined) have.get(holderKey(row.sg, value))?.add(uuid);
      else for (const k of [...have.keys()]) if (k.endsWith(`\u0000${value}`)) have.delete(k);
    }
    const tree = this.entity.tree;
    if (tree && (created || tree.parentField in row.changed)) {
      const parent = row.changed[tree.parentField];
      this.moved.set(uuid, typeof parent === 'string' ? parent.toLowerCase() : null);
    }
  }
}

/**
 * Unique fields: a value set (not null, not empty) must not be another stored record's in the settings group.
 * With `seen` (values by field), a value of an earlier row counts as taken too, and the rows' values are added.
 * With `batch`, the stored holders are those of the batch (read there, or here when it lacks them).
 */
export async function uniqueProblems(
  db: Db,
  entity: AnyEntity,
  rows: readonly UniqueRow[],
  seen?: Map<string, Set<string>>,
  batch?: WriteBatch,
): Promise<Problems[]> {
  const out = rows.map((): Problems => ({}));
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!field.unique) continue;
    const given = rows.map((r) => uniqueValue(r.changed, name));
    if (!given.some((v) => v !== null)) continue;
    const have = batch?.holders.get(name) ?? new Map<string, Set<string>>();
    if (batch && !batch.holders.has(name)) batch.holders.set(name, have);
    const wanted = rows.flatMap((r, i) => (given[i] == null ? [] : [{ sg: r.sg, value: given[i]! }]));
    await readHolders(db, entity, name, wanted, have);
    const earlier = seen ? (seen.get(name) ?? seen.set(name, new Set()).get(name)!) : undefined;
    rows.forEach((row, i) => {
      const v = given[i] ?? null;
      if (v === null) return;
      const holders = have.get(holderKey(row.sg, v))!;
      if ([...holders].some((u) => u !== row.uuid) || earlier?.has(v)) add(out[i]!, name, 'validation.unique');
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
 * `moved`, for the rows after them. With `batch`, its stored parents and its rows written so far count too (read
 * here only where it lacks them); the batch itself is left as it is.
 */
export async function treeProblems(
  db: Db,
  entity: AnyEntity,
  rows: readonly MoveRow[],
  moved: Map<string, string | null> = new Map(),
  batch?: WriteBatch,
): Promise<Problems[]> {
  const out = rows.map((): Problems => ({}));
  const tree = entity.tree;
  if (!tree || !rows.length) return out;
  const stored = batch?.parents ?? new Map<string, string | null>();
  const laid = batch?.moved;
  const parentOf = (u: string) => (moved.has(u) ? moved.get(u) : laid?.has(u) ? laid.get(u) : stored.get(u));
  const starts = rows
    .map((r) => r.parent)
    .filter((v): v is string => typeof v === 'string' && !stored.has(v) && !laid?.has(v));
  if (starts.length) await readParents(db, entity, [...new Set(starts)], stored);
  for (const [i, row] of rows.entries()) {
    const parent = row.parent;
    if (typeof parent === 'string') {
      // an earlier row's parent may lead to records whose ancestors were not read yet
      for (let unknown = firstUnknown(parent, parentOf); unknown; unknown = firstUnknown(parent, parentOf))
        await readParents(db, entity, [unknown], stored);
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
