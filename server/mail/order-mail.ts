// The e-mail that brings an external order to its contractor: the public order link, in the contractor's
// language (contacts may have fr or it, which fall back to English until those catalogues exist).
import { translate, type MessageKey } from '../i18n/messages';
import type { Locale } from '../../src/entities/account';
import type { TemplatedMail } from './compose';
import { escapeHtml as escape } from '../../src/domain/mail-templates';

export const mailLocale = (language: unknown): Locale =>
  language === 'de' || language === 'de-ch' ? language : 'en-us';

export function orderMail(
  to: { email: string; name: string; language: unknown },
  order: { title: string; sender: string },
  url: string,
): TemplatedMail {
  const locale = mailLocale(to.language);
  const t = (key: string, params?: Record<string, string>) => translate(locale, key as MessageKey, params);
  const lines = [
    t('mail.greeting', { name: to.name }),
    t('mail.order.intro', { title: order.title, sender: order.sender }),
    url,
    t('mail.order.note'),
    t('mail.signature'),
  ];
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">
<p>${escape(lines[0]!)}</p><p>${escape(lines[1]!)}</p>
<p><a href="${escape(url)}">${escape(t('mail.order.action'))}</a></p>
<p style="color:#666">${escape(lines[3]!)}</p><p>${escape(lines[4]!)}</p></body></html>`;
  return {
    to: to.email,
    subject: t('mail.order.subject', { title: order.title }),
    text: lines.join('\n\n'),
    html,
    templating: {
      mail: 'order',
      locale,
      values: { name: to.name, title: order.title, sender: order.sender, link: url },
    },
  };
}
