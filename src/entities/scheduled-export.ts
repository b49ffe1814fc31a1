// Scheduled exports (docs/domain/scheduled-exports.md): a saved view (src/entities/grid-view.ts) the server exports
// as xlsx daily, weekly or monthly, in its owner's scope and rights, kept 30 days for download and mailed to the
// members it names. A user's own row (scope `user`) that the settings group's admins see too (what leaves the
// workspace by mail is theirs to know); its owner and the admins change it, nobody else sees it. What happens on write and when it runs is server/models/scheduled-export.ts; each run is a line of
// a log, not a record (docs/decisions.md, "Scheduled exports").
import { z } from 'zod';
import { defineEntity } from './define';
import { f } from './fields';

export const EXPORT_SCHEDULES = ['daily', 'weekly', 'monthly'] as const;
export type ExportSchedule = (typeof EXPORT_SCHEDULES)[number];
export const SCHEDULED_EXPORT_FORMATS = ['xlsx'] as const;
/** How many members one schedule may mail. */
export const MAX_EXPORT_RECIPIENTS = 50;
/** How long a run's file is kept for download (days). */
export const EXPORT_FILE_DAYS = 30;

/** The recipients: members of the schedule's settings group by user uuid, none twice (the server checks they are
 * members, `recipients.N`). */
export const exportRecipientsSchema = z
  .array(z.uuid())
  .max(MAX_EXPORT_RECIPIENTS)
  .refine((list) => new Set(list.map((u) => u.toLowerCase())).size === list.length, 'errors.distinct');

export const scheduledExport = defineEntity({
  name: 'scheduled_export',
  plural: 'scheduled-exports',
  titleField: 'name',
  scope: 'user',
  sharing: { admins: true },
  audit: true,
  fields: {
    /** The owner's words for it; the page shows the view's name when empty. */
    name: f.text({ max: 120, searchable: true }),
    /** The saved view exported: the owner's own or a shared one of the settings group. */
    grid_view_uuid: f.ref('grid_view', { required: true }),
    format: f.enum(SCHEDULED_EXPORT_FORMATS, { default: 'xlsx' }),
    schedule: f.enum(EXPORT_SCHEDULES, { required: true }),
    /** Members who get each run's file by mail (user uuids); none: the file is only kept for download. */
    recipients: f.json('scheduled_export_recipients', { default: [], hidden: false }),
    /** The next slot the job runs it at (UTC; src/domain/export-schedule.ts), set by the server. */
    next_run_at: f.datetime({ readOnly: true }),
    /** Read with the record (server/models/scheduled-export.ts): the view's name and table, the last run. */
    view_name: f.text({ computed: true, virtual: true }),
    table_name: f.text({ computed: true, virtual: true }),
    last_run_at: f.datetime({ computed: true, virtual: true }),
    last_status: f.enum(['running', 'done', 'failed'], { computed: true, virtual: true }),
  },
  defaultSort: { field: 'name' },
  indexes: [['grid_view_uuid']],
});

/** A run as the runs list gives it (`GET /scheduled-exports/{uuid}/runs`), newest first. */
export const exportRunSchema = z.object({
  id: z.number().int(),
  /** `schedule`: the job at its slot; `manual`: Run now. */
  trigger: z.enum(['schedule', 'manual']),
  status: z.enum(['running', 'done', 'failed']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  row_count: z.number().int().nullable(),
  file_size: z.number().int().nullable(),
  file_name: z.string().nullable(),
  /** Until when the file can be downloaded (null: none kept). */
  expires_at: z.string().nullable(),
  /** Why it failed: a code the page and the mail translate (`scheduledExports.errors.<code>`). */
  error: z.string().nullable(),
  /** How many recipients were mailed. */
  mailed: z.number().int(),
  links: z.record(z.string(), z.string()),
});
export type ExportRun = z.infer<typeof exportRunSchema>;

/** Why a run failed (the `error` of a run; `mail`: the file was made, but not every recipient could be mailed). */
export const EXPORT_ERRORS = [
  'view_missing',
  'no_right',
  'query',
  'owner_missing',
  'storage',
  'failed',
  'mail',
] as const;
export type ExportError = (typeof EXPORT_ERRORS)[number];
