// Documents (docs/documents-api.md): upload to a record (the row, its link and the file in one step: the file is
// committed inside the transaction, and removed again when the transaction fails), a record's documents, attaching
// to and detaching from further records, the records a document is attached to, and its stored file.
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { entities, entityByName } from '../../src/entities/registry';
import { detectFileType, isContainerType, titleFromFileName } from '../../src/domain/file-types';
import { zipEntries } from '../xlsx/zip';
import { may, type Access } from '../crud/access';
import { getRow } from '../crud/read';
import { col, scopeCondition, tableOf } from '../crud/table';
import { create } from '../crud/write';
import { document as documents } from '../db/entity-tables';
import { documentLinks } from '../db/document-schema';
import { HttpError, fieldError, forbidden, notFound } from '../http-error';
import type { ActionCall } from '../crud/model-behaviour';
import { claimName, insertLink, liveLinksOf, loadRecord, propertyOf, type RecordRef } from './document-links';
import { documentStore, type StagedFile } from './storage';

export interface UploadFields extends RecordRef {
  title?: string | undefined;
  keyword?: string | undefined;
  category?: string | undefined;
  language?: string | undefined;
  valid_from?: string | undefined;
  valid_to?: string | undefined;
  is_primary?: boolean | undefined;
}

export type Upload = StagedFile & { name: string };

/** The limit in the messages: MB with one decimal. */
export const sizeParams = (maxBytes: number) => ({ max: Math.round(maxBytes / 104_857.6) / 10 });

/**
 * The checks on the bytes themselves: present, not empty, within the limit, an allowed type that is what it says
 * (for Office and OpenDocument files, what the archive holds: docs/domain/documents.md).
 */
async function checkFile(file: Upload | undefined, maxBytes: number): Promise<{ name: string; mime: string }> {
  if (!file || !file.name) throw fieldError('file', 'documents.file_required');
  if (file.truncated) throw fieldError('file', 'documents.too_large', sizeParams(maxBytes));
  if (file.size === 0) throw fieldError('file', 'documents.empty');
  const entries = isContainerType(file.name)
    ? await zipEntries(file.temp).then(
        (list) => list.map((e) => e.name),
        () => null, // no readable directory: not the file it claims to be
      )
    : undefined;
  const type = detectFileType(file.name, file.head, entries);
  if ('refused' in type)
    throw fieldError('file', type.refused === 'type' ? 'documents.type_not_allowed' : 'documents.content_mismatch');
  return { name: file.name, mime: type.mime };
}

const txContext = (ctx: AppContext, t: unknown) => ({ ...ctx, db: t as Db });

/** Stores an upload as a new document attached to the record; answers its uuid. A refused upload leaves nothing. */
export async function uploadDocument(ctx: AppContext, access: Access, fields: UploadFields, file: Upload | undefined) {
  const store = documentStore(ctx);
  let key: string | null = null;
  try {
    const { name, mime } = await checkFile(file, ctx.config.documentMaxBytes);
    return await ctx.db.transaction(async (t) => {
      const txCtx = txContext(ctx, t);
      const ref = { model_name: fields.model_name, model_uuid: fields.model_uuid };
      const target = await loadRecord(txCtx, access, ref);
      const sg = String(target.row.settings_group_uuid);
      if (!may(access, sg, 'create', entities.document.name)) throw forbidden();
      if (target.row.archived_at) throw new HttpError(409, 'errors.archived');
      await claimName(txCtx.db, ref, name, 'file');
      key = await store.commit(file!, txCtx.db);
      const uuid = await create(txCtx, access, entities.document, {
        settings_group_uuid: sg,
        property_uuid: propertyOf(target.entity, target.row),
        title: fields.title || titleFromFileName(name),
        keyword: fields.keyword ?? null,
        category: fields.category ?? null,
        language: fields.language ?? null,
        valid_from: fields.valid_from ?? null,
        valid_to: fields.valid_to ?? null,
        is_primary: fields.is_primary ?? false,
        original_filename: name,
        file_type: mime,
        size: file!.size,
        checksum: file!.checksum,
        filename: key,
      });
      await insertLink(txCtx.db, access, uuid, sg, ref);
      return uuid;
    });
  } catch (err) {
    // the database backend wrote the file in the transaction (gone with it); the folder moved it into place
    if (key) await store.remove(key);
    throw err;
  } finally {
    if (file) await store.discard(file); // what is left of the staged file (the folder moved it away)
  }
}

/** The list condition "attached to this record" (the record must be the caller's to see: else a 404). */
export async function attachedTo(ctx: AppContext, access: Access, ref: RecordRef): Promise<SQL> {
  await loadRecord(ctx, access, ref);
  return inArray(
    documents.uuid,
    ctx.db
      .select({ uuid: documentLinks.document_uuid })
      .from(documentLinks)
      .where(and(eq(documentLinks.model_name, ref.model_name), eq(documentLinks.model_uuid, ref.model_uuid))),
  );
}

/** Attaches a document to one more record of its settings group (the file name rule applies there too). */
export async function linkDocument({ ctx, tx, access, uuid, row: doc, body: ref }: ActionCall<RecordRef>) {
  const target = await loadRecord(ctx, access, ref);
  if (target.row.settings_group_uuid !== doc.settings_group_uuid)
    throw fieldError('model_uuid', 'documents.other_group');
  await claimName(tx, ref, String(doc.original_filename), 'model_uuid', uuid);
  await insertLink(tx, access, uuid, String(doc.settings_group_uuid), ref);
}

/** Detaches a document from a record (the document itself stays, also when no record is left). */
export async function unlinkDocument({ tx, uuid, body: ref }: ActionCall<RecordRef>) {
  const gone = await tx
    .delete(documentLinks)
    .where(
      and(
        eq(documentLinks.document_uuid, uuid),
        eq(documentLinks.model_name, ref.model_name),
        eq(documentLinks.model_uuid, ref.model_uuid),
      ),
    )
    .returning({ uuid: documentLinks.document_uuid });
  if (gone.length === 0) throw notFound();
}

/** The live records a document is attached to, with their titles (one query per model). */
export async function linksOf(ctx: AppContext, access: Access, uuid: string) {
  await getRow(ctx, access, entities.document, uuid);
  const links = await ctx.db
    .select({ model_name: documentLinks.model_name, model_uuid: documentLinks.model_uuid })
    .from(documentLinks)
    .where(eq(documentLinks.document_uuid, uuid))
    .orderBy(documentLinks.created_at);
  const out: { model_name: string; model_uuid: string; title: string | null }[] = [];
  for (const model of new Set(links.map((l) => l.model_name))) {
    const entity = entityByName(model);
    if (!entity) continue;
    const uuids = links.filter((l) => l.model_name === model).map((l) => l.model_uuid);
    const rows = (await ctx.db
      .select({ uuid: col(entity, 'uuid'), title: col(entity, entity.titleField) })
      .from(tableOf(entity))
      // only the records the caller may see (docs/domain/permissions.md, "Access rules")
      .where(and(inArray(col(entity, 'uuid'), uuids), scopeCondition(entity, access)))) as {
      uuid: string;
      title: unknown;
    }[];
    for (const r of rows)
      out.push({ model_name: model, model_uuid: r.uuid, title: r.title == null ? null : String(r.title) });
  }
  return out;
}

/** A document's stored file, in the caller's scope. */
export async function documentFile(ctx: AppContext, access: Access, uuid: string) {
  const row = await getRow(ctx, access, entities.document, uuid);
  return openStored(ctx, row);
}

/** The file behind a document row; a row whose file is gone is a 404 (and logged by the caller). */
export async function openStored(ctx: AppContext, row: Record<string, unknown>) {
  const file = row.filename ? await documentStore(ctx).open(String(row.filename)) : null;
  if (!file) throw notFound();
  return {
    stream: file.stream,
    size: file.size,
    name: String(row.original_filename ?? row.title),
    mime: String(row.file_type ?? 'application/octet-stream'),
  };
}

/** Live documents attached to a record, oldest first, for pages that list them without the records engine. */
export async function documentsOfRecord(tx: Db, ref: RecordRef) {
  return tx
    .select({
      uuid: documents.uuid,
      title: documents.title,
      original_filename: documents.original_filename,
      file_type: documents.file_type,
      size: documents.size,
      created_at: documents.created_at,
      filename: documents.filename,
    })
    .from(documentLinks)
    .innerJoin(documents, eq(documents.uuid, documentLinks.document_uuid))
    .where(liveLinksOf(ref))
    .orderBy(documents.created_at, documents.uuid)
    .then((rows) => rows as Record<string, unknown>[]);
}
