// Mail through nodemailer: SMTP when SMTP_URL is set; otherwise an outbox table (readable at /api/v1/outbox
// from the server's own machine) so reset and verification links work with no mail server. With SMTP, the outbox
// keeps a copy of each mail only when it is switched on (MAIL_OUTBOX=1, e.g. on a staging server).
import type { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { escapeHtml } from '../../src/domain/mail-templates';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The sender's name a settings group gives its mails (its e-mail settings), shown before the product's address. */
  fromName?: string;
  /** Where answers go (the settings group's reply-to address). */
  replyTo?: string;
  /** Files sent along over SMTP (a scheduled export's run); the outbox keeps the text only. */
  attachments?: { filename: string; content: Readable | Buffer; contentType?: string }[];
  /** The settings group's signature, put under the text and the HTML when the mail is sent. */
  signature?: string;
}

/** A mail as it is sent: its signature under its text (after the usual "-- " line) and its HTML. */
export function signed({ signature, ...mail }: Mail): Mail {
  if (!signature?.trim()) return mail;
  const lines = signature.split(/\r?\n/).map(escapeHtml).join('<br>');
  const html = `<p style="color:#666">${lines}</p>`;
  return {
    ...mail,
    text: `${mail.text}\n\n-- \n${signature}`,
    html: mail.html.includes('</body>') ? mail.html.replace('</body>', `${html}</body>`) : mail.html + html,
  };
}

/** The From header: the product's address under the settings group's name when it gives one (quotes, backslashes
 * and line breaks taken out, so the name cannot add a header). */
export function fromHeader(from: string, name: string | undefined): string {
  const clean = name?.replace(/["\\\r\n<>]/g, '').trim();
  if (!clean) return from;
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return `"${clean}" <${address}>`;
}

export interface Mailer {
  mode: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer(opts: {
  smtpUrl?: string | undefined;
  /** Whether the outbox is readable (a copy of each mail is kept there even when SMTP sends it). */
  outbox?: boolean;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  const store = async ({ to, subject, text, html }: Mail) => {
    const [row] = await opts.db.insert(mailOutbox).values({ to, subject, text, html }).returning({ id: mailOutbox.id });
    return row!.id;
  };
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      mode: 'smtp',
      async send(unsigned) {
        const mail = signed(unsigned);
        const { fromName, replyTo, ...content } = mail;
        await transport.sendMail({
          ...content,
          from: fromHeader(opts.from, fromName),
          ...(replyTo ? { replyTo } : {}),
        });
        const copy = opts.outbox ? await store(mail) : undefined;
        opts.log.info({ event: 'mail_sent', to: mail.to, subject: mail.subject, outbox_id: copy }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  return {
    mode: 'outbox',
    async send(unsigned) {
      const mail = signed(unsigned);
      const id = await store(mail);
      // The link inside may be a secret: the log names the mail, the outbox holds it.
      opts.log.info(
        { event: 'mail_outbox', id, to: mail.to, subject: mail.subject },
        opts.outbox === false
          ? 'mail stored in the outbox (no SMTP_URL; MAIL_OUTBOX=0 keeps it unreadable over HTTP)'
          : 'mail stored in the outbox (no SMTP_URL); read it at /api/v1/outbox on this machine',
      );
    },
    close: () => {},
  };
}
