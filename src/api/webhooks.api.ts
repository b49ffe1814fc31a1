// Outgoing webhooks of a settings group (docs/domain/webhooks.md): the admins' calls of the connectors page. The
// create and `rotate-secret` replies carry the secret in `meta`, the only time it is shown.
import type { WebhookDelivery } from '../entities/webhook';
import { http, requestEnvelope } from './http';

export type { WebhookDelivery };

export interface Webhook {
  uuid: string;
  settings_group_uuid: string;
  url: string;
  description: string | null;
  events: string[];
  enabled: boolean;
  failing_since: string | null;
  disabled_reason: string | null;
  updated_at: string;
}

export interface WebhookInput {
  url: string;
  description: string | null;
  events: string[];
}

export const webhookKeys = {
  list: (sg: string) => ['webhooks', sg] as const,
  deliveries: (uuid: string) => ['webhooks', 'deliveries', uuid] as const,
};

export const fetchWebhooks = (sg: string) =>
  http.get<Webhook[]>('webhooks', { query: { settings_group_uuid: sg, per_page: 200 } });

export const createWebhook = async (sg: string, input: WebhookInput) => {
  const reply = await requestEnvelope<Webhook, { secret: string }>('webhooks', {
    method: 'POST',
    body: { settings_group_uuid: sg, ...input },
  });
  return { webhook: reply.data, secret: reply.meta!.secret };
};

export const updateWebhook = (uuid: string, changes: Partial<WebhookInput> & { enabled?: boolean }) =>
  http.patch<Webhook>(`webhooks/${uuid}`, changes);

export const deleteWebhook = (uuid: string) => http.delete<unknown>(`webhooks/${uuid}`);

export const rotateSecret = async (uuid: string) => {
  const reply = await requestEnvelope<Webhook, { secret: string }>(`webhooks/${uuid}/rotate-secret`, {
    method: 'POST',
  });
  return reply.meta!.secret;
};

export const fetchDeliveries = (uuid: string) => http.get<WebhookDelivery[]>(`webhooks/${uuid}/deliveries`);

export const sendTest = (uuid: string) => http.post<WebhookDelivery>(`webhooks/${uuid}/test`);

export const resendDelivery = (uuid: string, id: number) =>
  http.post<WebhookDelivery>(`webhooks/${uuid}/deliveries/${id}/resend`);
