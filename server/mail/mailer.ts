// Mail through nodemailer: SMTP when SMTP_URL is set; otherwise an outbox table (readable at /api/v1/outbox
// from the server's own machine) so reset and verification links work with no mail server.
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  mode: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer(opts: {
  smtpUrl?: string | undefined;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      mode: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
        opts.log.info({ event: 'mail_sent', to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  return {
    mode: 'outbox',
    async send(mail) {
      const [row] = await opts.db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      // The link inside may be a secret: the log names the mail, the outbox holds it.
      opts.log.info(
        { event: 'mail_outbox', id: row!.id, to: mail.to, subject: mail.subject },
        'mail stored in the outbox (no SMTP_URL); read it at /api/v1/outbox on this machine',
      );
    },
    close: () => {},
  };
}
