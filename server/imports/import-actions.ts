// Starting, cancelling and undoing an import. A run is idempotent per file hash + Idempotency-Key (the same file
// sent again with the same key answers the first import); undo reverts the whole batch in one transaction while
// none of its records changed since.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { hooksOf } from '../crud/model-behaviour';
import { entityByName } from '../../src/entities/registry';
import { HttpError } from '../http-error';
import { importCreated, importErrors, importRows, imports } from '../db/schema';
import { col, rowsOf, tableOf } from '../crud/table';
import type { Access } from '../crud/access';
import { checkOptions, type ImportOptions } from './import-options';
import type { ImportRow } from './import-runner';

const stateError = (job: ImportRow) => new HttpError(409, 'import.state', { status: job.status });

export async function startRun(ctx: AppContext, access: Access, job: ImportRow, options: ImportOptions, key?: string) {
  const entity = entityByName(job.model)!;
  // a model switched off in the settings group takes no import (checkOptions: docs/domain/fields.md)
  options = await checkOptions(ctx.db, entity, access, options);
  if (key) {
    const [earlier] = await ctx.db
      .select()
      .from(imports)
      .where(
        and(eq(imports.user_id, job.user_id), eq(imports.file_hash, job.file_hash), eq(imports.idempotency_key, key)),
      );
    if (earlier) return earlier; // the same file with the same key: the first import, not a second one
  }
  if (!['uploaded', 'validated'].includes(job.status)) throw stateError(job);
  const sheet = (job.sheets as { name: string; row_count: number | null }[]).find(
    (s) => s.name === (options.sheet ?? (job.sheets as { name: string }[])[0]?.name),
  );
  const total = job.status === 'validated' ? job.total : Math.max(0, (sheet?.row_count ?? 0) - options.header_row);
  try {
    const [queued] = await ctx.db.transaction(async (tx) => {
      await tx.delete(importErrors).where(eq(importErrors.import_uuid, job.uuid));
      return tx
        .update(imports)
        .set({
          status: 'queued',
          options,
          settings_group_uuid: options.settings_group_uuid ?? null,
          idempotency_key: key ?? null,
          total,
          processed: 0,
          last_row: 0,
          counts: {},
          updated_at: new Date(),
        })
        .where(and(eq(imports.uuid, job.uuid), inArray(imports.status, ['uploaded', 'validated'])))
        .returning();
    });
    if (!queued) throw stateError(job);
    return queued;
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (code !== '23505') throw err; // a concurrent run with the same key won the race
    const [earlier] = await ctx.db
      .select()
      .from(imports)
      .where(
        and(eq(imports.user_id, job.user_id), eq(imports.file_hash, job.file_hash), eq(imports.idempotency_key, key!)),
      );
    return earlier!;
  }
}

export async function cancel(ctx: AppContext, job: ImportRow) {
  if (!['queued', 'running'].includes(job.status)) throw stateError(job);
  const [updated] = await ctx.db
    .update(imports)
    .set({
      cancel_requested: true,
      updated_at: new Date(),
      ...(job.status === 'queued' ? { status: 'cancelled', finished_at: new Date() } : {}),
    })
    .where(eq(imports.uuid, job.uuid))
    .returning();
  return updated!;
}

export async function undo(ctx: AppContext, access: Access, job: ImportRow) {
  if (!['done', 'cancelled', 'failed'].includes(job.status)) throw stateError(job);
  const entity = entityByName(job.model)!;
  const table = sql.identifier(entity.table);
  // what the import wrote, with when: the created records (a row per chunk) and the updated ones
  const written = sql`
    select r.uuid, c.written_at from ${importCreated} c cross join unnest(c.records) as r(uuid)
    where c.import_uuid = ${job.uuid}
    union all
    select record_uuid, written_at from ${importRows} where import_uuid = ${job.uuid}`;
  const created = sql`select unnest(records) as uuid from ${importCreated} where import_uuid = ${job.uuid}`;
  return ctx.db.transaction(async (tx) => {
    const [touched] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        select count(*)::int as n from (${written}) w left join ${table} t on t.uuid = w.uuid
        where t.uuid is null or t.deleted_at is not null or t.updated_at <> w.written_at`),
    );
    if (touched && touched.n > 0) throw new HttpError(409, 'import.undo_touched', { count: touched.n });
    const now = new Date();
    const hooks = hooksOf(entity);
    // the created records, read only for a model whose hooks follow a removal (a task's open events)
    const made = hooks.afterArchive ? rowsOf<{ uuid: string }>(await tx.execute(sql`${created}`)) : [];
    await tx.execute(sql`
      update ${table} set deleted_at = ${now}, deleted_by = ${access.user.id} where uuid in (${created})`);
    // Deleting counts as taking the records out (a task's open events go with it).
    const h = { db: tx, access, settingsGroup: job.settings_group_uuid!, now };
    if (made.length)
      await hooks.afterArchive?.(
        h,
        made.map((r) => r.uuid),
        true,
      );
    const updated = await tx
      .select()
      .from(importRows)
      .where(and(eq(importRows.import_uuid, job.uuid), eq(importRows.action, 'updated')));
    for (const r of updated)
      await tx
        .update(tableOf(entity))
        .set({ ...(r.before as object), updated_at: now, updated_by: access.user.id })
        .where(eq(col(entity, 'uuid'), r.record_uuid));
    for (const r of updated) await hooks.afterWrite?.(h, r.record_uuid, false);
    const [done] = await tx
      .update(imports)
      .set({ status: 'undone', updated_at: now })
      .where(eq(imports.uuid, job.uuid))
      .returning();
    return done!;
  });
}
