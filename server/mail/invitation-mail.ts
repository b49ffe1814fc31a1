// The invitation to a settings group (docs/domain/permissions.md, "Invitations"), in the inviting admin's language
// (the invitee has none yet), with the personal link that opens the app to accept it.
import { translate, type MessageParams } from '../i18n/messages';
import type { TemplatedMail } from './compose';
import { mailDate } from './compose';
import { mailLocale } from './order-mail';
import { escapeHtml as escape } from '../../src/domain/mail-templates';

export function invitationMail(
  to: string,
  from: { name: string; locale: unknown; dateFormat: string },
  group: string,
  expires: string,
  url: string,
): TemplatedMail {
  const locale = mailLocale(from.locale);
  const t = (key: Parameters<typeof translate>[1], params: MessageParams = {}) =>
    translate(locale, key, { group, inviter: from.name, date: expires, dateFormat: from.dateFormat, ...params });
  const lines = [t('mail.invitation.intro'), url, t('mail.invitation.note'), t('mail.signature')];
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">
<p>${escape(lines[0]!)}</p><p><a href="${escape(url)}">${escape(t('mail.invitation.action'))}</a></p>
<p style="color:#666">${escape(lines[2]!)}</p><p>${escape(lines[3]!)}</p></body></html>`;
  return {
    to,
    subject: t('mail.invitation.subject'),
    text: lines.join('\n\n'),
    html,
    templating: {
      mail: 'invitation',
      locale,
      values: { group, inviter: from.name, date: mailDate(locale, expires, from.dateFormat), link: url },
    },
  };
}
