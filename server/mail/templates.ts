// The account e-mails, in the recipient's language: one action link each, text and HTML; worded by the superusers'
// template of the mail in that language when there is one, else the built-in text (docs/domain/email-templates.md,
// "Account mails").
import { translate, type MessageKey } from '../i18n/messages';
import type { Locale } from '../../src/entities/account';
import type { Db } from '../db/client';
import { accountEmailTemplates } from '../db/entity-tables';
import type { Mail } from './mailer';
import { liveTemplateOf, renderTemplate } from './compose';
import { escapeHtml as escape, type AccountMailKey } from '../../src/domain/mail-templates';

/** Who an account mail goes to: the address, the first name the greeting names and the language. */
export interface AccountRecipient {
  email: string;
  name: string;
  locale: Locale;
}

/** The account's owner as an account mail's recipient. */
export const recipientOf = (user: { email: string; first_name: string; locale: string }): AccountRecipient => ({
  email: user.email,
  name: user.first_name,
  locale: user.locale as Locale,
});

/**
 * Each account mail's link, built by the server from the app's address and the link's secret part (a preview puts
 * `…` there): never from a template's text.
 */
export const ACCOUNT_LINKS: Record<
  AccountMailKey,
  (appUrl: string, user: { uuid: string; email: string }, secret: string) => string
> = {
  verify: (appUrl, user, secret) => `${appUrl}/api/v1/email/verify/${user.uuid}/${secret}`,
  reset: (appUrl, user, secret) => `${appUrl}/reset-password?token=${secret}&email=${encodeURIComponent(user.email)}`,
  delete: (appUrl, _user, secret) => `${appUrl}/api/v1/user/delete-request/${secret}`,
  unlock: (appUrl, _user, secret) => `${appUrl}/login?two_factor_unlock=${secret}`,
};

/** The product's built-in text of an account mail. */
export function actionMail(kind: AccountMailKey, to: AccountRecipient, url: string): Mail {
  const t = (key: string, params?: Record<string, string>) => translate(to.locale, key as MessageKey, params);
  const lines = [
    t('mail.greeting', { name: to.name }),
    t(`mail.${kind}.intro`),
    url,
    // the unlock mail follows wrong codes someone typed: not to be ignored (docs/domain/sign-in.md, "Two-factor lock")
    t(kind === 'unlock' ? 'mail.unlock.note' : 'mail.ignore'),
    t('mail.signature'),
  ];
  const html = `<!doctype html><html lang="${to.locale}"><body style="font-family:sans-serif">
<p>${escape(lines[0]!)}</p><p>${escape(lines[1]!)}</p>
<p><a href="${escape(url)}">${escape(t(`mail.${kind}.action`))}</a></p>
<p style="color:#666">${escape(lines[3]!)}</p><p>${escape(lines[4]!)}</p></body></html>`;
  return { to: to.email, subject: t(`mail.${kind}.subject`), text: lines.join('\n\n'), html };
}

/** The values an account mail's template is rendered with: the recipient's first name and the mail's link. */
export const accountValues = (to: Pick<AccountRecipient, 'name'>, url: string) => ({ name: to.name, link: url });

/** An account mail as it is sent: the template of the mail in the recipient's language, else the built-in text. */
export async function accountMail(db: Db, kind: AccountMailKey, to: AccountRecipient, url: string): Promise<Mail> {
  const builtIn = actionMail(kind, to, url);
  const template = await liveTemplateOf(db, accountEmailTemplates, kind, to.locale);
  return template ? { ...builtIn, ...renderTemplate(template, to.locale, accountValues(to, url)) } : builtIn;
}
