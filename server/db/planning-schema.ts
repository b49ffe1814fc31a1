// Tables of the planning modules that are not records of their own: ticket followers, the public token of an
// external order, the secret of a user's calendar feed. Tokens are stored as SHA-256 hashes only
// (docs/domain/sign-in.md, "Tokens").
import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';
import { order, ticket } from './entity-tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const ticketFollowers = pgTable(
  'ticket_followers',
  {
    ticket_uuid: uuid('ticket_uuid')
      .notNull()
      .references(() => ticket.uuid, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ticket_uuid, t.user_id] })],
);

/** The public page token of an order (one live token per order; resetting replaces the hash). */
export const orderTokens = pgTable('order_tokens', {
  order_uuid: uuid('order_uuid')
    .primaryKey()
    .references(() => order.uuid, { onDelete: 'cascade' }),
  token_hash: text('token_hash').notNull().unique(),
  answered_at: ts('answered_at'),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** Public comments and events on an order's page (contractor and staff), shown on the page and to staff. */
export const orderMessages = pgTable('order_messages', {
  uuid: uuid('uuid').primaryKey().defaultRandom(),
  order_uuid: uuid('order_uuid')
    .notNull()
    .references(() => order.uuid, { onDelete: 'cascade' }),
  author: text('author').notNull(),
  body: text('body').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** A user's calendar feed secret: the SHA-256 for lookup and the sealed token so its owner can see the URL. */
export const calendarFeeds = pgTable('calendar_feeds', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token_hash: text('token_hash').notNull().unique(),
  token_sealed: text('token_sealed').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});
