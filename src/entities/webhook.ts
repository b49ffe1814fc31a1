// Outgoing webhooks (docs/domain/webhooks.md): a settings group's admins name an address and the record events it
// hears of; the server signs and delivers them (server/webhooks). The secret lives beside the record, never in it:
// it is shown once, when created or rotated.
import { z } from 'zod';
import { RECORD_MODELS } from './administration';
import { defineEntity } from './define';
import { f } from './fields';

/**
 * The models whose records' changes a webhook may hear of: the members' tables of a settings group (a unit test,
 * tests/unit/webhook-events.test.ts, fails when the list disagrees with the registry, and tests/api/webhooks.test.ts
 * when a table lacks its trigger).
 */
export const WEBHOOK_MODELS = RECORD_MODELS;
export type WebhookModel = (typeof WEBHOOK_MODELS)[number];

/** What happens to a record, in the order the page lists them. */
export const WEBHOOK_CHANGES = ['created', 'updated', 'archived', 'restored', 'deleted'] as const;
export type WebhookChange = (typeof WEBHOOK_CHANGES)[number];

/** Every event name a webhook may subscribe to: `<model>.<change>` (`facility.created`). */
export const WEBHOOK_EVENTS: readonly string[] = WEBHOOK_MODELS.flatMap((m) => WEBHOOK_CHANGES.map((c) => `${m}.${c}`));
const KNOWN = new Set(WEBHOOK_EVENTS);

/** The event a test delivery carries (`POST /webhooks/{uuid}/test`); no record change sends it. */
export const TEST_EVENT = 'webhook.test';

/** A webhook's events: known names, none twice, at least one. */
export const webhookEventsSchema = z
  .array(
    z
      .string()
      .max(60)
      .refine((name) => KNOWN.has(name), 'validation.webhook_event'),
  )
  .min(1)
  .max(WEBHOOK_EVENTS.length)
  .refine((list) => new Set(list).size === list.length, 'errors.distinct');

export const webhook = defineEntity({
  name: 'webhook',
  plural: 'webhooks',
  titleField: 'url',
  scope: 'settings_group',
  access: 'admins',
  audit: true,
  fields: {
    /** Where deliveries go: http or https, a public address (server/webhooks/address.ts). */
    url: f.text({ required: true, max: 2000, searchable: true, format: 'http_url' }),
    description: f.text({ max: 200, searchable: true }),
    /** The events it hears of (`WEBHOOK_EVENTS`). */
    events: f.json('webhook_events', { required: true, default: [], hidden: false }),
    /** Off: nothing is queued for it. The server turns it off after three days of failed deliveries. */
    enabled: f.bool({ default: true }),
    /** Since when every delivery failed (null while they succeed); three days of it turn the webhook off. */
    failing_since: f.datetime({ readOnly: true }),
    /** Why the server turned it off (`failing`), null when on or turned off by hand. */
    disabled_reason: f.text({ readOnly: true, max: 40 }),
  },
  defaultSort: { field: 'url' },
});

/** A delivery as the log lists it (`GET /webhooks/{uuid}/deliveries`). */
export interface WebhookDelivery {
  id: number;
  /** The message id (`webhook-id`): the same on every attempt and re-send of one message. */
  message_id: string;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  created_at: string;
  next_attempt_at: string | null;
  delivered_at: string | null;
  /** The last attempt's HTTP status (null: no answer), how long it took, and the start of its answer or error. */
  response_status: number | null;
  duration_ms: number | null;
  response_excerpt: string | null;
  error: string | null;
  payload: unknown;
}
