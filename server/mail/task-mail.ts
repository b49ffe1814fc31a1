// The reminder that a task's event is due (docs/domain/mail-and-jobs.md, "Task reminders"), in the recipient's
// language and date format, with a link to the task's record page.
import { translate, type MessageParams } from '../i18n/messages';
import type { Locale } from '../../src/entities/account';
import { builtInBody, mailDate, type TemplatedMail } from './compose';
import { mailLocale } from './order-mail';

export interface TaskReminder {
  title: string;
  property: string;
  /** The task's facility, '' without one. */
  facility: string;
  dueDate: string;
  daysLeft: number;
}

export function taskReminderMail(
  to: { email: string; name: string; locale: unknown; dateFormat: string },
  task: TaskReminder,
  url: string,
): TemplatedMail {
  const locale: Locale = mailLocale(to.locale);
  const t = (key: Parameters<typeof translate>[1], params: MessageParams = {}) =>
    translate(locale, key, { date: task.dueDate, ...params, dateFormat: to.dateFormat });
  const facility = task.facility ? t('mail.task.facility', { facility: task.facility }) : '';
  const body = builtInBody(locale, {
    greeting: t('mail.greeting', { name: to.name }),
    intro: t('mail.task.intro', { title: task.title, property: task.property, facility, count: task.daysLeft }),
    url,
    action: t('mail.task.action'),
    note: t('mail.task.note'),
    signature: t('mail.signature'),
  });
  return {
    to: to.email,
    subject: t('mail.task.subject', { title: task.title }),
    ...body,
    templating: {
      mail: 'task',
      locale,
      values: {
        name: to.name,
        title: task.title,
        property: task.property,
        facility: task.facility,
        date: mailDate(locale, task.dueDate, to.dateFormat),
        days: String(task.daysLeft),
        link: url,
      },
    },
  };
}
