// A mail sent on behalf of a settings group (docs/domain/email-templates.md): its own wording of the mail in the
// recipient's language when it has written one (else the product's built-in text), with its sender name, reply-to
// and signature (./sender.ts; the mailer signs it).
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Locale } from '../../src/entities/account';
import { escapeHtml, renderHtml, renderText, type MailKey, type MailValues } from '../../src/domain/mail-templates';
import type { Db } from '../db/client';
import { emailTemplates, type accountEmailTemplates } from '../db/entity-tables';
import { senderOf } from './sender';
import type { Mail } from './mailer';
import { translate } from '../i18n/messages';

/** What a mail's template is rendered with: which mail, the recipient's language and the placeholders' values. */
export interface MailTemplating {
  mail: MailKey;
  locale: Locale;
  values: MailValues;
}

/**
 * The live template of a mail in a language among a table of templates (a settings group's e-mail templates, the
 * superusers' account mail templates), narrowed by `where` (a settings group), else null.
 */
export async function liveTemplateOf(
  db: Db,
  table: typeof emailTemplates | typeof accountEmailTemplates,
  mail: string,
  locale: Locale,
  where?: SQL,
) {
  const [row] = await db
    .select({ subject: table.subject, body: table.body })
    .from(table as typeof emailTemplates)
    .where(
      and(where, eq(table.mail, mail), eq(table.locale, locale), isNull(table.deleted_at), isNull(table.archived_at)),
    )
    .limit(1);
  return row ?? null;
}

/** The settings group's template of a mail in a language (a live one), else null. */
export const templateOf = (db: Db, settingsGroup: string, mail: MailKey, locale: Locale) =>
  liveTemplateOf(db, emailTemplates, mail, locale, eq(emailTemplates.settings_group_uuid, settingsGroup));

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
