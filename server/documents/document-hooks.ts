// The records engine's steps for documents (server/crud/hooks.ts): restoring an archived document must not give
// one of its records two live documents with the same file name (the rule an upload checks), so such a restore is
// a 422 and nothing is restored.
import { sql } from 'drizzle-orm';
import type { ModelHooks } from '../crud/hooks';
import { rowsOf } from '../crud/read';
import { fieldError } from '../http-error';

export const documentHooks: Record<string, ModelHooks> = {
  document: {
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
};
