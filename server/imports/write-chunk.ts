// Writes one planned chunk inside the caller's transaction: creates in one multi-row insert, updates guarded by the
// version the plan read, failed rows into the error report, what was written into import_rows (for undo), and
// the job's progress and lease — all or nothing.
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { importRows } from '../db/schema';
import { importErrors, imports } from '../db/schema';
import { entityByName } from '../../src/entities/registry';
import { may, type Access } from '../crud/access';
import { col, rowsOf, tableOf, versionIs } from '../crud/read';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { AnyEntity } from '../../src/entities/define';
import { storedComputed } from '../crud/computed';
import { translate } from '../i18n/messages';
import { hooksOf, type HookContext } from '../crud/hooks';
import { ValidationFailed } from '../http-error';
import type { Locale } from '../../src/entities/account';
import type { PlannedRow } from './plan';
import type { Counts, ImportRow } from './import-runner';

export async function writeChunk(c: AppContext, access: Access, job: ImportRow, planned: PlannedRow[]) {
  const entity = entityByName(job.model)!;
  const sg = job.settings_group_uuid!;
  const now = new Date();
  const user = access.user.id;
  const locale = access.user.locale as Locale;
  for (const r of planned) {
    const action = r.action === 'update' ? 'update' : 'create';
    if ((r.action === 'create' || r.action === 'update') && !may(access, sg, action)) {
      r.action = 'error';
      r.errors.row = [translate(locale, 'bulk.skipped_one')];
    }
  }
  // The model's write hooks (a ticket's number, a task's recurrence check and events) run as in a single save.
  const hooks = hooksOf(entity);
  const h: HookContext = { db: c.db, access, settingsGroup: sg, now };
  const refused = (r: PlannedRow, error: unknown) => {
    if (!(error instanceof ValidationFailed)) throw error;
    r.action = 'error';
    for (const [field, problems] of Object.entries(error.fields))
      r.errors[field] = problems.map((p) => translate(locale, p.key, p.params));
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
  const written: (typeof importRows.$inferInsert)[] = [];
  if (creates.length) {
    const made = await insertMany(
      c,
      entity,
      creates.map((r) => ({
        ...r.values,
        ...storedComputed(entity, r.values),
        settings_group_uuid: sg,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        created_by: user,
        updated_by: user,
      })),
    );
    for (const m of made) {
      await hooks.afterWrite?.(h, m.uuid, true);
      written.push({ import_uuid: job.uuid, record_uuid: m.uuid, action: 'created', before: null, written_at: now });
    }
  }
  for (const r of planned.filter((x) => x.action === 'update')) {
    const target = r.target!;
    const merged = { ...target, ...r.values };
    const res = await c.db
      .update(tableOf(entity))
      .set({ ...r.values, ...storedComputed(entity, merged), updated_at: now, updated_by: user } as never)
      .where(and(eq(col(entity, 'uuid'), target.uuid as string), versionIs(entity, target.updated_at as Date)))
      .returning({ uuid: col(entity, 'uuid') });
    if (!res.length) {
      r.action = 'error';
      r.errors.row = [translate(locale, 'errors.conflict')];
      continue;
    }
    await hooks.afterWrite?.(h, String(target.uuid), false);
    const before = Object.fromEntries(Object.keys(r.values).map((k) => [k, target[k] ?? null]));
    written.push({
      import_uuid: job.uuid,
      record_uuid: String(target.uuid),
      action: 'updated',
      before,
      written_at: now,
    });
  }
  if (written.length)
    await insertJson(
      c,
      'import_rows',
      written,
      {
        import_uuid: 'uuid',
        record_uuid: 'uuid',
        action: 'text',
        before: 'jsonb',
        written_at: 'timestamptz',
      },
      'on conflict do nothing',
    );
  const failed = planned.filter((r) => r.action === 'error');
  if (failed.length)
    await c.db
      .insert(importErrors)
      .values(
        failed.map((r) => ({ import_uuid: job.uuid, row: r.row, cells: r.cells.map(jsonCell), errors: r.errors })),
      )
      .onConflictDoNothing();
  const count = (a: PlannedRow['action']) => planned.filter((r) => r.action === a).length;
  const add: Counts = {
    created: count('create'),
    updated: count('update'),
    skipped: count('unchanged'),
    failed: count('error'),
  };
  await c.db
    .update(imports)
    .set({
      processed: sql`${imports.processed} + ${planned.length}`,
      last_row: Math.max(0, ...planned.map((r) => r.row)),
      counts: sql`jsonb_build_object(
        'created', coalesce((${imports.counts}->>'created')::int, 0) + ${add.created}::int,
        'updated', coalesce((${imports.counts}->>'updated')::int, 0) + ${add.updated}::int,
        'skipped', coalesce((${imports.counts}->>'skipped')::int, 0) + ${add.skipped}::int,
        'failed', coalesce((${imports.counts}->>'failed')::int, 0) + ${add.failed}::int)`,
      lease_until: sql`now() + interval '60 seconds'`,
      updated_at: now,
    })
    .where(eq(imports.uuid, job.uuid));
}

/**
 * One INSERT … SELECT FROM jsonb_to_recordset for many rows: a single parameter instead of thousands (a 500-row
 * VALUES list of every column is many times slower to build and plan). Keys missing in a row take the field's
 * default; columns no row has are left to the database.
 */
async function insertMany(c: AppContext, entity: AnyEntity, rows: Record<string, unknown>[]) {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const table = getTableConfig(tableOf(entity));
  const types = new Map(table.columns.map((x) => [x.name, x.getSQLType()]));
  const fill = (name: string) => {
    const field = entity.fields[name];
    return field && 'default' in field && field.default !== undefined ? field.default : null;
  };
  const data = rows.map((r) => Object.fromEntries(names.map((n) => [n, n in r ? r[n] : fill(n)])));
  return insertJson(c, table.name, data, Object.fromEntries(names.map((n) => [n, types.get(n)!])), 'returning uuid');
}

async function insertJson(
  c: AppContext,
  table: string,
  rows: object[],
  types: Record<string, string>,
  tail = '',
): Promise<{ uuid: string }[]> {
  const names = Object.keys(types);
  const list = sql.raw(names.map((n) => `"${n}"`).join(', '));
  const defs = sql.raw(names.map((n) => `"${n}" ${types[n]}`).join(', '));
  const res = await c.db.execute(
    sql`insert into ${sql.identifier(table)} (${list}) select ${list} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${defs}) ${sql.raw(tail)}`,
  );
  return rowsOf<{ uuid: string }>(res);
}

/** A cell as JSON (dates as ISO text). */
export const jsonCell = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));
