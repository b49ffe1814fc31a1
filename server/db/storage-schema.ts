// Stored files in the database (the `postgres` storage backend, docs/documents-api.md "Storage"): one row per file
// with its size and checksum, its bytes in numbered chunks; a staged upload's row has no key until it is committed. A file's chunks belong to that row's `id`, a fresh uuid
// for each write: a file written again under its key gets new chunks, so a reader of the old one never mixes the two.
import {
  bigint,
  customType,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey(),
    /** `documents` or `imports`. */
    area: text('area').notNull(),
    /** Null while the file is staged (an upload not yet committed): no reader finds it. */
    key: uuid('key'),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** SHA-256 of the content, hex. */
    checksum: text('checksum').notNull(),
    chunks: integer('chunks').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stored_files_area_key_idx').on(t.area, t.key)],
);

export const fileChunks = pgTable(
  'file_chunks',
  {
    file_id: uuid('file_id').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.file_id, t.seq] })],
);
