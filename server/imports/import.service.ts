// Imports, step by step (docs/spreadsheet-api.md): upload (checked, stored under a generated name), preview of a sheet
// with suggested column matching, validation with counters and the problem rows. An import belongs to its
// uploader: anyone else gets the same 404 as for a missing one.
import { and, eq } from 'drizzle-orm';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { guardedFile } from '../plugins/upload-end';
import type { AppContext } from '../context';
import type { AnyEntity } from '../../src/entities/define';
import type { Locale } from '../../src/entities/account';
import { entityByName } from '../../src/entities/registry';
import { suggestMapping, ALIASES } from '../../src/domain/column-match';
import { HttpError, fieldError, notFound } from '../http-error';
import { importErrors, importMappings, imports } from '../db/schema';
import { importableFields } from '../spreadsheet/template.service';
import { LOCALES, fieldLabel } from '../spreadsheet/labels';
import { fieldLabel as messageFieldLabel } from '../i18n/field-labels';
import type { Access } from '../crud/access';
import { importStorage, withImportFile, type Stored } from './storage';
import { inspectFile, MAX_UPLOAD } from './file-check';
import { readRows, type SheetRow } from './reader';
import { TEMPLATE_COLUMN, checkOptions, type ImportOptions } from './import-options';
import { CHUNK_ROWS, chunksOf, dataRows, planContext, type ImportRow } from './import-runner';
import { planChunk, type PlannedRow } from './plan';
import { jsonCell } from './write-chunk';
import { recordFieldsIn } from '../crud/model-behaviour';
import { attributeNames, attributePath, isAttributeModel, type AttributeDef } from '../../src/domain/attributes';

export const PREVIEW_ROWS = 20;
export const MAX_PROBLEMS = 500;

export async function getImport(ctx: AppContext, access: Access, uuid: string): Promise<ImportRow> {
  const [job] = await ctx.db
    .select()
    .from(imports)
    .where(and(eq(imports.uuid, uuid), eq(imports.user_id, access.user.id)));
  if (!job) throw notFound();
  return job;
}

export function presentImport(job: ImportRow) {
  const base = `/api/v1/imports/${job.uuid}`;
  const links: Record<string, string> = { self: base, preview: `${base}/preview` };
  if (['uploaded', 'validated'].includes(job.status))
    Object.assign(links, { validate: `${base}/validate`, run: `${base}/run` });
  if (['queued', 'running'].includes(job.status)) links.cancel = `${base}/cancel`;
  if (
    ['done', 'cancelled', 'failed'].includes(job.status) &&
    ((job.counts as { created?: number }).created || (job.counts as { updated?: number }).updated)
  )
    links.undo = `${base}/undo`;
  if ((job.counts as { failed?: number; error?: number }).failed || (job.counts as { error?: number }).error)
    links.error_report = `${base}/error-report`;
  return {
    uuid: job.uuid,
    model: job.model,
    file_name: job.file_name,
    status: job.status,
    sheets: job.sheets,
    progress: { processed: job.processed, total: job.total },
    counts: { created: 0, updated: 0, skipped: 0, failed: 0, ...(job.counts as object) },
    error: job.error,
    created_at: job.created_at.toISOString(),
    finished_at: job.finished_at?.toISOString() ?? null,
    links,
  };
}

/** Stages an upload stream; too big is a 413 and nothing is kept. */
export async function store(ctx: AppContext, req: FastifyRequest, file: MultipartFile) {
  const tooLarge = () => new HttpError(413, 'import.too_large', { max: MAX_UPLOAD / 1024 / 1024 });
  const source = guardedFile(req, file.file);
  file.file.once('limit', () => source.destroy(tooLarge())); // at once: the rest of the body is not read
  const staged = await importStorage(ctx).stage(source, () => file.file.truncated);
  if (staged.truncated) throw tooLarge();
  return { ...staged, fileName: file.filename };
}

/** Checks a staged upload and creates its import with the file stored, in one step; a refused file is not kept. */
export async function createImport(
  ctx: AppContext,
  access: Access,
  stored: (Stored & { fileName: string }) | undefined,
  model: string | undefined,
) {
  const storage = importStorage(ctx);
  let key: string | null = null;
  try {
    const entity = entityByName(model ?? '');
    if (!entity) throw fieldError('model', 'validation.in');
    if (!stored) throw fieldError('file', 'import.file_required');
    const { kind, sheets } = await inspectFile(stored.temp, stored.head, stored.fileName);
    return await ctx.db.transaction(async (tx) => {
      key = await storage.commit(stored, tx);
      const [job] = await tx
        .insert(imports)
        .values({
          user_id: access.user.id,
          model: entity.name,
          file_name: stored.fileName.slice(0, 200),
          file_kind: kind,
          file_hash: stored.checksum,
          file_size: stored.size,
          storage_key: key,
          sheets,
        })
        .returning();
      return job!;
    });
  } catch (err) {
    if (key) await storage.remove(key); // the folder moved it into place; the database's went with the transaction
    throw err;
  } finally {
    if (stored) await storage.discard(stored);
  }
}

/** Header cells as text. */
const headerText = (cells: unknown[]) =>
  cells.map((c) => (c instanceof Date ? c.toISOString().slice(0, 10) : String(c ?? '').trim()));

export async function preview(
  ctx: AppContext,
  groups: readonly string[],
  job: ImportRow,
  sheet: string | undefined,
  headerRow: number,
) {
  const entity = entityByName(job.model)!;
  let headers: string[] | null = null;
  const rows: { row: number; cells: unknown[] }[] = [];
  const sheetName = sheet ?? (job.sheets as { name: string }[])[0]?.name;
  for await (const r of withImportFile(ctx, job.storage_key, (file) =>
    readRows(file, job.file_kind as 'xlsx' | 'csv', sheetName),
  )) {
    if (r.number < headerRow) continue;
    if (r.number === headerRow) headers = headerText(r.cells);
    else rows.push({ row: r.number, cells: r.cells.map(jsonCell) });
    if (rows.length >= PREVIEW_ROWS) break;
  }
  if (!headers || rows.length === 0) throw fieldError('header_row', 'import.empty_sheet');
  const duplicate = headers.find((h, i) => h && headers!.findIndex((x) => x.toLowerCase() === h.toLowerCase()) !== i);
  if (duplicate) throw fieldError('header_row', 'import.duplicate_header', { name: duplicate });
  // the attributes of the model in the uploader's settings groups are columns too, by key or a label in any language
  const attributes = isAttributeModel(entity.name) ? await recordFieldsIn(ctx.db, groups, [entity.name]) : [];
  const [remembered] = await ctx.db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(and(eq(importMappings.user_id, job.user_id), eq(importMappings.model, job.model)));
  return {
    headers,
    rows,
    suggested_mapping: suggestMapping(
      headers,
      candidates(entity, attributes),
      (remembered?.mapping ?? {}) as Record<string, string>,
    ),
  };
}

export function candidates(entity: AnyEntity, attributes: readonly AttributeDef[] = []) {
  const byKey = new Map<string, AttributeDef>();
  for (const d of attributes) if (!byKey.has(d.key)) byKey.set(d.key, d);
  return [
    ...[...importableFields(entity), 'uuid'].map((name) => ({
      name,
      names: [name, ...LOCALES.map((l) => fieldLabel(entity, name, l)), ...(ALIASES[name] ?? [])],
    })),
    ...[...byKey.values()].map((d) => ({ name: attributePath(d.key), names: attributeNames(d) })),
    // the record template of each new row, by its name (docs/domain/record-templates.md)
    ...(isAttributeModel(entity.name)
      ? [
          {
            name: TEMPLATE_COLUMN,
            names: [TEMPLATE_COLUMN, ...LOCALES.map((l) => messageFieldLabel(l, TEMPLATE_COLUMN))],
          },
        ]
      : []),
  ];
}

/** Validates every row without writing; stores the problem rows for the error report. */
export async function validate(
  ctx: AppContext,
  access: Access,
  job: ImportRow,
  options: ImportOptions,
  locale: Locale,
) {
  const entity = entityByName(job.model)!;
  options = await checkOptions(ctx.db, entity, access, options);
  if (!['uploaded', 'validated'].includes(job.status)) throw new HttpError(409, 'import.state', { status: job.status });
  const p = await planContext(ctx, job, options, access);
  p.locale = locale;
  const counts = { create: 0, update: 0, unchanged: 0, error: 0 };
  const problems: Omit<PlannedRow, 'target' | 'cells'>[] = [];
  await ctx.db.delete(importErrors).where(eq(importErrors.import_uuid, job.uuid));
  let chunk: SheetRow[] = [];
  let total = 0;
  const flush = async () => {
    const planned = await planChunk(ctx, p, chunk);
    chunk = [];
    for (const r of planned) counts[r.action] += 1;
    const failed = planned.filter((r) => r.action === 'error');
    for (const r of failed.slice(0, Math.max(0, MAX_PROBLEMS - problems.length)))
      problems.push({ row: r.row, action: r.action, values: r.values, errors: r.errors });
    if (failed.length)
      await ctx.db
        .insert(importErrors)
        .values(
          failed.map((r) => ({ import_uuid: job.uuid, row: r.row, cells: r.cells.map(jsonCell), errors: r.errors })),
        )
        .onConflictDoNothing();
  };
  for await (const rows of chunksOf(dataRows(ctx, job, options), CHUNK_ROWS)) {
    chunk = rows;
    total += rows.length;
    await flush();
  }
  if (total === 0) throw fieldError('header_row', 'import.empty_sheet');
  await ctx.db
    .update(imports)
    .set({
      status: 'validated',
      options,
      settings_group_uuid: options.settings_group_uuid ?? null,
      total,
      counts: { error: counts.error },
      updated_at: new Date(),
    })
    .where(eq(imports.uuid, job.uuid));
  return { counts, problems, problems_total: counts.error, total };
}
