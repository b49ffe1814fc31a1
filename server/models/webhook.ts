// Webhooks (docs/domain/webhooks.md): the address is checked when it is set (http or https, no internal address,
// also after resolving its name), a new webhook gets its signing secret (kept in webhook_secrets, shown once by the
// create's reply and by `rotate-secret`), and switching one on again clears why the server had turned it off. The
// create, the deliveries, the test and the re-send are server/routes/webhooks.routes.ts; the sender is
// server/webhooks/sender.ts.
import { eq } from 'drizzle-orm';
import { action, type ModelBehaviour } from '../crud/model-behaviour';
import { webhookSecrets } from '../db/webhook-schema';
import { fieldError } from '../http-error';
import { audit } from '../audit/writer';
import { addressProblem } from '../webhooks/address';
import { newSecret } from '../webhooks/signature';

/** How long the secret before a rotation still signs. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

export const webhook: ModelBehaviour = {
  hooks: {
    beforeWrite: async (_h, merged, changes, current) => {
      if (!current || 'url' in changes) {
        const problem = await addressProblem(String(merged.url ?? ''));
        if (problem) throw fieldError('url', `validation.webhook_${problem}`);
      }
      // switched on again (by hand): the failures that turned it off are past
      if (current && changes.enabled === true && current.enabled !== true)
        return { failing_since: null, disabled_reason: null };
    },
    afterWrite: async (h, uuid, created) => {
      if (!created) return;
      const given = h.input?.secret;
      await h.db
        .insert(webhookSecrets)
        .values({ webhook_uuid: uuid, secret: typeof given === 'string' ? given : newSecret() });
    },
  },
  overrides: ['create'],
  links: [{ name: 'deliveries' }, { name: 'test' }],
  actions: [
    action({
      name: 'rotate-secret',
      run: async ({ tx, access, uuid, row }) => {
        const secret = newSecret();
        const [old] = await tx.select().from(webhookSecrets).where(eq(webhookSecrets.webhook_uuid, uuid));
        const until = new Date(Date.now() + ROTATION_OVERLAP_MS);
        await tx
          .insert(webhookSecrets)
          .values({ webhook_uuid: uuid, secret, previous_secret: old?.secret ?? null, previous_until: until })
          .onConflictDoUpdate({
            target: webhookSecrets.webhook_uuid,
            set: { secret, previous_secret: old?.secret ?? null, previous_until: until },
          });
        await audit(tx, {
          settings_group_uuid: String(row.settings_group_uuid),
          user_id: access.user.id,
          action: 'webhook.rotate_secret',
          target_type: 'webhook',
          target_uuid: uuid,
          details: { previous_until: until.toISOString() },
          ip: access.ip ?? null,
        });
        return { meta: { secret, previous_until: until.toISOString() } };
      },
    }),
  ],
};
