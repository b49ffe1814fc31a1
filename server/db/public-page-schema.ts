// A record's public page (docs/domain/public-pages.md): one row per record while its page is enabled, holding the
// fields and attachments an outsider may see and the token's SHA-256 only (docs/domain/sign-in.md, "Tokens").
// Disabling deletes the row, so the token is forgotten. The record side has no foreign key (a record of one of
// several models, as document_links); the public read joins the record and answers 404 when it is archived or deleted.
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { settingsGroups, users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const publicPages = pgTable(
  'public_pages',
  {
    model_name: text('model_name').notNull(),
    model_uuid: uuid('model_uuid').notNull(),
    /** The record's settings group: the page goes with it. */
    settings_group_uuid: uuid('settings_group_uuid')
      .notNull()
      .references(() => settingsGroups.uuid, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    /** The model's field names shown, in this order. */
    fields: jsonb('fields').$type<string[]>().notNull(),
    /** The uuids of the record's documents offered for download. */
    attachments: jsonb('attachments').$type<string[]>().notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updated_at: ts('updated_at').notNull().defaultNow(),
    reset_at: ts('reset_at'),
  },
  (t) => [primaryKey({ columns: [t.model_name, t.model_uuid] })],
);
