// The mails of scheduled exports (docs/domain/scheduled-exports.md, "Mail"), in the recipient's language: a run's
// file for each recipient (attached, or kept for download when too large to attach), and a failed run for its
// owner with a link to the page.
import { translate, type MessageParams } from '../i18n/messages';
import type { ExportError } from '../../src/entities/scheduled-export';
import type { Mail } from './mailer';
import { mailLocale } from './order-mail';
import { escapeHtml as escape } from '../../src/domain/mail-templates';

type To = { email: string; name: string; locale: unknown };
const page = (lines: string[], locale: string, link?: { url: string; label: string }) =>
  `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">
${lines
  .slice(0, -1)
  .map((l) => `<p>${escape(l)}</p>`)
  .join('\n')}
${link ? `<p><a href="${escape(link.url)}">${escape(link.label)}</a></p>` : ''}
<p>${escape(lines[lines.length - 1]!)}</p></body></html>`;

export function exportMail(to: To, run: { title: string; rows: number; attached: boolean }): Mail {
  const locale = mailLocale(to.locale);
  const t = (key: Parameters<typeof translate>[1], params: MessageParams = {}) =>
    translate(locale, key, { title: run.title, ...params });
  const lines = [
    t('mail.greeting', { name: to.name }),
    t('mail.scheduled_export.intro', { count: run.rows }),
    t(run.attached ? 'mail.scheduled_export.attached' : 'mail.scheduled_export.too_large'),
    t('mail.signature'),
  ];
  return {
    to: to.email,
    subject: t('mail.scheduled_export.subject'),
    text: lines.join('\n\n'),
    html: page(lines, locale),
  };
}

export function exportFailedMail(to: To, run: { title: string; code: ExportError }, url: string): Mail {
  const locale = mailLocale(to.locale);
  const t = (key: Parameters<typeof translate>[1], params: MessageParams = {}) =>
    translate(locale, key, { title: run.title, ...params });
  const lines = [
    t('mail.greeting', { name: to.name }),
    t('mail.scheduled_export.failed_intro'),
    t(`mail.scheduled_export.errors.${run.code}`),
    t('mail.scheduled_export.failed_note'),
    url,
    t('mail.signature'),
  ];
  return {
    to: to.email,
    subject: t('mail.scheduled_export.failed_subject'),
    text: lines.join('\n\n'),
    html: page(
      lines.filter((l) => l !== url),
      locale,
      { url, label: t('mail.scheduled_export.action') },
    ),
  };
}
