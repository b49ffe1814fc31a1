// The run log of scheduled exports beside their engine model (docs/domain/scheduled-exports.md, "Runs"): one line per
// run, with its file kept 30 days in the `exports` store (server/storage). A log, not a model: docs/decisions.md,
// "Scheduled exports".
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const scheduledExportRuns = pgTable(
  'scheduled_export_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scheduled_export_uuid: uuid('scheduled_export_uuid').notNull(),
    settings_group_uuid: uuid('settings_group_uuid').notNull(),
    /** `schedule` (the job at its slot) or `manual` (Run now). */
    trigger: text('trigger').notNull(),
    /** `running`, `done` or `failed`. */
    status: text('status').notNull().default('running'),
    started_at: stamp('started_at').notNull().defaultNow(),
    finished_at: stamp('finished_at'),
    row_count: integer('row_count'),
    file_size: bigint('file_size', { mode: 'number' }),
    /** The file's key in the `exports` store; null once purged (or when none was written). */
    file_key: uuid('file_key'),
    file_name: text('file_name'),
    expires_at: stamp('expires_at'),
    /** Why it failed: a code (src/entities/scheduled-export.ts, `EXPORT_ERRORS`). */
    error: text('error'),
    /** How many recipients were mailed. */
    mailed: integer('mailed').notNull().default(0),
  },
  (t) => [
    index('scheduled_export_runs_export_idx').on(t.scheduled_export_uuid, t.started_at),
    index('scheduled_export_runs_expires_idx').on(t.expires_at),
  ],
);
