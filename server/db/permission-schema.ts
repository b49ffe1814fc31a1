// Tables of who may do what in a settings group (docs/domain/permissions.md): user groups and their members,
// permission groups (rights per model) and the user groups they apply to, stored filters and access rules, the
// user groups of properties (restricted access), the audit log, property deletion requests and who read which
// system notification (delegations, networks, licenses and system notifications are models: src/entities).
import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { settingsGroups, users } from './schema';
import { systemNotification, userGroups } from './entity-tables';

const now = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' }).notNull().defaultNow();

// User groups, permission groups, stored filters and access rules are models of the engine
// (src/entities/administration.ts; their tables in server/db/entity-tables.ts).

/**
 * What the access rules of one model in one settings group match, compiled (docs/domain/permissions.md, "Access
 * rules"): a statement over one row (`$1`) answering the uuids of the rules whose filters match it, or null. The
 * trigger on the model's table runs it on every insert and update; no row: no rule on that model there.
 */
export const accessRuleChecks = pgTable(
  'access_rule_checks',
  {
    settings_group_uuid: uuid('settings_group_uuid')
      .notNull()
      .references(() => settingsGroups.uuid, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    statement: text('statement').notNull(),
  },
  (t) => [primaryKey({ columns: [t.settings_group_uuid, t.model] })],
);

/** Restricted access (a settings group flag): the user groups that see a property and everything under it. */
export const propertyUserGroups = pgTable(
  'property_user_groups',
  {
    property_uuid: uuid('property_uuid').notNull(),
    user_group_uuid: uuid('user_group_uuid')
      .notNull()
      .references(() => userGroups.uuid, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.property_uuid, t.user_group_uuid] }),
    index('property_user_groups_ug_idx').on(t.user_group_uuid),
  ],
);

// ---- networks, audit log, licenses, property deletion, delegation, system notifications read ----

// networks and licenses are models of the records engine (src/entities/network.ts, license.ts; their tables in
// entity-tables.ts)

/** What admins did (docs/domain/permissions.md, "Audit log"): who, when, what, from which address. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for a change of a global model's record (no settings group; docs/domain/permissions.md, "Audit log"). */
    settings_group_uuid: uuid('settings_group_uuid').references(() => settingsGroups.uuid, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    target_type: text('target_type'),
    target_uuid: text('target_uuid'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    created_at: now('created_at'),
  },
  (t) => [
    index('audit_log_sg_created_idx').on(t.settings_group_uuid, t.created_at),
    // a record's history (the History panel) and the log filtered by record
    index('audit_log_target_idx').on(t.target_uuid, t.id),
  ],
);

/** A request to delete a property and everything under it: confirmed by mail, then done at once or when the
 * property's license runs out (docs/domain/permissions.md, "Property deletion"). */
export const propertyDeleteRequests = pgTable(
  'property_delete_requests',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    settings_group_uuid: uuid('settings_group_uuid')
      .notNull()
      .references(() => settingsGroups.uuid, { onDelete: 'cascade' }),
    property_uuid: uuid('property_uuid').notNull(),
    requested_by: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    token_hash: text('token_hash').notNull(),
    /** pending (awaiting the mail's confirmation) → scheduled → done; withdrawn until done. */
    status: text('status').notNull().default('pending'),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    /** The day it is done (the license's end, or the confirmation day). */
    delete_on: date('delete_on', { mode: 'string' }),
    done_at: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    created_at: now('created_at'),
  },
  (t) => [
    uniqueIndex('property_delete_requests_token_unique').on(t.token_hash),
    index('property_delete_requests_property_idx').on(t.property_uuid),
  ],
);

// Delegations are a model of the records engine (src/entities/delegation.ts; its table in server/db/entity-tables.ts).

/** Who marked which system notification read (docs/domain/notifications.md, "System notifications"). */
export const systemNotificationViews = pgTable(
  'system_notification_views',
  {
    notification_uuid: uuid('notification_uuid')
      .notNull()
      .references(() => systemNotification.uuid, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewed_at: now('viewed_at'),
  },
  (t) => [primaryKey({ columns: [t.notification_uuid, t.user_id] })],
);
