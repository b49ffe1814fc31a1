// The reminder that a guarantee ends soon (docs/domain/mail-and-jobs.md, "Guarantee reminders"), in the recipient's
// language and date format, with a link to the guarantee's record page.
import { translate, type MessageParams } from '../i18n/messages';
import type { Locale } from '../../src/entities/account';
import { builtInBody, mailDate, type TemplatedMail } from './compose';
import { mailLocale } from './order-mail';

export function guaranteeReminderMail(
  to: { email: string; name: string; locale: unknown; dateFormat: string },
  guarantee: { title: string; property: string; guarantor: string; endDate: string; daysLeft: number },
  url: string,
): TemplatedMail {
  const locale: Locale = mailLocale(to.locale);
  const common: MessageParams = { title: guarantee.title, date: guarantee.endDate };
  const t = (key: Parameters<typeof translate>[1], params: MessageParams = {}) =>
    translate(locale, key, { ...common, ...params, dateFormat: to.dateFormat });
  const body = builtInBody(locale, {
    greeting: t('mail.greeting', { name: to.name }),
    intro: t('mail.guarantee.intro', {
      property: guarantee.property,
      guarantor: guarantee.guarantor,
      count: guarantee.daysLeft,
    }),
    url,
    action: t('mail.guarantee.action'),
    note: t('mail.guarantee.note'),
    signature: t('mail.signature'),
  });
  return {
    to: to.email,
    subject: t('mail.guarantee.subject'),
    ...body,
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
