// The mail that tells a user their support request was answered (docs/domain/support-requests.md), in their language,
// with the link that opens the request in the app. A support request belongs to no settings group: the mail is the
// product's own, with no settings group's wording or sender.
import { translate, type MessageParams } from '../i18n/messages';
import { builtInBody } from './compose';
import type { Mail } from './mailer';
import { mailLocale } from './order-mail';

export function supportAnswerMail(
  to: { email: string; name: string; locale: unknown },
  request: { subject: string; answeredBy: string },
  url: string,
): Mail {
  const locale = mailLocale(to.locale);
  const t = (key: Parameters<typeof translate>[1], params: MessageParams = {}) =>
    translate(locale, key, { name: to.name, subject: request.subject, by: request.answeredBy, ...params });
  const body = builtInBody(locale, {
    greeting: t('mail.greeting'),
    intro: t('mail.support_answer.intro'),
    url,
    action: t('mail.support_answer.action'),
    note: t('mail.support_answer.note'),
    signature: t('mail.signature'),
  });
  // a subject is one line, whatever the request's subject holds
  return { to: to.email, subject: t('mail.support_answer.subject').replace(/[\r\n]+/g, ' '), ...body };
}
