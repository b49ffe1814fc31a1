// A mail sent on behalf of a settings group (docs/domain/email-templates.md): its own wording of the mail in the
// recipient's language when it has written one (else the product's built-in text), with its sender name, reply-to
// and signature (./sender.ts; the mailer signs it).
import { and, eq, isNull } from 'drizzle-orm';
import type { Locale } from '../../src/entities/account';
import { escapeHtml, renderHtml, renderText, type MailKey, type MailValues } from '../../src/domain/mail-templates';
import type { Db } from '../db/client';
import { emailTemplates } from '../db/entity-tables';
import { senderOf } from './sender';
import type { Mail } from './mailer';
import { translate } from '../i18n/messages';

/** What a mail's template is rendered with: which mail, the recipient's language and the placeholders' values. */
export interface MailTemplating {
  mail: MailKey;
  locale: Locale;
  values: MailValues;
}

/** The settings group's template of a mail in a language (a live one), else null. */
export async function templateOf(db: Db, settingsGroup: string, mail: MailKey, locale: Locale) {
  const [row] = await db
    .select({ subject: emailTemplates.subject, body: emailTemplates.body })
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.settings_group_uuid, settingsGroup),
        eq(emailTemplates.mail, mail),
        eq(emailTemplates.locale, locale),
        isNull(emailTemplates.deleted_at),
        isNull(emailTemplates.archived_at),
      ),
    )
    .limit(1);
  return row ?? null;
}

const page = (locale: Locale, inner: string) =>
  `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">\n${inner}\n</body></html>`;

/** A template's subject and body rendered: the text part as written, the HTML escaped with the link as a link. */
export function renderTemplate(t: { subject: string; body: string }, locale: Locale, values: MailValues) {
  return {
    // a subject is one line, whatever a value holds
    subject: renderText(t.subject, values).replace(/[\r\n]+/g, ' '),
    text: renderText(t.body, values),
    html: page(locale, renderHtml(t.body, values)),
  };
}

/** A built-in mail's text and HTML: the greeting, the message, its action link, a note and the signature. */
export function builtInBody(
  locale: Locale,
  parts: { greeting: string; intro: string; url: string; action: string; note: string; signature: string },
) {
  const { greeting, intro, url, action, note, signature } = parts;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>
<p style="color:#666">${escapeHtml(note)}</p><p>${escapeHtml(signature)}</p></body></html>`;
  return { text: [greeting, intro, url, note, signature].join('\n\n'), html };
}

/** A built-in mail with what its template would be rendered with. */
export type TemplatedMail = Mail & { templating: MailTemplating };

/** A date as the recipient reads dates (their format, else the language's). */
export const mailDate = (locale: Locale, date: string, dateFormat?: string) =>
  translate(locale, 'mail.date', { date, ...(dateFormat ? { dateFormat } : {}) });

/** The mail as the settings group sends it: its template of the mail, or the built-in text, signed, with its sender. */
export async function groupMail(db: Db, settingsGroup: string, built: TemplatedMail): Promise<Mail> {
  const { templating, ...builtIn } = built;
  const template = await templateOf(db, settingsGroup, templating.mail, templating.locale);
  const worded = template ? { ...builtIn, ...renderTemplate(template, templating.locale, templating.values) } : builtIn;
  return { ...worded, ...(await senderOf(db, settingsGroup)) };
}
