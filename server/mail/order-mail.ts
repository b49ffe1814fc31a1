// The e-mail that brings an external order to its contractor: the public order link, in the contractor's
// language (contacts may have fr or it, which fall back to English until those catalogues exist).
import { translate, type MessageKey } from '../i18n/messages';
import type { Locale } from '../../src/entities/account';
import { builtInBody, type TemplatedMail } from './compose';

export const mailLocale = (language: unknown): Locale =>
  language === 'de' || language === 'de-ch' ? language : 'en-us';

export function orderMail(
  to: { email: string; name: string; language: unknown },
  order: { title: string; sender: string },
  url: string,
): TemplatedMail {
  const locale = mailLocale(to.language);
  const t = (key: string, params?: Record<string, string>) => translate(locale, key as MessageKey, params);
  const body = builtInBody(locale, {
    greeting: t('mail.greeting', { name: to.name }),
    intro: t('mail.order.intro', { title: order.title, sender: order.sender }),
    url,
    action: t('mail.order.action'),
    note: t('mail.order.note'),
    signature: t('mail.signature'),
  });
  return {
    to: to.email,
    subject: t('mail.order.subject', { title: order.title }),
    ...body,
    templating: {
      mail: 'order',
      locale,
      values: { name: to.name, title: order.title, sender: order.sender, link: url },
    },
  };
}
