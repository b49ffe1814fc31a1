// The document endpoints of docs/documents-api.md as the screens use them: a record's documents, upload to a record
// (multipart, one file per request), detach, the records a document is attached to, and its download address.
import { API_BASE, http } from '../../src/api/http';
import { entities } from '../../src/entities/registry';
import { listRecords, recordKeys, type ApiRecord } from '../../src/api/records';

export interface RecordRef {
  model: string;
  uuid: string;
}

/** A record's documents: a list of documents, so a change of a document elsewhere marks it stale. */
export const attachmentsKey = (ref: RecordRef) => recordKeys.related('document', ref.model, ref.uuid);

/** The live documents attached to a record, oldest first (at most 500: a record with more is not expected). */
export async function attachmentsOf(ref: RecordRef, signal?: AbortSignal): Promise<ApiRecord[]> {
  const reply = await listRecords(
    entities.document,
    { model_name: ref.model, model_uuid: ref.uuid, sort_by: 'created_at', per_page: 500 },
    signal,
  );
  return reply.data;
}

/** Uploads one file to a record; a refused file is an ApiError (422 with the server's message on `file`). */
export function uploadAttachment(ref: RecordRef, file: File): Promise<ApiRecord> {
  const form = new FormData();
  form.append('model_name', ref.model);
  form.append('model_uuid', ref.uuid);
  form.append('file', file, file.name);
  return http.post<ApiRecord>('documents', form, { silent: true });
}

export const detachAttachment = (document: ApiRecord, ref: RecordRef) =>
  http.post<ApiRecord>(`documents/${document.uuid}/unlink`, { model_name: ref.model, model_uuid: ref.uuid });

export interface DocumentLink {
  model_name: string;
  model_uuid: string;
  title: string | null;
}

export const documentLinks = (uuid: string) => http.get<DocumentLink[]>(`documents/${uuid}/links`);

/** Where the browser downloads the file (a plain link: the session cookie goes along, the server names the file). */
export const fileUrl = (document: { uuid: string }) => `${API_BASE}/documents/${document.uuid}/file`;
