// Tables of who may do what in a settings group (docs/domain/permissions.md): user groups and their members,
// permission groups (rights per model) and the user groups they apply to.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
