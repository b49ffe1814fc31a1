// The mail that a webhook was turned off (docs/domain/webhooks.md, "Deliveries"): to each admin of its settings
// group, in their language, after the transaction that turned it off committed; a mail that cannot be sent is
// logged by the mailer and changes nothing.
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { settingsGroupMembers, settingsGroups, users } from '../db/schema';
import { translate, type MessageKey } from '../i18n/messages';
import { mailLocale } from '../mail/order-mail';
import { senderOf } from '../mail/sender';
import { escapeHtml as escape } from '../../src/domain/mail-templates';

export async function webhookOffMails(ctx: AppContext, hook: { settings_group_uuid: string; url: string }) {
  const admins = await ctx.db
    .select({ email: users.email, first: users.first_name, locale: users.locale, group: settingsGroups.name })
    .from(settingsGroupMembers)
    .innerJoin(users, eq(users.id, settingsGroupMembers.user_id))
    .innerJoin(settingsGroups, eq(settingsGroups.uuid, settingsGroupMembers.settings_group_uuid))
    .where(
      and(
        eq(settingsGroupMembers.settings_group_uuid, hook.settings_group_uuid),
        eq(settingsGroupMembers.role, 'admin'),
      ),
    );
  const sender = await senderOf(ctx.db, hook.settings_group_uuid);
  const link = `${ctx.config.appUrl}/settings/connectors`;
  for (const admin of admins) {
    const locale = mailLocale(admin.locale);
    const t = (key: string) =>
      translate(locale, key as MessageKey, { name: admin.first, url: hook.url, group: admin.group ?? '' });
    const lines = [t('mail.greeting'), t('mail.webhook_off.intro'), link, t('mail.signature')];
    const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">
<p>${escape(lines[0]!)}</p><p>${escape(lines[1]!)}</p>
<p><a href="${escape(link)}">${escape(t('mail.webhook_off.action'))}</a></p><p>${escape(lines[3]!)}</p></body></html>`;
    try {
      await ctx.mailer.send({
        to: admin.email,
        subject: t('mail.webhook_off.subject'),
        text: lines.join('\n\n'),
        html,
        ...sender,
      });
    } catch {
      // the webhook stays off either way; the page shows why
    }
  }
}
