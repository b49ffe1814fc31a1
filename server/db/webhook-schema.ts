// The tables of outgoing webhooks beside their engine model (docs/domain/webhooks.md): each webhook's signing secrets,
// kept out of the record so that no read of it shows them, and the delivery queue and log, written by the record
// tables' triggers in the change's own transaction (docs/decisions.md, "Webhook deliveries as an outbox").
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const webhookSecrets = pgTable('webhook_secrets', {
  webhook_uuid: uuid('webhook_uuid').primaryKey(),
  /** `whsec_` and the base64 of 24 random bytes (the Standard Webhooks form). */
  secret: text('secret').notNull(),
  /** The secret before the last rotation, signing too until `previous_until`. */
  previous_secret: text('previous_secret'),
  previous_until: stamp('previous_until'),
});

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhook_uuid: uuid('webhook_uuid').notNull(),
    settings_group_uuid: uuid('settings_group_uuid').notNull(),
    /** `webhook-id`: the same on every attempt of the message. */
    message_id: text('message_id').notNull(),
    event: text('event').notNull(),
    /** The body sent, as JSON: `{type, timestamp, data}`. */
    payload: jsonb('payload').notNull(),
    /** `pending` (queued or waiting to be retried), `delivered`, `failed` (retried for 24 hours in vain). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    created_at: stamp('created_at').notNull().defaultNow(),
    next_attempt_at: stamp('next_attempt_at').notNull().defaultNow(),
    /** A sender has it until then (a sender that stopped midway leaves it to the next one afterwards). */
    locked_until: stamp('locked_until'),
    delivered_at: stamp('delivered_at'),
    response_status: integer('response_status'),
    duration_ms: integer('duration_ms'),
    response_excerpt: text('response_excerpt'),
    error: text('error'),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.next_attempt_at)
      .where(sql`status = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.webhook_uuid, t.id),
  ],
);
