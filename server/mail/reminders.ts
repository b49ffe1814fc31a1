// Reminder mails of the daily jobs (docs/domain/mail-and-jobs.md): each mail names the record and the stages it
// covers, recorded in reminders_sent by the job's transaction; sent after the commit, a mail that fails gives its
// stages back, so the next run tries again.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { remindersSent } from '../db/schema';
import type { Mail } from './mailer';

export interface ReminderMail {
  mail: Mail;
  record: string;
  stages: string[];
}

/** Sends the mails one by one; the first failure is thrown after every mail has been tried. */
export async function sendReminders(
  app: { db: Db; mailer: { send: (mail: Mail) => Promise<unknown> } },
  mails: ReminderMail[],
) {
  let failure: unknown = null;
  for (const { mail, record, stages } of mails) {
    try {
      await app.mailer.send(mail);
    } catch (err) {
      failure ??= err;
      await app.db
        .delete(remindersSent)
        .where(and(eq(remindersSent.record_uuid, record), inArray(remindersSent.stage, stages)));
    }
  }
  if (failure) throw failure;
}
