// The confirmation of a property deletion request (docs/domain/permissions.md, "Property deletion"), to the admin who
// asked for it, in their language: the link opens the app's page that confirms it (a POST from that page, so a mail
// scanner following the link changes nothing).
import { translate, type MessageParams } from '../i18n/messages';
import { builtInBody, type TemplatedMail } from './compose';
import { mailLocale } from './order-mail';

export function propertyDeleteMail(
  to: { email: string; name: string; locale: unknown },
  property: string,
  group: string,
  url: string,
): TemplatedMail {
  const locale = mailLocale(to.locale);
  const t = (key: Parameters<typeof translate>[1], params: MessageParams = {}) =>
    translate(locale, key, { property, group, name: to.name, ...params });
  const body = builtInBody(locale, {
    greeting: t('mail.greeting'),
    intro: t('mail.property_delete.intro'),
    url,
    action: t('mail.property_delete.action'),
    note: t('mail.property_delete.note'),
    signature: t('mail.signature'),
  });
  return {
    to: to.email,
    subject: t('mail.property_delete.subject'),
    ...body,
    templating: { mail: 'property_delete', locale, values: { name: to.name, property, group, link: url } },
  };
}
