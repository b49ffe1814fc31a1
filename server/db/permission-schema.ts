// Tables of who may do what in a settings group (docs/domain/permissions.md): user groups and their members,
// permission groups (rights per model) and the user groups they apply to, stored filters and access rules, the
// user groups of properties (restricted access), networks, the audit log, licenses, property deletion requests
// and delegations.
import { sql } from 'drizzle-orm';
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
import type { Rights } from '../../src/entities/permissions';
import { settingsGroups, users } from './schema';

const now = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const userGroups = pgTable(
  'user_groups',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    settings_group_uuid: uuid('settings_group_uuid')
      .notNull()
      .references(() => settingsGroups.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    created_at: now('created_at'),
    updated_at: now('updated_at'),
  },
  (t) => [uniqueIndex('user_groups_name_unique').on(t.settings_group_uuid, sql`lower(${t.name})`)],
);

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    user_group_uuid: uuid('user_group_uuid')
      .notNull()
      .references(() => userGroups.uuid, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_group_uuid, t.user_id] }), index('user_group_members_user_idx').on(t.user_id)],
);

export const permissionGroups = pgTable(
  'permission_groups',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    settings_group_uuid: uuid('settings_group_uuid')
      .notNull()
      .references(() => settingsGroups.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rights: jsonb('rights').$type<Rights>().notNull().default({}),
    created_at: now('created_at'),
    updated_at: now('updated_at'),
  },
  (t) => [
    uniqueIndex('permission_groups_name_unique').on(t.settings_group_uuid, sql`lower(${t.name})`),
    index('permission_groups_sg_idx').on(t.settings_group_uuid),
  ],
);

export const permissionGroupUserGroups = pgTable(
  'permission_group_user_groups',
  {
    permission_group_uuid: uuid('permission_group_uuid')
      .notNull()
      .references(() => permissionGroups.uuid, { onDelete: 'cascade' }),
    user_group_uuid: uuid('user_group_uuid')
      .notNull()
      .references(() => userGroups.uuid, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.permission_group_uuid, t.user_group_uuid] }),
    index('permission_group_user_groups_ug_idx').on(t.user_group_uuid),
  ],
);

// ---- access rules (docs/domain/permissions.md, "Access rules") ----

/** A stored filter of a model: the list query's filter as JSON; reusable by access rules and the grids' views. */
export const filters = pgTable(
  'filters',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    settings_group_uuid: uuid('settings_group_uuid')
      .notNull()
      .references(() => settingsGroups.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    model: text('model').notNull(),
    filter: jsonb('filter').$type<Record<string, unknown>>().notNull().default({}),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: now('created_at'),
    updated_at: now('updated_at'),
  },
  (t) => [index('filters_sg_model_idx').on(t.settings_group_uuid, t.model)],
);

/** A record of `model` matched by the rule's filters (or its own `filter`) is seen only by its user groups and
 * admins. */
export const accessRules = pgTable(
  'access_rules',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    settings_group_uuid: uuid('settings_group_uuid')
      .notNull()
      .references(() => settingsGroups.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    model: text('model').notNull(),
    /** A filter of its own, besides (or instead of) stored filters. */
    filter: jsonb('filter').$type<Record<string, unknown> | null>(),
    created_at: now('created_at'),
    updated_at: now('updated_at'),
  },
  (t) => [index('access_rules_sg_model_idx').on(t.settings_group_uuid, t.model)],
);

export const accessRuleFilters = pgTable(
  'access_rule_filters',
  {
    access_rule_uuid: uuid('access_rule_uuid')
      .notNull()
      .references(() => accessRules.uuid, { onDelete: 'cascade' }),
    filter_uuid: uuid('filter_uuid')
      .notNull()
      .references(() => filters.uuid, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.access_rule_uuid, t.filter_uuid] })],
);

export const accessRuleUserGroups = pgTable(
  'access_rule_user_groups',
  {
    access_rule_uuid: uuid('access_rule_uuid')
      .notNull()
      .references(() => accessRules.uuid, { onDelete: 'cascade' }),
    user_group_uuid: uuid('user_group_uuid')
      .notNull()
      .references(() => userGroups.uuid, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.access_rule_uuid, t.user_group_uuid] })],
);

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

// ---- networks, audit log, licenses, property deletion, delegation ----

/** Allowed and denied address ranges of a settings group (docs/domain/permissions.md, "Networks"). */
export const networks = pgTable(
  'networks',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    settings_group_uuid: uuid('settings_group_uuid')
      .notNull()
      .references(() => settingsGroups.uuid, { onDelete: 'cascade' }),
    /** Normalised CIDR text (network address and prefix), IPv4 or IPv6. */
    cidr: text('cidr').notNull(),
    action: text('action').notNull(),
    description: text('description'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: now('created_at'),
    updated_at: now('updated_at'),
  },
  (t) => [uniqueIndex('networks_sg_cidr_unique').on(t.settings_group_uuid, t.cidr)],
);

/** What admins did (docs/domain/permissions.md, "Audit log"): who, when, what, from which address. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    settings_group_uuid: uuid('settings_group_uuid')
      .notNull()
      .references(() => settingsGroups.uuid, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    target_type: text('target_type'),
    target_uuid: text('target_uuid'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    created_at: now('created_at'),
  },
  (t) => [index('audit_log_sg_created_idx').on(t.settings_group_uuid, t.created_at)],
);

/** A license of a settings group (superusers write them): its holder, period and the properties it covers. */
export const licenses = pgTable(
  'licenses',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    settings_group_uuid: uuid('settings_group_uuid')
      .notNull()
      .references(() => settingsGroups.uuid, { onDelete: 'cascade' }),
    /** The license holder: a contact of the settings group. */
    holder_uuid: uuid('holder_uuid'),
    name: text('name').notNull(),
    valid_from: date('valid_from', { mode: 'string' }).notNull(),
    valid_to: date('valid_to', { mode: 'string' }).notNull(),
    description: text('description'),
    created_at: now('created_at'),
    updated_at: now('updated_at'),
  },
  (t) => [index('licenses_sg_idx').on(t.settings_group_uuid)],
);

export const licenseProperties = pgTable(
  'license_properties',
  {
    license_uuid: uuid('license_uuid')
      .notNull()
      .references(() => licenses.uuid, { onDelete: 'cascade' }),
    property_uuid: uuid('property_uuid').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.license_uuid, t.property_uuid] }),
    index('license_properties_property_idx').on(t.property_uuid),
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

/** A member hands their tickets and tasks to a colleague for a period (docs/domain/permissions.md, "Delegation"). */
export const delegations = pgTable(
  'delegations',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    settings_group_uuid: uuid('settings_group_uuid')
      .notNull()
      .references(() => settingsGroups.uuid, { onDelete: 'cascade' }),
    from_user_id: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    to_user_id: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    valid_from: date('valid_from', { mode: 'string' }).notNull(),
    valid_to: date('valid_to', { mode: 'string' }).notNull(),
    created_at: now('created_at'),
  },
  (t) => [index('delegations_sg_idx').on(t.settings_group_uuid, t.from_user_id)],
);
