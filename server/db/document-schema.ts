// Which records a document is attached to (document_links with model_name, model_uuid; docs/documents-api.md). One row
// per document and record; the same document (the same stored file) may be attached to several records, e.g. a ticket
// and the order created from it. The record side has no foreign key: it may be a record of any model.
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { settingsGroups, users } from './schema';
import { document } from './entity-tables';

export const documentLinks = pgTable(
  'document_links',
  {
    document_uuid: uuid('document_uuid')
      .notNull()
      .references(() => document.uuid, { onDelete: 'cascade' }),
    model_name: text('model_name').notNull(),
    model_uuid: uuid('model_uuid').notNull(),
    /** The document's settings group (and the record's): every query on links is scoped by it. */
    settings_group_uuid: uuid('settings_group_uuid')
      .notNull()
      .references(() => settingsGroups.uuid, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.document_uuid, t.model_name, t.model_uuid] }),
    index('document_links_record_idx').on(t.model_name, t.model_uuid),
  ],
);
