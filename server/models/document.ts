// Documents (docs/documents-api.md): their list and create are documents.routes.ts' (a record's documents, the
// upload); attach and detach are actions without a link (offered from the record's documents panel). Restoring an
// archived document must not give one of its records two live documents with the same file name (the rule an
// upload checks), so such a restore is a 422 and nothing is restored.
import { sql } from 'drizzle-orm';
import { action, type ModelBehaviour } from '../crud/model-behaviour';
import { rowsOf } from '../crud/table';
import { fieldError } from '../http-error';
import { recordRefSchema } from '../documents/upload-fields';
import { linkDocument, unlinkDocument } from '../documents/document.service';

export const document: ModelBehaviour = {
  hooks: {
    afterArchive: async (h, uuids, archived) => {
      if (archived || uuids.length === 0) return;
      const list = sql.join(
        uuids.map((u) => sql`${u}`),
        sql`, `,
      );
      const clash = await h.db.execute(sql`
        select 1 as hit from document_links l
        join documents d on d.uuid = l.document_uuid
        join document_links o on o.model_name = l.model_name and o.model_uuid = l.model_uuid
          and o.document_uuid <> l.document_uuid
        join documents od on od.uuid = o.document_uuid and od.deleted_at is null and od.archived_at is null
        where l.document_uuid in (${list}) and lower(od.original_filename) = lower(d.original_filename)
        limit 1`);
      if (rowsOf(clash).length) throw fieldError('original_filename', 'documents.duplicate_name');
    },
  },
  actions: [
    action({ name: 'link', link: false, body: recordRefSchema, run: linkDocument }),
    action({ name: 'unlink', link: false, body: recordRefSchema, run: unlinkDocument }),
  ],
  overrides: ['list', 'create'],
};
