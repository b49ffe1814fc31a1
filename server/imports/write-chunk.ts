// Writes one planned chunk as one transaction: creates in one multi-row insert, updates guarded by the version the
// plan read, failed rows into the error report, what was written (import_created, import_rows: for undo), the job's
// progress and lease — all or nothing. A chunk of creates for a model without write hooks or running numbers is a
// single statement (one round trip), or two when it is written beside the chunk before; the others run statement
// by statement in a transaction with the model's hooks (a model's steps before the insert and after the write once
// for the whole chunk where it has them: `beforeInsertAll`, `afterWriteAll`, e.g. a counter's readings computed in
// one pass, docs/domain/calculations.md) and the running numbers of its new records (crud/numbering.ts).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context';
import { entityByName } from '../../src/entities/registry';
import { ownerColumn, type AnyEntity } from '../../src/entities/define';
import type { Access } from '../crud/access';
import { col, rowsOf, tableOf, versionIs } from '../crud/table';
import { translate } from '../i18n/messages';
import { hooksOf, storedValues, type HookContext } from '../crud/model-behaviour';
import { NumberPool } from '../crud/numbering';
import { ValidationFailed } from '../http-error';
import { failedToErrors } from '../plugins/errors';
import type { Locale } from '../../src/entities/account';
import type { PlannedRow } from './plan';
import type { Counts, ImportRow } from './import-runner';

/** A cell as JSON (dates as ISO text). */
export const jsonCell = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));

// An import's commits need not wait for the disk: the rows and the progress commit together, so a commit lost in
// a database crash loses the chunk and its progress alike, and the job resumes before it.
const ASYNC_COMMIT = sql`select set_config('synchronous_commit', 'off', true)`;

/**
 * Writes a chunk; resolves to whether the job's cancel was requested (read by the chunk's progress update). With
 * `after` (the write of the chunk before, running at the same time on another connection) the rows go in at once
 * but the progress and the commit wait for it, so chunks commit in order and a crash still leaves whole chunks
 * before the resume point.
 */
export function writeChunk(
  ctx: AppContext,
  access: Access,
  job: ImportRow,
  planned: PlannedRow[],
  after?: Promise<unknown>,
): Promise<boolean> {
  const entity = entityByName(job.model)!;
  const hooks = hooksOf(entity);
  // a model with running numbers takes those of its new records in the chunk's transaction (crud/numbering.ts)
  const numbered = !!entity.numbering && planned.some((r) => r.action === 'create');
  const simple =
    !hooks.beforeWrite &&
    !hooks.afterWrite &&
    !hooks.afterWriteAll &&
    !numbered &&
    !planned.some((r) => r.action === 'update');
  if (!simple)
    return ctx.db.transaction(async (tx) => {
      await tx.execute(ASYNC_COMMIT);
      return writeWithHooks({ ...ctx, db: tx }, access, job, planned);
    });
  // the statements are built now, so the planned rows are not kept while the database works
  return writeSimple(ctx, chunkParts(entity, access, job, planned, []), after);
}

const cancelled = (res: unknown) => rowsOf<{ cancel_requested: boolean }>(res)[0]?.cancel_requested ?? false;

async function writeSimple(
  ctx: AppContext,
  { ctes, progress }: ReturnType<typeof chunkParts>,
  after?: Promise<unknown>,
): Promise<boolean> {
  if (!after)
    return cancelled(
      await ctx.db.execute(sql`with ${sql.join([sql`cfg as (${ASYNC_COMMIT})`, ...ctes], sql`, `)} ${progress}
        and exists (select 1 from cfg) returning cancel_requested`),
    );
  return ctx.db.transaction(async (tx) => {
    await tx.execute(ASYNC_COMMIT);
    if (ctes.length) await tx.execute(sql`with ${sql.join(ctes, sql`, `)} select 1`);
    await after;
    return cancelled(await tx.execute(sql`${progress} returning cancel_requested`));
  });
}

async function writeWithHooks(c: AppContext, access: Access, job: ImportRow, planned: PlannedRow[]): Promise<boolean> {
  const entity = entityByName(job.model)!;
  const sg = job.settings_group_uuid!;
  const now = new Date();
  const user = access.user.id;
  const locale = access.user.locale as Locale;
  // The model's write hooks (a task's recurrence check and events) run as in a single save.
  const hooks = hooksOf(entity);
  const h: HookContext = { db: c.db, access, settingsGroup: sg, now };
  const refused = (r: PlannedRow, error: unknown) => {
    if (!(error instanceof ValidationFailed)) throw error;
    r.action = 'error';
    Object.assign(r.errors, failedToErrors(error, locale, '', entity));
  };
  if (hooks.beforeWrite)
    for (const r of planned.filter((x) => x.action === 'create' || x.action === 'update')) {
      const current = r.action === 'update' ? r.target! : null;
      try {
        Object.assign(r.values, await hooks.beforeWrite(h, { ...current, ...r.values }, r.values, current));
      } catch (error) {
        refused(r, error);
      }
    }
  const creates = planned.filter((r) => r.action === 'create');
  // running numbers for the new records without one, taken at once (after the hooks: a refused row takes none)
  if (creates.length && entity.numbering) {
    const numbers = await NumberPool.take(
      c.db,
      entity,
      creates.map((r) => ({ sg, changed: r.values })),
    );
    for (const r of creates) if (numbers.lacks(r.values)) r.values[numbers.field] = await numbers.next(c.db, sg);
    await numbers.settle(c.db);
  }
  if (creates.length && hooks.beforeInsertAll)
    await hooks.beforeInsertAll(
      h,
      creates.map((r) => ({ uuid: r.uuid!, values: r.values })),
    );
  // the step after the write: once for the chunk's records when the model has one (afterWriteAll), else per record
  const after = hooks.afterWriteAll ?? hooks.afterWrite;
  if (creates.length && after) {
    await c.db.execute(sql`with made as (${insertCreates(entity, access, job, creates, now)})
      ${logCreated(job, creates, now)}`);
    const uuids = creates.map((r) => r.uuid!); // chosen by the plan (PlanContext.ids)
    if (hooks.afterWriteAll) await hooks.afterWriteAll(h, uuids, true);
    else for (const uuid of uuids) await hooks.afterWrite!(h, uuid, true);
  }
  const updated: { record_uuid: string; before: Record<string, unknown> }[] = [];
  for (const r of planned.filter((x) => x.action === 'update')) {
    const target = r.target!;
    const merged = { ...target, ...r.values };
    const res = await c.db
      .update(tableOf(entity))
      .set({ ...r.values, ...storedValues(entity, merged), updated_at: now, updated_by: user })
      .where(and(eq(col(entity, 'uuid'), target.uuid as string), versionIs(entity, target.updated_at as Date)))
      .returning({ uuid: col(entity, 'uuid') });
    if (!res.length) {
      r.action = 'error';
      r.errors.row = [translate(locale, 'errors.conflict')];
      continue;
    }
    if (!hooks.afterWriteAll) await hooks.afterWrite?.(h, String(target.uuid), false);
    const before = Object.fromEntries(Object.keys(r.values).map((k) => [k, target[k] ?? null]));
    updated.push({ record_uuid: String(target.uuid), before });
  }
  if (updated.length && hooks.afterWriteAll)
    await hooks.afterWriteAll(
      h,
      updated.map((u) => u.record_uuid),
      false,
    );
  const rest = after ? planned.filter((r) => r.action !== 'create') : planned;
  const { ctes, progress } = chunkParts(entity, access, job, rest, updated, planned, now);
  const statement = ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ${progress}` : progress;
  return cancelled(await c.db.execute(sql`${statement} returning cancel_requested`));
}

/**
 * One statement for a chunk: its creates with their undo log, the undo log of its updates and its failed rows
 * (common table expressions), then the job's progress (counted over `all`, the whole chunk) as the main UPDATE,
 * ending in its WHERE so the caller may add a condition.
 */
function chunkParts(
  entity: AnyEntity,
  access: Access,
  job: ImportRow,
  planned: PlannedRow[],
  updated: { record_uuid: string; before: Record<string, unknown> }[],
  all = planned,
  now = new Date(),
): { ctes: SQL[]; progress: SQL } {
  const parts: SQL[] = [];
  const creates = planned.filter((r) => r.action === 'create');
  if (creates.length) {
    parts.push(sql`made as (${insertCreates(entity, access, job, creates, now)})`);
    parts.push(sql`logged as (${logCreated(job, creates, now)})`);
  }
  if (updated.length)
    parts.push(sql`logged_updates as (insert into import_rows (import_uuid, record_uuid, action, before, written_at)
      select ${job.uuid}::uuid, x.record_uuid, 'updated', x.before, ${now}::timestamptz
      from json_to_recordset(${JSON.stringify(updated)}::json) as x(record_uuid uuid, before jsonb)
      on conflict do nothing)`);
  const failed = all.filter((r) => r.action === 'error');
  if (failed.length) {
    const rows = failed.map((r) => ({ row: r.row, cells: r.cells.map(jsonCell), errors: r.errors }));
    parts.push(sql`failed as (insert into import_errors (import_uuid, row, cells, errors)
      select ${job.uuid}::uuid, x.row, x.cells, x.errors
      from json_to_recordset(${JSON.stringify(rows)}::json) as x(row int, cells jsonb, errors jsonb)
      on conflict do nothing)`);
  }
  const count = (a: PlannedRow['action']) => all.filter((r) => r.action === a).length;
  const add: Counts = {
    created: count('create'),
    updated: count('update'),
    skipped: count('unchanged'),
    failed: count('error'),
  };
  const lastRow = all.reduce((m, r) => Math.max(m, r.row), 0);
  const progress = sql`update imports set
      processed = processed + ${all.length}::int,
      last_row = ${lastRow}::int,
      counts = jsonb_build_object(
        'created', coalesce((counts->>'created')::int, 0) + ${add.created}::int,
        'updated', coalesce((counts->>'updated')::int, 0) + ${add.updated}::int,
        'skipped', coalesce((counts->>'skipped')::int, 0) + ${add.skipped}::int,
        'failed', coalesce((counts->>'failed')::int, 0) + ${add.failed}::int),
      lease_until = now() + interval '60 seconds',
      updated_at = ${now}::timestamptz
    where uuid = ${job.uuid}::uuid`;
  return { ctes: parts, progress };
}

/** The undo log of a chunk's creates (from `made`, the insert's RETURNING): one row with every record. */
const logCreated = (job: ImportRow, creates: PlannedRow[], now: Date) =>
  sql`insert into import_created (import_uuid, first_row, records, written_at)
    select ${job.uuid}::uuid, ${creates[0]!.row}::int, array_agg(uuid), ${now}::timestamptz from made
    on conflict do nothing`;

/** Column types of each model's table, read once. */
const columnTypes = new WeakMap<AnyEntity, Map<string, string>>();
function typesOf(entity: AnyEntity) {
  let types = columnTypes.get(entity);
  if (!types)
    columnTypes.set(
      entity,
      (types = new Map(getTableConfig(tableOf(entity)).columns.map((x) => [x.name, x.getSQLType()]))),
    );
  return types;
}

/**
 * The creates as one INSERT … SELECT FROM json_to_recordset: a single parameter instead of thousands (a 500-row
 * VALUES list of every column is many times slower to build and plan). The settings group, times and authors are
 * the same for every row and go in once. Keys missing in a row take the field's default; columns no row has are
 * left to the database.
 */
function insertCreates(entity: AnyEntity, access: Access, job: ImportRow, creates: PlannedRow[], now: Date): SQL {
  const types = typesOf(entity);
  const computed = creates.map((r) => storedValues(entity, r.values));
  const present = new Set<string>(creates[0]!.uuid ? ['uuid'] : []);
  creates.forEach((r, i) => {
    for (const k in r.values) present.add(k);
    for (const k in computed[i]) present.add(k);
  });
  present.delete('settings_group_uuid');
  // a user's own rows: the importing user's, unless a hook named the member (src/entities/define.ts, `owner`)
  const owner = ownerColumn(entity);
  if (owner) present.add(owner);
  const names = [...present].filter((n) => types.has(n));
  const defaults = names.map((name) => {
    const field = entity.fields[name];
    return field && 'default' in field && field.default !== undefined ? field.default : null;
  });
  // short keys (c0, c1, …) keep the JSON small: a chunk's text then dies young instead of in the old generation
  const keys = names.map((_, i) => `c${i}`);
  const data = creates.map((r, i) => {
    const row: Record<string, unknown> = {};
    const extra = computed[i]!;
    for (let j = 0; j < names.length; j++) {
      const n = names[j]!;
      row[keys[j]!] =
        n === 'uuid'
          ? r.uuid
          : n in extra
            ? extra[n]
            : n in r.values
              ? r.values[n]
              : n === owner
                ? access.user.id
                : defaults[j];
    }
    return row;
  });
  const list = sql.raw(names.map((n) => `"${n}"`).join(', '));
  const defs = sql.raw(names.map((n, i) => `${keys[i]} ${types.get(n)}`).join(', '));
  const user = access.user.id;
  return sql`insert into ${sql.identifier(getTableConfig(tableOf(entity)).name)}
      (${list}, settings_group_uuid, created_at, updated_at, created_by, updated_by)
    select ${sql.raw(keys.join(', '))}, ${job.settings_group_uuid}::uuid, ${now}::timestamptz, ${now}::timestamptz,
      ${user}::int, ${user}::int
    from json_to_recordset(${JSON.stringify(data)}::json) as x(${defs})
    returning uuid`;
}
