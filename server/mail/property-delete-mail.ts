// The confirmation of a property deletion request (docs/domain/permissions.md, "Property deletion"), to the admin who
// asked for it, in their language: the link opens the app's page that confirms it (a POST from that page, so a mail
// scanner following the link changes nothing).
import { translate, type MessageParams } from '../i18n/messages';
import type { TemplatedMail } from './compose';
import { mailLocale } from './order-mail';
import { escapeHtml as escape } from '../../src/domain/mail-templates';

export function propertyDeleteMail(
  to: { email: string; name: string; locale: unknown },
  property: string,
  group: string,
  url: string,
): TemplatedMail {
  const locale = mailLocale(to.locale);
  const t = (key: Parameters<typeof translate>[1], params: MessageParams = {}) =>
    translate(locale, key, { property, group, name: to.name, ...params });
  const lines = [
    t('mail.greeting'),
    t('mail.property_delete.intro'),
    url,
    t('mail.property_delete.note'),
    t('mail.signature'),
  ];
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">
<p>${escape(lines[0]!)}</p><p>${escape(lines[1]!)}</p>
<p><a href="${escape(url)}">${escape(t('mail.property_delete.action'))}</a></p>
<p style="color:#666">${escape(lines[3]!)}</p><p>${escape(lines[4]!)}</p></body></html>`;
  return {
    to: to.email,
    subject: t('mail.property_delete.subject'),
    text: lines.join('\n\n'),
    html,
    templating: { mail: 'property_delete', locale, values: { name: to.name, property, group, link: url } },
  };
}
