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
import { anyRecordOf, may, type Access, type Action } from './access';
import { getRow } from './read';
import { col, rowsOf, scopeCondition, tableOf, versionIs } from './table';
import { derivedInputsOf, hooksOf, storedValues, type HookContext, type Warning } from './model-behaviour';
import { onInputs } from './stored-values';
import { refProblems, treeProblems, uniqueProblems, type KnownRecords, type WriteBatch } from './checks';

type Body = Record<string, unknown>;

function authorize(access: Access, settingsGroup: string, action: Action, entity: AnyEntity) {
  if (!access.roles.has(settingsGroup)) throw notFound();
  if (!may(access, settingsGroup, action, entity.name)) throw forbidden();
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
  sg: string,
  merged: Body,
  changed: Body,
  current: Body | null,
  { known, batch, carried }: WriteOptions,
) {
  const uuid = current ? String(current.uuid) : undefined;
  const own: Body = {};
  const kept: Body = {};
  for (const [name, value] of Object.entries(changed)) {
    if (entity.fields[name]?.kind !== 'ref' || value == null) continue;
    if (current && sameRef(current[name], value)) continue;
    if (carried && name in carried && sameRef(carried[name], value)) kept[name] = value;
    else own[name] = value;
  }
  const property = merged.property_uuid;
  const [refs] = await refProblems(db, access, entity, [{ sg, changed: own, property }], known);
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

const sameRef = (a: unknown, b: unknown) => a != null && String(a).toLowerCase() === String(b).toLowerCase();

/** The model's own check of the record; a problem with a derived field goes to the input it came from
 * (stored-values.ts, `onInputs`). */
function runValidate(entity: AnyEntity, merged: Body, changes: Body) {
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

/** What a caller writing many rows has already looked up (bulk: the records its rows refer to, its `WriteBatch`). */
export interface WriteOptions {
  known?: KnownRecords;
  batch?: WriteBatch;
  /** Collects the write's warnings (model-behaviour.ts, `Warning`) for the reply. */
  warnings?: Warning[];
  /** Values the write carries over from a record the caller sees (a series split off a task, a bill from an
   * order): those references are kept even when their record is hidden from the caller. */
  carried?: Body;
}

export async function create(ctx: AppContext, access: Access, entity: AnyEntity, body: Body, o: WriteOptions = {}) {
  return ctx.db.transaction(async (tx) => {
    let sg: string;
    const values: Body = { ...body };
    if (entity.scope === 'property') {
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
      if (!access.roles.has(sg)) throw fieldError('settings_group_uuid', 'validation.ref_not_found');
    }
    authorize(access, sg, 'create', entity);
    runValidate(entity, values, values);
    await checkRow(tx, access, entity, sg, values, values, null, o);
    const now = new Date();
    const hooks = hooksOf(entity);
    const h = { db: tx, access, settingsGroup: sg, now, warnings: o.warnings };
    Object.assign(values, await hooks.beforeWrite?.(h, values, values, null));
    const [row] = (await tx
      .insert(tableOf(entity))
      .values({
        ...values,
        ...storedValues(entity, values),
        settings_group_uuid: sg,
        created_at: now,
        updated_at: now,
        created_by: access.user.id,
        updated_by: access.user.id,
      })
      .returning({ uuid: col(entity, 'uuid') })) as { uuid: string }[];
    await hooks.afterWrite?.(h, row!.uuid, true);
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
  return ctx.db.transaction(async (tx) => {
    const current = await getRow({ ...ctx, db: tx }, access, entity, uuid);
    const sg = String(current.settings_group_uuid);
    authorize(access, sg, 'update', entity);
    if (current.archived_at) throw new HttpError(409, 'errors.archived');
    const { updated_at: bodyVersion, ...changes } = body;
    const expected = version ?? (bodyVersion as string | undefined);
    if (expected && new Date(expected).getTime() !== (current.updated_at as Date).getTime())
      throw new HttpError(409, 'errors.conflict');
    const merged = { ...current, ...changes };
    runValidate(entity, merged, changes);
    await checkRow(tx, access, entity, sg, merged, changes, current, o);
    const hooks = hooksOf(entity);
    const h = { db: tx, access, settingsGroup: sg, now: new Date(), warnings: o.warnings };
    const stored = (await hooks.beforeWrite?.(h, merged, changes, current)) ?? {};
    const res = await tx
      .update(tableOf(entity))
      .set({
        ...changes,
        ...storedValues(entity, merged),
        ...stored,
        updated_at: new Date(),
        updated_by: access.user.id,
      })
      .where(and(eq(col(entity, 'uuid'), uuid), versionIs(entity, current.updated_at as Date)))
      .returning({ uuid: col(entity, 'uuid') });
    if (res.length === 0) throw new HttpError(409, 'errors.conflict'); // changed between our read and write
    await hooks.afterWrite?.(h, uuid, false);
    return uuid;
  });
}

export async function softDelete(ctx: AppContext, access: Access, entity: AnyEntity, uuid: string) {
  await ctx.db.transaction(async (tx) => {
    const current = await getRow({ ...ctx, db: tx }, access, entity, uuid);
    authorize(access, String(current.settings_group_uuid), 'delete', entity);
    const ids = await subtree(tx, entity, uuid);
    await tx
      .update(tableOf(entity))
      .set({ deleted_at: new Date(), deleted_by: access.user.id })
      .where(inArray(col(entity, 'uuid'), ids));
    const h = { db: tx, access, settingsGroup: String(current.settings_group_uuid), now: new Date() };
    await hooksOf(entity).afterArchive?.(h, ids, true);
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
  return ctx.db.transaction(async (tx) => {
    const current = await getRow({ ...ctx, db: tx }, access, entity, uuid);
    authorize(access, String(current.settings_group_uuid), 'archive', entity);
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
    const h = { db: tx, access, settingsGroup: String(current.settings_group_uuid), now };
    const owners = (changed as { uuid: string }[]).map((r) => r.uuid);
    await hooksOf(entity).afterArchive?.(h, owners, archive);
    await followOwner(h, entity, owners, archive, stamp);
    return changed.length;
  });
}
