// Tables of the account, session and workspace layer. Module records are derived from src/entities
// by the records engine and live in their own schema files.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const now = (name: string) => ts(name).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    email: text('email').notNull(),
    email_verified_at: ts('email_verified_at'),
    password_hash: text('password_hash').notNull(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    organisation: text('organisation'),
    gender: text('gender'),
    locale: text('locale').notNull().default('en-us'),
    date_format: text('date_format').notNull().default('MM/DD/YYYY'),
    terms_version: text('terms_version'),
    terms_accepted_at: ts('terms_accepted_at'),
    is_superuser: boolean('is_superuser').notNull().default(false),
    is_partner: boolean('is_partner').notNull().default(false),
    is_internal: boolean('is_internal').notNull().default(false),
    image: text('image'),
    attributes: jsonb('attributes').notNull().default({}),
    default_settings_group_uuid: uuid('default_settings_group_uuid'),
    /** AES-GCM sealed TOTP secret; null while 2FA is off. */
    two_factor_secret: text('two_factor_secret'),
    /** AES-GCM sealed JSON array of recovery codes. */
    two_factor_recovery_codes: text('two_factor_recovery_codes'),
    two_factor_confirmed_at: ts('two_factor_confirmed_at'),
    /** Last accepted TOTP time step: a code is accepted once. */
    two_factor_last_step: integer('two_factor_last_step'),
    date_to_delete: ts('date_to_delete'),
    last_login: ts('last_login'),
    created_at: now('created_at'),
    updated_at: now('updated_at'),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`), uniqueIndex('users_uuid_unique').on(t.uuid)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session cookie value; the raw id is never stored. */
    id_hash: text('id_hash').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    xsrf_token: text('xsrf_token').notNull(),
    pending_user_id: integer('pending_user_id').references(() => users.id, { onDelete: 'cascade' }),
    pending_remember: boolean('pending_remember').notNull().default(false),
    remember: boolean('remember').notNull().default(false),
    password_confirmed_at: ts('password_confirmed_at'),
    ip_address: text('ip_address'),
    user_agent: text('user_agent'),
    created_at: now('created_at'),
    last_activity_at: now('last_activity_at'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id), index('sessions_activity_idx').on(t.last_activity_at)],
);

export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    token_hash: text('token_hash').notNull(),
    last_used_at: ts('last_used_at'),
    created_at: now('created_at'),
  },
  (t) => [uniqueIndex('pat_token_unique').on(t.token_hash), index('pat_user_idx').on(t.user_id)],
);

/** One-time tokens: password reset, account deletion confirmation. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    token_hash: text('token_hash').notNull(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
    created_at: now('created_at'),
  },
  (t) => [
    uniqueIndex('user_tokens_hash_unique').on(t.token_hash),
    index('user_tokens_user_idx').on(t.user_id, t.purpose),
  ],
);

export const settingsGroups = pgTable('settings_groups', {
  uuid: uuid('uuid').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  locale_settings: jsonb('locale_settings')
    .$type<{ active: string[]; mandatory: string[] }>()
    .notNull()
    .default({ active: ['en-us', 'de', 'de-ch'], mandatory: ['en-us'] }),
  enforce_two_factor: boolean('enforce_two_factor').notNull().default(false),
  restricted_access: boolean('restricted_access').notNull().default(false),
  /** When not empty, invitations go only to addresses of these domains (docs/domain/permissions.md, "Invitations"). */
  allowed_email_domains: text('allowed_email_domains')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  currency: text('currency').notNull().default('CHF'),
  created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: now('created_at'),
  updated_at: now('updated_at'),
});

/**
 * A model's settings in a settings group (docs/domain/fields.md, "Model settings"): one row per group and model,
 * holding the values set (keys of the model's `settings` block and `enabled`); a key not set reads as its default.
 * Not a record of the engine: keyed by group and model, no uuid, no history (docs/decisions.md, "Model settings").
 */
export const modelSettings = pgTable(
  'model_settings',
  {
    settings_group_uuid: uuid('settings_group_uuid')
      .notNull()
      .references(() => settingsGroups.uuid, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    updated_at: now('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.settings_group_uuid, t.model] })],
);

export const settingsGroupMembers = pgTable(
  'settings_group_members',
  {
    settings_group_uuid: uuid('settings_group_uuid')
      .notNull()
      .references(() => settingsGroups.uuid, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('user'),
    created_at: now('created_at'),
  },
  (t) => [primaryKey({ columns: [t.settings_group_uuid, t.user_id] }), index('sgm_user_idx').on(t.user_id)],
);

export const invitations = pgTable(
  'invitations',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    settings_group_uuid: uuid('settings_group_uuid')
      .notNull()
      .references(() => settingsGroups.uuid, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull().default('user'),
    status: text('status').notNull().default('sent'),
    token_hash: text('token_hash').notNull(),
    expires_at: ts('expires_at').notNull(),
    /** The user groups the invitee joins on accepting (those deleted meanwhile are left out). */
    user_group_uuids: uuid('user_group_uuids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** When the mail last went out (sending again renews the token and the expiry). */
    sent_at: ts('sent_at'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: now('created_at'),
  },
  (t) => [
    index('invitations_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('invitations_token_unique').on(t.token_hash),
    index('invitations_sg_idx').on(t.settings_group_uuid),
  ],
);

export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  created_at: now('created_at'),
});

/** Fixed-window counters shared by every server process (login, 2FA, mails). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  window_start: now('window_start'),
});

/** Server secrets generated on first start when not given by the environment (APP_KEY). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: now('created_at'),
});

/** Last run of each scheduled job, so that a daily job runs once a day across processes. */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  last_run_at: ts('last_run_at').notNull(),
  last_result: jsonb('last_result'),
});

/** The reminders a record's job has sent, one row per record and stage key (e.g. a guarantee's end date and days
 * before it), so each goes out once (docs/domain/mail-and-jobs.md, "Guarantee reminders"). */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    record_uuid: uuid('record_uuid').notNull(),
    stage: text('stage').notNull(),
    recipients: integer('recipients').notNull().default(0),
    sent_at: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.record_uuid, t.stage] })],
);

/** Per-user, per-device grid preferences (docs/domain/preferences.md, "Table preferences"). */
export const userTableSettings = pgTable(
  'user_table_settings',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device: text('device').notNull(),
    table_name: text('table_name').notNull(),
    settings: jsonb('settings').notNull(),
    updated_at: now('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.device, t.table_name] })],
);

/** The last view (grid, calendar, map, chart) per model and device. */
export const userModelViews = pgTable(
  'user_model_views',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device: text('device').notNull(),
    model_name: text('model_name').notNull(),
    view: text('view').notNull(),
    updated_at: now('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.device, t.model_name] })],
);

// Saved grid views are a model of the records engine (src/entities/grid-view.ts; its table in server/db/entity-tables.ts).

/** An uploaded import file and its job (docs/spreadsheet-api.md). Visible to its uploader only. */
export const imports = pgTable(
  'imports',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    file_name: text('file_name').notNull(),
    file_kind: text('file_kind').notNull(),
    file_hash: text('file_hash').notNull(),
    file_size: integer('file_size').notNull(),
    storage_key: text('storage_key').notNull(),
    sheets: jsonb('sheets').notNull(),
    /** uploaded | validated | queued | running | done | failed | cancelled | undone */
    status: text('status').notNull().default('uploaded'),
    /** The validate/run body: sheet, header_row, mapping, mode, match_key, fixes, settings_group_uuid. */
    options: jsonb('options'),
    settings_group_uuid: uuid('settings_group_uuid'),
    idempotency_key: text('idempotency_key'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    /** The last spreadsheet row number written (resume point after a crash). */
    last_row: integer('last_row').notNull().default(0),
    counts: jsonb('counts').notNull().default({}),
    cancel_requested: boolean('cancel_requested').notNull().default(false),
    lease_until: ts('lease_until'),
    error: text('error'),
    created_at: now('created_at'),
    updated_at: now('updated_at'),
    finished_at: ts('finished_at'),
  },
  (t) => [
    index('imports_user').on(t.user_id, t.created_at),
    uniqueIndex('imports_idempotency')
      .on(t.user_id, t.file_hash, t.idempotency_key)
      .where(sql`idempotency_key is not null`),
  ],
);

/** What an import updated, for undo: the previous values of each updated record. */
export const importRows = pgTable(
  'import_rows',
  {
    import_uuid: uuid('import_uuid')
      .notNull()
      .references(() => imports.uuid, { onDelete: 'cascade' }),
    record_uuid: uuid('record_uuid').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    written_at: ts('written_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.import_uuid, t.record_uuid] })],
);

/**
 * What an import created, for undo: the records of one chunk in one row (keyed by the chunk's first sheet row), so
 * the log costs a row per chunk instead of a row per record.
 */
export const importCreated = pgTable(
  'import_created',
  {
    import_uuid: uuid('import_uuid')
      .notNull()
      .references(() => imports.uuid, { onDelete: 'cascade' }),
    first_row: integer('first_row').notNull(),
    records: uuid('records').array().notNull(),
    written_at: ts('written_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.import_uuid, t.first_row] })],
);

/** Rows of an import that failed validation (the error report), with their cells as read. */
export const importErrors = pgTable(
  'import_errors',
  {
    import_uuid: uuid('import_uuid')
      .notNull()
      .references(() => imports.uuid, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    cells: jsonb('cells').notNull(),
    errors: jsonb('errors').notNull(),
  },
  (t) => [primaryKey({ columns: [t.import_uuid, t.row] })],
);

/** Remembered column matching per table and user: header text → field. */
export const importMappings = pgTable(
  'import_mappings',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    mapping: jsonb('mapping').notNull(),
    updated_at: now('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.model] })],
);

/**
 * An attribute's change of type or options, for undo within 30 days (docs/domain/attributes.md, "Changing the
 * type"): its definition before, the records' values before (record uuid → value), and the attribute the change made
 * to keep the values that did not convert. A log, not a model: nobody lists or edits it (docs/decisions.md).
 */
export const attributeChanges = pgTable(
  'attribute_changes',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    settings_group_uuid: uuid('settings_group_uuid')
      .notNull()
      .references(() => settingsGroups.uuid, { onDelete: 'cascade' }),
    attribute_uuid: uuid('attribute_uuid').notNull(),
    before: jsonb('before').notNull(),
    values: jsonb('values').notNull(),
    kept_attribute_uuid: uuid('kept_attribute_uuid'),
    created_at: now('created_at'),
    created_by: integer('created_by'),
  },
  (t) => [index('attribute_changes_attribute_idx').on(t.attribute_uuid, t.created_at)],
);
