// Bulk update and bulk create over any model (docs/spreadsheet-api.md): one transaction per request, each row in its
// own savepoint through the single-record writes (same checks, same computed values), a dry run that rolls back.
// What the checks read from the store is read once for all rows (checks.ts): the records the rows refer to, the
// holders of the unique values they set and the stored parents above the parents they set (a `WriteBatch`). Each
// row's write checks against that, with the rows written before it laid over, and reads nothing more.
// Replies carry rows; bulk-routes.ts presents them.
import { and, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { AnyEntity } from '../../src/entities/define';
import type { Locale } from '../../src/entities/account';
import { createSchema, updateSchema } from '../../src/entities/schemas';
import { scopeOwner } from '../../src/entities/registry';
import { isDecimalKind } from '../../src/entities/fields';
import { HttpError, notFound } from '../http-error';
import { translate } from '../i18n/messages';
import { assertWrites, mayOnRecord, refScope, type Access } from './access';
import { getRows } from './read';
import { col, scopeCondition, tableOf } from './table';
import { create, groupOf, update } from './write';
import { WriteBatch, knownRefs } from './checks';
import { readModelSettingsOf } from './model-settings';
import { createTargets } from './record-settings';
import { NumberPool } from './numbering';
import type { Row } from './present';
import type { Warning } from './model-behaviour';
import { rowWarnings } from './warnings';
import { RowsInvalid, serviceRowErrors, skippedMessage, zodRowErrors, type Errors } from './row-errors';

export const MAX_BULK_ROWS = 1000;
type Body = Record<string, unknown>;
export interface BulkOptions {
  dryRun: boolean;
  skipInvalid: boolean;
  locale: Locale;
}

/** Thrown at the end of a dry run to roll the transaction back while keeping the reply. */
class DryRun<T> extends Error {
  constructor(readonly result: T) {
    super('dry run');
  }
}

export async function inTransaction<T>(ctx: AppContext, dryRun: boolean, work: (c: AppContext) => Promise<T>) {
  try {
    return await ctx.db.transaction(async (tx) => {
      const result = await work({ ...ctx, db: tx });
      if (dryRun) throw new DryRun(result);
      return result;
    });
  } catch (err) {
    if (err instanceof DryRun) return err.result as T;
    throw err;
  }
}

/** Raw rows (ids of the *_by users, not names) of the given uuids inside the caller's scope, archived included. */
export async function loadScoped(c: AppContext, access: Access, entity: AnyEntity, uuids: string[]) {
  const found = (await c.db
    .select()
    .from(tableOf(entity))
    .where(and(inArray(col(entity, 'uuid'), uuids), scopeCondition(entity, access)))) as Row[];
  if (new Set(found.map((r) => r.uuid)).size !== new Set(uuids).size) throw notFound(); // any foreign uuid: all out
  return new Map(found.map((r) => [String(r.uuid), r]));
}

/** Whether a given value equals the stored one (decimals by value, timestamps by instant). */
export function sameValue(entity: AnyEntity, name: string, stored: unknown, given: unknown): boolean {
  if ((stored ?? null) === null || (given ?? null) === null) return (stored ?? null) === (given ?? null);
  const kind = entity.fields[name]?.kind;
  if (kind && isDecimalKind(kind)) return Number(stored) === Number(given);
  if (kind === 'datetime') return new Date(stored as string).getTime() === new Date(given as string).getTime();
  if (typeof stored === 'object') return JSON.stringify(stored) === JSON.stringify(given);
  return String(stored) === String(given);
}

const versionOf = (row: Row) => (row.updated_at as Date).getTime();
const duplicates = (uuids: string[]) => uuids.flatMap((u, i) => (uuids.indexOf(u) !== i ? [i] : []));

export type UpdateStatus = 'updated' | 'unchanged' | 'conflict' | 'skipped' | 'invalid';

export async function bulkUpdate(ctx: AppContext, access: Access, entity: AnyEntity, rows: Body[], o: BulkOptions) {
  assertWrites(access, entity);
  const schema = updateSchema(entity).extend({ uuid: z.uuid() });
  const errors: Errors = {};
  const parsed = rows.map((row, i) => {
    const res = schema.safeParse(row);
    if (!res.success) Object.assign(errors, zodRowErrors(res.error.issues, o.locale, `rows.${i}`, entity));
    return res.success ? (res.data as Body & { uuid: string; updated_at?: string }) : null;
  });
  const uuids = parsed.map((p, i) => (p ? p.uuid : String(rows[i]?.uuid ?? '')));
  for (const i of duplicates(uuids)) errors[`rows.${i}.uuid`] = [distinctMessage(o.locale)];
  if (Object.keys(errors).length && !o.skipInvalid) throw new RowsInvalid(errors);

  return inTransaction(ctx, o.dryRun, async (c) => {
    const warnings: Record<string, string[]> = {};
    const valid = parsed.filter((p): p is NonNullable<typeof p> => p !== null).map((p) => p.uuid);
    const current = await loadScoped(c, access, entity, valid);
    const known = await knownRefs(
      c.db,
      refScope(access, entity),
      entity,
      parsed.filter((p) => p !== null),
    );
    const batch = await WriteBatch.read(
      c.db,
      entity,
      parsed.flatMap((p) => {
        if (!p) return [];
        const { uuid, updated_at: _v, ...changed } = p;
        return [{ sg: groupOf(current.get(uuid)!), changed }];
      }),
    );
    // running numbers typed by hand are checked with the counters of their settings groups locked (numbering.ts)
    const numbering = entity.numbering?.field;
    const numbers = numbering
      ? await NumberPool.take(
          c.db,
          entity,
          parsed.flatMap((p) =>
            p && p[numbering] != null && p[numbering] !== ''
              ? [{ sg: String(current.get(p.uuid)!.settings_group_uuid), changed: p }]
              : [],
          ),
        )
      : undefined;
    const out: { uuid: string; status: UpdateStatus; errors?: Errors }[] = [];
    for (const [i, p] of parsed.entries()) {
      const own = Object.fromEntries(Object.entries(errors).filter(([k]) => k.startsWith(`rows.${i}.`)));
      if (!p || Object.keys(own).length) {
        out.push({ uuid: uuids[i]!, status: 'invalid', errors: stripPrefix(own, i) });
        continue;
      }
      const row = current.get(p.uuid)!;
      const { uuid, updated_at: version, ...changes } = p;
      if (row.archived_at || !mayOnRecord(access, entity, row, 'update')) {
        out.push({ uuid, status: 'skipped' });
        continue;
      }
      if (version && new Date(version).getTime() !== versionOf(row)) {
        out.push({ uuid, status: 'conflict' });
        continue;
      }
      if (Object.entries(changes).every(([k, v]) => sameValue(entity, k, row[k], v))) {
        out.push({ uuid, status: 'unchanged' });
        continue;
      }
      try {
        const rowWarned: Warning[] = [];
        await update(c, access, entity, uuid, changes, new Date(versionOf(row)).toISOString(), {
          known,
          batch,
          warnings: rowWarned,
          numbers,
        });
        batch.wrote(uuid, { sg: groupOf(row), changed: changes });
        Object.assign(warnings, rowWarnings(o.locale, i, rowWarned));
        out.push({ uuid, status: 'updated' });
      } catch (err) {
        if (err instanceof HttpError && err.status === 409) {
          out.push({ uuid, status: 'conflict' });
          continue;
        }
        const rowErrors = serviceRowErrors(err, o.locale, `rows.${i}`, entity);
        if (!rowErrors) throw err;
        Object.assign(errors, rowErrors);
        out.push({ uuid, status: 'invalid', errors: stripPrefix(rowErrors, i) });
      }
    }
    if (Object.keys(errors).length && !o.skipInvalid) throw new RowsInvalid(errors);
    const records = new Map(
      // invalid rows are answered without their record: their uuid may not even be one
      (
        await getRows(
          c,
          access,
          entity,
          out.filter((r) => r.status !== 'invalid').map((r) => r.uuid),
        )
      ).map((r) => [r.uuid, r]),
    );
    const count = (s: UpdateStatus) => out.filter((r) => r.status === s).length;
    return {
      data: out.map((r) => {
        const rec = records.get(r.uuid);
        return { ...r, ...(rec && r.status !== 'invalid' ? { record: rec } : {}) };
      }),
      meta: {
        updated: count('updated'),
        unchanged: count('unchanged'),
        conflicts: count('conflict'),
        skipped: count('skipped'),
        invalid: count('invalid'),
        ...(count('skipped') ? { message: skippedMessage(o.locale, count('skipped')) } : {}),
        ...(Object.keys(warnings).length ? { warnings } : {}),
      },
    };
  });
}

export async function bulkCreate(ctx: AppContext, access: Access, entity: AnyEntity, rows: Body[], o: BulkOptions) {
  assertWrites(access, entity);
  const schema = createSchema(entity);
  const errors: Errors = {};
  // each row takes its settings group's default values for the fields it leaves out, before it is validated
  // (docs/domain/fields.md, "Model settings")
  const targets = await createTargets(ctx.db, access, entity, rows);
  const parsed = rows.map((_row, i) => {
    if (targets.templateMissing(i)) {
      errors[`rows.${i}.template_uuid`] = [translate(o.locale, 'validation.template_not_found')];
      return null;
    }
    const res = schema.safeParse(targets.rowWithDefaults(i));
    if (!res.success) Object.assign(errors, zodRowErrors(res.error.issues, o.locale, `rows.${i}`, entity));
    return res.success ? (res.data as Body) : null;
  });
  if (Object.keys(errors).length && !o.skipInvalid) throw new RowsInvalid(errors);
  return inTransaction(ctx, o.dryRun, async (c) => {
    const warnings: Record<string, string[]> = {};
    const made: (string | null)[] = [];
    const valid = parsed.filter((p) => p !== null);
    const known = await knownRefs(c.db, refScope(access, entity), entity, valid);
    // a record under a property belongs to the property's settings group
    const owner = scopeOwner(entity.scope);
    const sgOf = (p: Body): string | null | undefined =>
      entity.scope === 'global'
        ? null
        : owner
          ? known.get(owner.name)?.get(String(p.property_uuid).toLowerCase())?.sg
          : typeof p.settings_group_uuid === 'string'
            ? p.settings_group_uuid
            : undefined;
    const batch = await WriteBatch.read(
      c.db,
      entity,
      valid.map((p) => ({ sg: sgOf(p), changed: p })),
    );
    // the model's settings of the rows' settings groups, read once for all rows (each write is handed its group's)
    // (those the defaults were taken from are read already)
    const groups = [...new Set(valid.map(sgOf).filter((sg): sg is string => sg != null))];
    const unread = groups.filter((sg) => !targets.settings.has(sg));
    const settings = new Map([...targets.settings, ...(await readModelSettingsOf(c.db, unread, entity))]);
    // running numbers for the rows without one, taken at once per settings group where the model is switched on
    const numbers = entity.numbering
      ? await NumberPool.take(
          c.db,
          entity,
          valid.flatMap((p) => {
            const sg = sgOf(p);
            return sg != null && settings.get(sg)?.enabled ? [{ sg, changed: p }] : [];
          }),
          batch,
        )
      : undefined;
    for (const [i, p] of parsed.entries()) {
      if (!p) {
        made.push(null);
        continue;
      }
      const sg = sgOf(p);
      const row =
        numbers && sg != null && settings.get(sg)?.enabled && numbers.lacks(p)
          ? { ...p, [numbers.field]: await numbers.next(c.db, sg) }
          : p;
      try {
        const rowWarned: Warning[] = [];
        const uuid = await create(c, access, entity, row, { known, batch, warnings: rowWarned, settings, numbers });
        batch.wrote(uuid, { sg, changed: row }, true);
        Object.assign(warnings, rowWarnings(o.locale, i, rowWarned));
        made.push(uuid);
      } catch (err) {
        if (row !== p) numbers!.putBack(row[numbers!.field]);
        const rowErrors = serviceRowErrors(err, o.locale, `rows.${i}`, entity);
        if (!rowErrors) throw err;
        Object.assign(errors, rowErrors);
        made.push(null);
      }
    }
    if (Object.keys(errors).length && !o.skipInvalid) throw new RowsInvalid(errors);
    await numbers?.settle(c.db);
    const records = new Map(
      (
        await getRows(
          c,
          access,
          entity,
          made.filter((u): u is string => !!u),
        )
      ).map((r) => [r.uuid, r]),
    );
    return {
      data: made.map((u) => (u ? records.get(u)! : null)),
      meta: {
        created: made.filter(Boolean).length,
        invalid: made.filter((u) => !u).length,
        ...(Object.keys(warnings).length ? { warnings } : {}),
      },
      ...(Object.keys(errors).length ? { errors } : {}),
    };
  });
}

function stripPrefix(errors: Errors, i: number): Errors {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.slice(`rows.${i}.`.length) || k, v]));
}

const distinctMessage = (locale: Locale) => translate(locale, 'validation.distinct', { field: 'uuid' });
