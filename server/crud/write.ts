// Generic writes, each one transaction: create, update (409 on a stale version), soft delete, archive and
// restore (a tree archives its whole subtree). Every reference must resolve inside the record's settings group
// (and property, for records under a property); anything else is a 422 and nothing is written.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import type { AnyEntity } from '../../src/entities/define';
import { entityList, scopeOwner } from '../../src/entities/registry';
import { HttpError, ValidationFailed, fieldError, forbidden, notFound } from '../http-error';
import type { MessageKey } from '../i18n/messages';
import {
  anyRecordOf,
  assertWrites,
  levelOf,
  may,
  mayOnRecord,
  reachesAll,
  refScope,
  type Access,
  type Action,
} from './access';
import { audit, changesOf, valuesOf, type RecordWrite } from '../audit/writer';
import { settingsGroups } from '../db/schema';
import { ownerColumn, withoutModelSettings } from '../../src/entities/define';
import { getRow } from './read';
import { col, rowsOf, scopeCondition, tableOf, versionIs } from './table';
import { assertEnabled, presetSettings, settingsFor, type ValuesOf } from './model-settings';
import { assertRequired } from './record-settings';
import { NumberPool } from './numbering';
import { applyFills, assertFilled } from './fills';
import {
  behaviourOf,
  derivedInputsOf,
  hooksOf,
  recordFieldsIn,
  storedValues,
  type HookContext,
  type Warning,
} from './model-behaviour';
import { isAttributeModel, type AttributeDef } from '../../src/domain/attributes';
import { onInputs } from './stored-values';
import { WriteBatch, refProblems, treeProblems, uniqueProblems, type KnownRecords } from './checks';
import { recordAttributes } from './attributes';

type Body = Record<string, unknown>;

/** 404 outside the caller's settings groups, 403 without the access level or the right (a superuser on a
 * superusers' table reaches every settings group; a global model's record has none; anyone else writing a
 * superusers' table gets 403 wherever the record is); with the record (`row`), 403 on a user's row the caller sees
 * but does not own (access.ts, `mayOnRecord`). */
function authorize(access: Access, settingsGroup: string | null, action: Action, entity: AnyEntity, row?: Body) {
  assertWrites(access, entity);
  if (reachesAll(access, entity.name)) return;
  if (settingsGroup !== null && !access.roles.has(settingsGroup)) throw notFound();
  if (!may(access, settingsGroup, action, entity.name)) throw forbidden();
  if (row && !mayOnRecord(access, entity, row, action)) throw forbidden();
}

/** The model's fields a write stores (what its audit entries name). */
const storedFields = (entity: AnyEntity) =>
  Object.entries(entity.fields)
    .filter(([, f]) => !f.virtual)
    .map(([n]) => n);

/** An audited model's entry of a write, in the write's transaction (src/entities/define.ts, `audit`). */
async function logWrite(
  db: Db,
  access: Access,
  entity: AnyEntity,
  settingsGroup: string | null,
  uuid: string,
  write: RecordWrite,
  details: Record<string, unknown>,
) {
  if (!entity.audit) return;
  await audit(db, {
    settings_group_uuid: settingsGroup,
    user_id: access.user.id,
    action: `${entity.name}.${write}`,
    target_type: entity.name,
    target_uuid: uuid,
    details,
    ip: access.ip ?? null,
  });
}

/**
 * The checks that read other records (checks.ts, shared with bulk and imports), for one row: references first (all
 * their problems in one 422), then the first unique field taken, then a tree's new parent. References are checked
 * in the caller's scope (a hidden record is refused as an unknown one), but only those the write changes: a
 * reference the record already holds is kept even when its record is hidden from the caller now, and one `carried`
 * over unchanged from a record the caller sees is checked in the settings group only.
 */
async function checkRow(
  db: Db,
  access: Access,
  entity: AnyEntity,
  sg: string | null,
  merged: Body,
  changed: Body,
  current: Body | null,
  { known, batch, carried }: WriteOptions,
) {
  const uuid = current ? String(current.uuid) : undefined;
  const own: Body = {};
  const kept: Body = {};
  for (const [name, value] of Object.entries(changed)) {
    if (entity.fields[name]?.kind === 'refs' && Array.isArray(value)) {
      // only the uuids the write adds: one the record holds already stays, even when hidden from the caller now
      const held = new Set(((current?.[name] as string[] | null) ?? []).map((u) => u.toLowerCase()));
      const added = (value as string[]).filter((u) => !held.has(u.toLowerCase()));
      if (added.length) own[name] = added;
      continue;
    }
    if (entity.fields[name]?.kind !== 'ref' || value == null) continue;
    if (current && sameRef(current[name], value)) continue;
    if (carried && name in carried && sameRef(carried[name], value)) kept[name] = value;
    else own[name] = value;
  }
  const property = merged.property_uuid;
  const [refs] = await refProblems(db, refScope(access, entity), entity, [{ sg, changed: own, property }], known);
  if (Object.keys(kept).length)
    Object.assign(refs!, (await refProblems(db, null, entity, [{ sg, changed: kept, property }]))[0]);
  if (Object.keys(refs!).length) throw new ValidationFailed(refs!);
  const [taken] = await uniqueProblems(db, entity, [{ sg, changed, uuid }], undefined, batch);
  const first = Object.entries(taken!)[0];
  if (first) throw new ValidationFailed({ [first[0]]: first[1] });
  if (uuid && entity.tree && entity.tree.parentField in changed) {
    const [loop] = await treeProblems(
      db,
      entity,
      [{ uuid, parent: changed[entity.tree.parentField] }],
      undefined,
      batch,
    );
    if (Object.keys(loop!).length) throw new ValidationFailed(loop!);
  }
}

/** A record's settings group: null for a global model's (src/entities/define.ts, `Scope`). */
export const groupOf = (row: Body) => (row.settings_group_uuid == null ? null : String(row.settings_group_uuid));

const sameRef = (a: unknown, b: unknown) => a != null && String(a).toLowerCase() === String(b).toLowerCase();

/** The model's own check of the record; a problem with a derived field goes to the input it came from
 * (stored-values.ts, `onInputs`). */
export function runValidate(entity: AnyEntity, merged: Body, changes: Body) {
  const problems = entity.validate?.(merged) ?? [];
  if (problems.length)
    throw new ValidationFailed(
      onInputs(
        Object.fromEntries(
          problems.map((p) => [p.path, [{ key: p.key as MessageKey, ...(p.params ? { params: p.params } : {}) }]]),
        ),
        { inputs: derivedInputsOf(entity), changes },
      ),
    );
}

/** The live attributes of a settings group's model, read once per request (a bulk write's rows share them). */
const attributesRead = new WeakMap<Access, Map<string, Promise<AttributeDef[]>>>();
function attributesOf(db: Db, access: Access, sg: string, model: string) {
  let read = attributesRead.get(access);
  if (!read) attributesRead.set(access, (read = new Map()));
  let defs = read.get(`${sg}:${model}`);
  if (!defs) read.set(`${sg}:${model}`, (defs = recordFieldsIn(db, [sg], [model])));
  return defs;
}

/** What a caller writing many rows has already looked up (bulk: the records its rows refer to, its `WriteBatch`). */
export interface WriteOptions {
  known?: KnownRecords;
  batch?: WriteBatch;
  /** Collects the write's warnings (model-behaviour.ts, `Warning`) for the reply. */
  warnings?: Warning[];
  /** Values the write carries over from a record the caller sees (a series split off a task, a bill from an
   * order): those references are kept even when their record is hidden from the caller. */
  carried?: Body;
  /** The request's say beside the values, handed to the model's hooks (model-behaviour.ts, `HookContext.input`). */
  input?: Body;
  /** The model's settings by settings group, read once for a request's rows (bulk), so a write reads none. */
  settings?: ReadonlyMap<string, ValuesOf<AnyEntity>>;
  /** The running numbers a request took for its rows (numbering.ts): its counters are locked already. */
  numbers?: NumberPool;
}

/** A list of references given as null is an empty list (its column is never null). */
function emptyRefs(entity: AnyEntity, body: Body): Body {
  const out = { ...body };
  for (const [name, field] of Object.entries(entity.fields))
    if (field.kind === 'refs' && name in out && out[name] === null) out[name] = [];
  return out;
}

export async function create(ctx: AppContext, access: Access, entity: AnyEntity, body: Body, o: WriteOptions = {}) {
  assertWrites(access, entity);
  return ctx.db.transaction(async (tx) => {
    let sg: string | null;
    const values: Body = emptyRefs(entity, body);
    if (entity.scope === 'global') {
      sg = null;
      delete values.settings_group_uuid;
    } else if (entity.scope === 'property') {
      const property = scopeOwner(entity.scope)!;
      // the property among the caller's settings groups first, so that a missing right to create is a 403
      const member = anyRecordOf(access);
      const [p] = (await tx
        .select({ sg: col(property, 'settings_group_uuid') })
        .from(tableOf(property))
        .where(and(eq(col(property, 'uuid'), body.property_uuid as string), scopeCondition(property, member)))
        .limit(1)) as { sg: string }[];
      if (!p) throw fieldError('property_uuid', 'validation.ref_not_found');
      sg = p.sg;
      authorize(access, sg, 'create', entity);
      if (!may(access, sg, 'view', property.name)) throw fieldError('property_uuid', 'validation.ref_not_found');
    } else {
      if (!body.settings_group_uuid) throw fieldError('settings_group_uuid', 'settings_group.required');
      sg = body.settings_group_uuid as string;
      if (reachesAll(access, entity.name)) {
        // a superuser writes any settings group's records of a superusers' table, member or not
        const [known] = await tx
          .select({ uuid: settingsGroups.uuid })
          .from(settingsGroups)
          .where(eq(settingsGroups.uuid, sg))
          .limit(1);
        if (!known) throw fieldError('settings_group_uuid', 'validation.ref_not_found');
      } else if (!access.roles.has(sg))
        // a table its settings group's admins oversee (an admins' table, a user's rows its admins see) outside the
        // caller's settings groups is a 404, as every route of it there
        throw levelOf(entity.name) === 'members' && !entity.sharing?.admins
          ? fieldError('settings_group_uuid', 'validation.ref_not_found')
          : notFound();
    }
    authorize(access, sg, 'create', entity);
    const now = new Date();
    const h = { db: tx, access, settingsGroup: sg as string, now, warnings: o.warnings, input: o.input };
    const read = sg === null ? undefined : o.settings?.get(sg);
    if (read) presetSettings(h, entity, read);
    // a model switched off in the settings group takes no new records (docs/domain/fields.md, "Model settings")
    await assertEnabled(h, entity);
    const settings = withoutModelSettings(entity) ? undefined : await settingsFor(h, entity);
    await applyFills(tx, entity, sg, values, null);
    assertFilled(entity, values);
    // the fields the settings group requires beside the model's own (docs/domain/fields.md, "Model settings")
    assertRequired(settings, values);
    runValidate(entity, values, values);
    // the settings group's own attributes, checked and defaulted (docs/domain/attributes.md)
    if (sg !== null && isAttributeModel(entity.name))
      values.attributes = recordAttributes(await attributesOf(tx, access, sg, entity.name), values.attributes, null);
    // a new record without a running number takes the next one, before the checks (docs/domain/fields.md, "Model
    // settings"); the counter stays locked until the transaction ends
    // (a request that took its rows' numbers hands them in, its counters locked already)
    let checks = o;
    let numbers: NumberPool | undefined;
    if (entity.numbering && sg !== null && !(o.numbers && !o.numbers.lacks(values))) {
      const batch = o.batch ?? (await WriteBatch.read(tx, entity, []));
      numbers = await NumberPool.take(tx, entity, [{ sg, changed: values }], batch);
      if (numbers.lacks(values)) values[numbers.field] = await numbers.next(tx, sg);
      checks = { ...o, batch };
    }
    await checkRow(tx, access, entity, sg, values, values, null, checks);
    const hooks = hooksOf(entity);
    Object.assign(values, await hooks.beforeWrite?.(h, values, values, null));
    const owner = ownerColumn(entity);
    const stored = storedValues(entity, values);
    const [row] = (await tx
      .insert(tableOf(entity))
      .values({
        ...values,
        ...stored,
        // a user's own row: the caller's, or the member a hook names (an admin delegating for a member)
        ...(owner ? { [owner]: values[owner] ?? access.user.id } : {}),
        settings_group_uuid: sg,
        created_at: now,
        updated_at: now,
        created_by: access.user.id,
        updated_by: access.user.id,
      })
      .returning({ uuid: col(entity, 'uuid') })) as { uuid: string }[];
    await numbers?.settle(tx);
    await hooks.afterWrite?.(h, row!.uuid, true);
    await logWrite(
      tx,
      access,
      entity,
      sg,
      row!.uuid,
      'create',
      valuesOf(storedFields(entity), { ...values, ...stored }),
    );
    return row!.uuid;
  });
}

export async function update(
  ctx: AppContext,
  access: Access,
  entity: AnyEntity,
  uuid: string,
  body: Body,
  version?: string,
  o: WriteOptions = {},
) {
  assertWrites(access, entity);
  return ctx.db.transaction(async (tx) => {
    const current = await getRow({ ...ctx, db: tx }, access, entity, uuid);
    const sg = groupOf(current);
    authorize(access, sg, 'update', entity, current);
    if (current.archived_at) throw new HttpError(409, 'errors.archived');
    const { updated_at: bodyVersion, ...changes } = emptyRefs(entity, body);
    // a picked record may empty a required field (an article without a price): refused as a create's would be
    if ((await applyFills(tx, entity, sg, changes, current)).length) assertFilled(entity, { ...current, ...changes });
    const expected = version ?? (bodyVersion as string | undefined);
    if (expected && new Date(expected).getTime() !== (current.updated_at as Date).getTime())
      throw new HttpError(409, 'errors.conflict');
    const merged = { ...current, ...changes };
    const hooks = hooksOf(entity);
    const h = { db: tx, access, settingsGroup: sg as string, now: new Date(), warnings: o.warnings, input: o.input };
    const read = sg === null ? undefined : o.settings?.get(sg);
    if (read) presetSettings(h, entity, read);
    if (sg !== null && !withoutModelSettings(entity)) assertRequired(await settingsFor(h, entity), merged, changes);
    runValidate(entity, merged, changes);
    // merged into the record's own (docs/domain/attributes.md)
    if ('attributes' in changes && sg !== null && isAttributeModel(entity.name))
      merged.attributes = changes.attributes = recordAttributes(
        await attributesOf(tx, access, sg, entity.name),
        changes.attributes,
        current,
      );
    // a running number typed by hand: checked while the counter is locked, so no create of the group takes it meanwhile
    const numbering = entity.numbering?.field;
    if (numbering && sg !== null && !o.numbers && changes[numbering] != null && changes[numbering] !== '')
      await NumberPool.take(tx, entity, [{ sg, changed: changes }]);
    await checkRow(tx, access, entity, sg, merged, changes, current, o);
    const stored = (await hooks.beforeWrite?.(h, merged, changes, current)) ?? {};
    const written = { ...changes, ...storedValues(entity, merged), ...stored };
    const res = await tx
      .update(tableOf(entity))
      .set({
        ...written,
        updated_at: new Date(),
        updated_by: access.user.id,
      })
      .where(and(eq(col(entity, 'uuid'), uuid), versionIs(entity, current.updated_at as Date)))
      .returning({ uuid: col(entity, 'uuid') });
    if (res.length === 0) throw new HttpError(409, 'errors.conflict'); // changed between our read and write
    await hooks.afterWrite?.(h, uuid, false);
    const changed = changesOf(storedFields(entity), current, written);
    if (Object.keys(changed).length)
      await logWrite(tx, access, entity, sg, uuid, 'update', {
        changes: changed,
        ...behaviourOf(entity).auditDetails?.(current, { ...merged, ...written }),
      });
    return uuid;
  });
}

export async function softDelete(ctx: AppContext, access: Access, entity: AnyEntity, uuid: string, input?: Body) {
  assertWrites(access, entity);
  await ctx.db.transaction(async (tx) => {
    const current = await getRow({ ...ctx, db: tx }, access, entity, uuid);
    const sg = groupOf(current);
    authorize(access, sg, 'delete', entity, current);
    const ids = await subtree(tx, entity, uuid);
    await tx
      .update(tableOf(entity))
      .set({ deleted_at: new Date(), deleted_by: access.user.id })
      .where(inArray(col(entity, 'uuid'), ids));
    const h = { db: tx, access, settingsGroup: sg as string, now: new Date(), input };
    await hooksOf(entity).afterArchive?.(h, ids, true);
    await logWrite(tx, access, entity, sg, uuid, 'delete', valuesOf(storedFields(entity), current));
  });
}

/** The record and, for trees, every descendant. */
export async function subtree(db: Db, entity: AnyEntity, uuid: string): Promise<string[]> {
  if (!entity.tree) return [uuid];
  const t = sql.identifier(entity.table);
  const parent = sql.identifier(entity.tree.parentField);
  const res = await db.execute(sql`
    with recursive down(uuid) as (
      select uuid from ${t} where uuid = ${uuid}
      union all select x.uuid from ${t} x join down on x.${parent} = down.uuid where x.deleted_at is null
    ) select uuid from down`);
  return rowsOf<{ uuid: string }>(res).map((r) => r.uuid);
}

/**
 * The records of models marked `archivedWithOwner` whose scope owner (their property) was just archived or restored:
 * archiving takes their live records at the owner's moment, restoring brings back those archived with it (the same
 * stamp), so a record archived on its own before stays archived.
 */
async function followOwner(h: HookContext, owner: AnyEntity, owners: string[], archive: boolean, stamp: Date | null) {
  if (!owners.length || (!archive && !stamp)) return;
  for (const follower of entityList.filter((e) => e.archivedWithOwner && scopeOwner(e.scope) === owner)) {
    const ownerColumn = col(follower, `${owner.name}_uuid`);
    const changed = await h.db
      .update(tableOf(follower))
      .set({
        archived_at: archive ? h.now : null,
        archived_by: archive ? h.access.user.id : null,
        updated_at: h.now,
        updated_by: h.access.user.id,
      })
      .where(
        and(
          inArray(ownerColumn, owners),
          isNull(col(follower, 'deleted_at')),
          archive ? isNull(col(follower, 'archived_at')) : eq(col(follower, 'archived_at'), stamp!),
        ),
      )
      .returning({ uuid: col(follower, 'uuid') });
    const uuids = (changed as { uuid: string }[]).map((r) => r.uuid);
    if (uuids.length) await hooksOf(follower).afterArchive?.(h, uuids, archive);
  }
}

export async function setArchived(ctx: AppContext, access: Access, entity: AnyEntity, uuid: string, archive: boolean) {
  assertWrites(access, entity);
  return ctx.db.transaction(async (tx) => {
    const current = await getRow({ ...ctx, db: tx }, access, entity, uuid);
    const sg = groupOf(current);
    authorize(access, sg, 'archive', entity, current);
    const ids = await subtree(tx, entity, uuid);
    const stamp = current.archived_at as Date | null;
    const now = new Date();
    // Archiving takes the not-yet-archived subtree; restoring brings back what was archived with the record.
    const where = archive
      ? and(inArray(col(entity, 'uuid'), ids), isNull(col(entity, 'archived_at')))
      : and(inArray(col(entity, 'uuid'), ids), stamp ? eq(col(entity, 'archived_at'), stamp) : sql`false`);
    const changed = await tx
      .update(tableOf(entity))
      .set({
        archived_at: archive ? now : null,
        archived_by: archive ? access.user.id : null,
        updated_at: now,
        updated_by: access.user.id,
      })
      .where(where)
      .returning({ uuid: col(entity, 'uuid') });
    const h = { db: tx, access, settingsGroup: sg as string, now };
    const owners = (changed as { uuid: string }[]).map((r) => r.uuid);
    if (changed.length)
      await logWrite(tx, access, entity, sg, uuid, archive ? 'archive' : 'restore', {
        [entity.titleField]: current[entity.titleField] ?? null,
        ...(changed.length > 1 ? { affected: changed.length } : {}),
      });
    await hooksOf(entity).afterArchive?.(h, owners, archive);
    await followOwner(h, entity, owners, archive, stamp);
    return changed.length;
  });
}
