// The account contract shared by the API (request/response schemas) and the browser app (types, forms).
// Data only: zod schemas and constants, no I/O.
import { z } from 'zod';
import { splitFullName, type PersonName } from '../domain/person-name';
import { freeJsonObject } from './json';
import { REMINDER_DAYS } from '../domain/guarantee-dates';

export const LOCALES = ['en-us', 'de', 'de-ch'] as const;
export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;
export const DEFAULT_LOCALE: Locale = 'en-us';

export const GENDERS = ['male', 'female', 'gender_neutral'] as const;
export const genderSchema = z.enum(GENDERS);

/** Date format tokens as stored (spec: DD and YYYY are shown as dd and yyyy). */
export const DATE_FORMATS = ['DD.MM.YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD/MM/YYYY'] as const;
export const dateFormatSchema = z.enum(DATE_FORMATS);
export const DEFAULT_DATE_FORMAT: Record<Locale, (typeof DATE_FORMATS)[number]> = {
  'en-us': 'MM/DD/YYYY',
  de: 'DD.MM.YYYY',
  'de-ch': 'DD.MM.YYYY',
};

/** The current terms version; users accept each version once (PUT /user/terms). */
export const TERMS_VERSION = '2026-11';

export const ROLES = ['admin', 'user'] as const;
export const roleSchema = z.enum(ROLES);

const email = z.email().max(254);
const password = z.string().min(8).max(200);
const name = z.string().trim().min(1).max(100);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

// ---- requests ----
export const loginBody = z.strictObject({
  email: z.string().max(254),
  password: z.string().max(200),
  remember: z.boolean().optional(),
});
export const twoFactorChallengeBody = z.union([
  z.strictObject({ code: z.string().max(20) }),
  z.strictObject({ recovery_code: z.string().max(40) }),
]);
const fullName = z.string().trim().min(1).max(201);
/**
 * Registration takes the app's form (first_name and last_name) or Fortify's (one `name`, split by splitFullName);
 * exactly one of the two, checked together with every other field so one 422 names all that is wrong.
 */
export const registerBody = z
  .strictObject({
    first_name: name.optional(),
    last_name: name.optional(),
    name: fullName.optional(),
    email,
    password,
    password_confirmation: z.string().max(200),
    organisation: optionalText(200),
    locale: localeSchema.optional(),
    terms: z.literal(true),
  })
  .superRefine(
    (body, ctx) => {
      const issue = (path: string, message: string, params?: Record<string, number>) =>
        ctx.addIssue({ code: 'custom', path: [path], message, params, input: body });
      const has = (key: string) => (body as Record<string, unknown>)[key] !== undefined;
      if (!has('name')) {
        if (!has('first_name')) issue('first_name', 'errors.required');
        if (!has('last_name')) issue('last_name', 'errors.required');
        return;
      }
      if (has('first_name') || has('last_name')) return issue('name', 'errors.name_or_parts');
      const valid = fullName.safeParse(body.name);
      if (!valid.success) return; // reported by the field itself
      const split = splitFullName(valid.data);
      if (!split) return issue('name', 'errors.full_name');
      if (split.first_name.length > 100 || split.last_name.length > 100)
        issue('name', 'errors.max_string', { max: 100 });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
/** The first and last name of a valid registration, whichever form it came in. */
export const registrationName = (body: z.infer<typeof registerBody>): PersonName =>
  body.name !== undefined ? splitFullName(body.name)! : { first_name: body.first_name!, last_name: body.last_name! };
export const forgotPasswordBody = z.strictObject({ email: z.string().max(254) });
export const resetPasswordBody = z.strictObject({
  token: z.string().min(1).max(200),
  email: z.string().max(254),
  password,
  password_confirmation: z.string().max(200),
});
export const updatePasswordBody = z.strictObject({
  current_password: z.string().max(200),
  password,
  password_confirmation: z.string().max(200),
});
export const confirmPasswordBody = z.strictObject({ password: z.string().max(200) });
export const profileBody = z.strictObject({
  first_name: name,
  last_name: name,
  email,
  organisation: optionalText(200),
  gender: genderSchema.nullable().optional(),
  locale: localeSchema,
  date_format: dateFormatSchema,
});
export const codeBody = z.strictObject({ code: z.string().max(20) });
export const termsBody = z.strictObject({ version: z.string().min(1).max(40) });
export const tokenCreateBody = z.strictObject({
  email: z.string().max(254),
  password: z.string().max(200),
  device_name: z.string().trim().min(1).max(100),
  /** The second factor of an account that has one: a current code or a recovery code (which is then spent). */
  code: z.string().max(20).optional(),
  recovery_code: z.string().max(40).optional(),
});
export const apiTokenCreateBody = z.strictObject({ name: z.string().trim().min(1).max(100) });

// ---- replies ----
export const invitationSchema = z.object({
  uuid: z.string(),
  settings_group_uuid: z.string(),
  settings_group_name: z.string(),
  role: roleSchema,
  status: z.enum(['sent', 'accepted', 'refused']),
  expires_at: z.string(),
  created_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const settingsGroupSlim = z.object({
  uuid: z.string(),
  name: z.string(),
  role: roleSchema,
});
export type SettingsGroupSlim = z.infer<typeof settingsGroupSlim>;

export const localeSettingsSchema = z.object({
  active: z.array(localeSchema).min(1),
  mandatory: z.array(localeSchema),
});
export const CURRENCIES = ['CHF', 'EUR', 'USD'] as const;
/** Days before a guarantee's end date its reminders go out: each 1…3650, at most 5 stages, none twice
 * (docs/domain/mail-and-jobs.md, "Guarantee reminders"). */
export const guaranteeReminderDaysSchema = z
  .array(z.number().int().min(REMINDER_DAYS.min).max(REMINDER_DAYS.max))
  .max(REMINDER_DAYS.maxStages)
  .refine((days) => new Set(days).size === days.length, 'errors.distinct');
export const settingsGroupBody = z.strictObject({
  name: z.string().trim().min(1).max(120),
  locale_settings: localeSettingsSchema.optional(),
  currency: z.enum(CURRENCIES).optional(),
});
export const settingsGroupUpdateBody = z.strictObject({
  name: z.string().trim().min(1).max(120).optional(),
  locale_settings: localeSettingsSchema.optional(),
  currency: z.enum(CURRENCIES).optional(),
  enforce_two_factor: z.boolean().optional(),
  /** Members (not admins) see only the properties of their user groups (docs/domain/permissions.md). */
  restricted_access: z.boolean().optional(),
  guarantee_reminder_days: guaranteeReminderDaysSchema.optional(),
  /** When not empty, invitations go only to these domains (docs/domain/permissions.md, "Invitations"). */
  allowed_email_domains: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'errors.domain'),
    )
    .max(50)
    .optional(),
});
export const settingsGroupSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  locale_settings: localeSettingsSchema,
  enforce_two_factor: z.boolean(),
  restricted_access: z.boolean(),
  currency: z.string(),
  guarantee_reminder_days: z.array(z.number().int()),
  allowed_email_domains: z.array(z.string()),
  role: roleSchema,
  member_count: z.number().int(),
  created_at: z.string(),
  links: z.record(z.string(), z.string()),
});
export type SettingsGroup = z.infer<typeof settingsGroupSchema>;

export const userSchema = z.object({
  uuid: z.string(),
  email: z.string(),
  email_verified_at: z.string().nullable(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  organisation: z.string().nullable(),
  gender: genderSchema.nullable(),
  locale: localeSchema,
  date_format: dateFormatSchema,
  settings: z.object({ locale: localeSchema, date_format: dateFormatSchema }),
  terms_accepted: z.boolean(),
  terms_accepted_at: z.string().nullable(),
  terms_version: z.string(),
  is_superuser: z.boolean(),
  is_partner: z.boolean(),
  is_internal: z.boolean(),
  image: z.string().nullable(),
  attributes: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  last_login: z.string().nullable(),
  has_settings_groups: z.boolean(),
  settings_group_count: z.number().int(),
  default_settings_group: settingsGroupSlim.nullable(),
  two_factor_enabled: z.boolean(),
  two_factor_confirmed: z.boolean(),
  date_to_delete: z.string().nullable(),
  invitations: z.array(invitationSchema),
  acl: z.object({
    settings_groups: z.record(z.string(), roleSchema),
    system_notifications: z.array(z.enum(['view', 'create', 'update', 'delete'])),
    /** Per settings group, the models switched off there (docs/domain/fields.md, "Model settings"). */
    disabled_models: z.record(z.string(), z.array(z.string())),
  }),
  needs_attention: z.boolean(),
  links: z.record(z.string(), z.string()),
});
export type User = z.infer<typeof userSchema>;

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

// ---- system notifications (docs/domain/notifications.md, "System notifications") ----
export const NOTIFICATION_TYPES = ['info', 'warning', 'maintenance', 'release'] as const;
/** The text of a system notification per language: at least one. */
export const notificationTranslations = z
  .partialRecord(localeSchema, z.strictObject({ title: z.string().trim().min(1).max(200), body: z.string().max(5000) }))
  .refine((t) => Object.keys(t).length > 0, 'errors.translation_required');
/** A system notification as the published list gives it (the model: src/entities/system-notification.ts), with the
 * reader's `viewed`. */
export const systemNotificationSchema = z.object({
  uuid: z.string(),
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  publish_at: z.string(),
  publish_until: z.string().nullable(),
  translations: z.record(z.string(), z.object({ title: z.string(), body: z.string() })),
  viewed: z.boolean(),
  links: z.record(z.string(), z.string()),
});
export type SystemNotification = z.infer<typeof systemNotificationSchema>;

export const messageReply = z.object({ message: z.string() });

// ---- per-device preferences (docs/domain/preferences.md, "Preferences and views") ----
export const deviceSchema = z.string().regex(/^[\w .-]{1,40}:(mobile|desktop)$/, 'errors.device');
/** The shape of a table name; the server also checks it names a model (`knownTableName` in the registry). */
export const tableNameSchema = z.string().regex(/^[a-z0-9_-]{1,60}$/, 'errors.table_name');
export const VIEWS = ['grid', 'calendar', 'map', 'chart'] as const;
export const tableSettingsSchema = z.strictObject({
  sort_by: z.string().max(60).nullable().optional(),
  sort_descending: z.boolean().optional(),
  /** Visible columns in display order, comma-separated. */
  visible_columns: z.string().max(4000).optional(),
  rows_per_page: z.number().int().min(10).max(500).optional(),
  view: z.enum(VIEWS).optional(),
  status_limiter: z.enum(['active', 'inactive', 'all']).optional(),
  column_widths: z.record(z.string().max(60), z.number().int().min(20).max(2000)).optional(),
  pinned: z.record(z.string().max(60), z.enum(['left', 'right'])).optional(),
  filters: freeJsonObject().optional(),
  search: z.string().max(200).optional(),
});
export type TableSettings = z.infer<typeof tableSettingsSchema>;
export const modelViewBody = z.strictObject({ view: z.enum(VIEWS) });

// ---- saved grid views (docs/domain/preferences.md, "Saved views") ----
/** What a view saves: the table's query, not its layout. */
export const gridViewQuerySchema = z.strictObject({
  sort_by: z.string().max(60).nullable().optional(),
  sort_descending: z.boolean().optional(),
  status_limiter: z.enum(['active', 'inactive', 'all']).optional(),
  filters: freeJsonObject().optional(),
  search: z.string().max(200).optional(),
});
export type GridViewQuery = z.infer<typeof gridViewQuerySchema>;
// A saved view's body and rules are its model's (src/entities/grid-view.ts); its reply as the views menu reads it:
export const gridViewSchema = z.object({
  uuid: z.string(),
  table_name: z.string(),
  settings_group_uuid: z.string(),
  name: z.string(),
  shared: z.boolean(),
  owner_name: z.string(),
  mine: z.boolean(),
  query: gridViewQuerySchema,
  updated_at: z.string(),
  links: z.record(z.string(), z.string()),
});
export type GridView = z.infer<typeof gridViewSchema>;
