// The record side of documents (document_links), used inside a transaction: the record a document is attached to
// (loaded in the caller's scope: another workspace's record is a 404), the file name rule per record ("a document
// with the same file name already exists"), a lock that makes that rule hold under concurrent uploads, and links
// copied from one record to another (a ticket's documents to the order created from it).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { entityByName } from '../../src/entities/registry';
import type { AnyEntity } from '../../src/entities/define';
import type { Access } from '../crud/access';
import { getRow } from '../crud/read';
import type { Row } from '../crud/present';
import { document as documents } from '../db/entity-tables';
import { documentLinks } from '../db/document-schema';
import { fieldError } from '../http-error';

export interface RecordRef {
  model_name: string;
  model_uuid: string;
}

/** The record a document is attached to, in the caller's scope (404 outside it); documents take no documents. */
export async function loadRecord(
  ctx: AppContext,
  access: Access,
  ref: RecordRef,
): Promise<{ entity: AnyEntity; row: Row }> {
  const entity = entityByName(ref.model_name);
  if (!entity || entity.createdByUpload) throw fieldError('model_name', 'validation.in');
  return { entity, row: await getRow(ctx, access, entity, ref.model_uuid) };
}

/** The property a document attached to this record belongs to (the property itself, or the record's). */
export const propertyOf = (entity: AnyEntity, row: Row) =>
  entity.name === 'property' ? String(row.uuid) : typeof row.property_uuid === 'string' ? row.property_uuid : null;

/** Serialises attaching documents to one record until the transaction ends (the file name rule needs it). */
export async function lockRecord(tx: Db, ref: RecordRef) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`documents:${ref.model_uuid}`}, 0))`);
}

/** Document links of the record whose document is live (neither deleted nor archived); with a join on documents. */
export const liveLinksOf = (ref: RecordRef) =>
  and(
    eq(documentLinks.model_name, ref.model_name),
    eq(documentLinks.model_uuid, ref.model_uuid),
    isNull(documents.deleted_at),
    isNull(documents.archived_at),
  );

/** Whether a live document attached to the record already has this file name (case-insensitive). */
export async function nameTaken(tx: Db, ref: RecordRef, fileName: string, except?: string): Promise<boolean> {
  const [hit] = await tx
    .select({ uuid: documents.uuid })
    .from(documentLinks)
    .innerJoin(documents, eq(documents.uuid, documentLinks.document_uuid))
    .where(
      and(
        liveLinksOf(ref),
        sql`lower(${documents.original_filename}) = lower(${fileName})`,
        except ? sql`${documents.uuid} <> ${except}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(hit);
}

export async function insertLink(tx: Db, access: Access, documentUuid: string, settingsGroup: string, ref: RecordRef) {
  await tx
    .insert(documentLinks)
    .values({ document_uuid: documentUuid, settings_group_uuid: settingsGroup, created_by: access.user.id, ...ref })
    .onConflictDoNothing();
}

/**
 * Attaches the live documents of one record to another as well (the same stored files, no copy of the bytes):
 * one new link per document. Answers how many.
 */
export async function copyLinks(tx: Db, access: Access, from: RecordRef, to: RecordRef): Promise<number> {
  const rows = await tx
    .select({ uuid: documents.uuid, sg: documents.settings_group_uuid })
    .from(documentLinks)
    .innerJoin(documents, eq(documents.uuid, documentLinks.document_uuid))
    .where(
      and(
        eq(documentLinks.model_name, from.model_name),
        eq(documentLinks.model_uuid, from.model_uuid),
        isNull(documents.deleted_at),
        isNull(documents.archived_at),
      ),
    );
  if (rows.length === 0) return 0;
  await tx
    .insert(documentLinks)
    .values(
      rows.map((r) => ({
        document_uuid: String(r.uuid),
        settings_group_uuid: String(r.sg),
        created_by: access.user.id,
        ...to,
      })),
    )
    .onConflictDoNothing();
  return rows.length;
}

/** The file name check on a record, under its lock: a 422 on `field` when the name is taken. */
export async function claimName(tx: Db, ref: RecordRef, fileName: string, field: string, except?: string) {
  await lockRecord(tx, ref);
  if (await nameTaken(tx, ref, fileName, except)) throw fieldError(field, 'documents.duplicate_name');
}
