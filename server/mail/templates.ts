// The account e-mails, in the recipient's language: one action link each, text and HTML.
import { translate, type MessageKey } from '../i18n/messages';
import type { Locale } from '../../src/entities/account';
import type { Mail } from './mailer';
import { escapeHtml as escape } from '../../src/domain/mail-templates';

export function actionMail(
  kind: 'verify' | 'reset' | 'delete' | 'unlock',
  to: { email: string; name: string; locale: Locale },
  url: string,
): Mail {
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
