// The reminder that a guarantee ends soon (docs/domain/mail-and-jobs.md, "Guarantee reminders"), in the recipient's
// language and date format, with a link to the guarantee's record page.
import { translate, type MessageParams } from '../i18n/messages';
import type { Locale } from '../../src/entities/account';
import { mailDate, type TemplatedMail } from './compose';
import { mailLocale } from './order-mail';
import { escapeHtml as escape } from '../../src/domain/mail-templates';

export function guaranteeReminderMail(
  to: { email: string; name: string; locale: unknown; dateFormat: string },
  guarantee: { title: string; property: string; guarantor: string; endDate: string; daysLeft: number },
  url: string,
): TemplatedMail {
  const locale: Locale = mailLocale(to.locale);
  const common: MessageParams = { title: guarantee.title, date: guarantee.endDate };
  const t = (key: Parameters<typeof translate>[1], params: MessageParams = {}) =>
    translate(locale, key, { ...common, ...params, dateFormat: to.dateFormat });
  const lines = [
    t('mail.greeting', { name: to.name }),
    t('mail.guarantee.intro', {
      property: guarantee.property,
      guarantor: guarantee.guarantor,
      count: guarantee.daysLeft,
    }),
    url,
    t('mail.guarantee.note'),
    t('mail.signature'),
  ];
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">
<p>${escape(lines[0]!)}</p><p>${escape(lines[1]!)}</p>
<p><a href="${escape(url)}">${escape(t('mail.guarantee.action'))}</a></p>
<p style="color:#666">${escape(lines[3]!)}</p><p>${escape(lines[4]!)}</p></body></html>`;
  return {
    to: to.email,
    subject: t('mail.guarantee.subject'),
    text: lines.join('\n\n'),
    html,
    templating: {
      mail: 'guarantee',
      locale,
      values: {
        name: to.name,
        title: guarantee.title,
        property: guarantee.property,
        guarantor: guarantee.guarantor,
        date: mailDate(locale, guarantee.endDate, to.dateFormat),
        days: String(guarantee.daysLeft),
        link: url,
      },
    },
  };
}
