// Guarantees (docs/domain/calculations.md, "Guarantee end date and reminders"; docs/domain/states.md, "Guarantees"):
// every create, update, bulk write and import stores the end date (start + duration months; the start defaults to the
// facility's commissioning date); `claim` while active; the daily job expires the guarantees whose end date has
// passed and mails each reminder stage once (docs/domain/mail-and-jobs.md, "Guarantee reminders"). Archived and
// restored with its property (`archivedWithOwner` in its definition).
import { and, eq, gte, inArray, isNull, lt, lte } from 'drizzle-orm';
import { dueReminder, guaranteeEndDate, REMINDER_DAYS } from '../../src/domain/guarantee-dates';
import { GUARANTEE_TRANSITIONS } from '../../src/domain/transitions';
import { entities } from '../../src/entities/registry';
import { transitionOf, transitionRefusal } from '../crud/actions';
import { action, type JobOutcome, type ModelBehaviour } from '../crud/model-behaviour';
import type { Row } from '../crud/present';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { contact, facility, guarantee as guarantees, property } from '../db/entity-tables';
import { remindersSent, users } from '../db/schema';
import { groupMail } from '../mail/compose';
import { readModelSettingsOf } from '../crud/model-settings';
import { fieldError } from '../http-error';
import { guaranteeReminderMail } from '../mail/guarantee-mail';
import { sendReminders, type ReminderMail } from '../mail/reminders';
import { setValues } from '../services/record-actions';
import { isoDay } from '../services/task-schedule.service';

const DAY = 86_400_000;
const addDays = (iso: string, n: number) => isoDay(new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY));

/** The start a write leaves unset: the facility's commissioning date, when the guarantee names a facility. */
async function commissioningDate(db: Db, settingsGroup: string, facilityUuid: unknown): Promise<string | null> {
  if (typeof facilityUuid !== 'string') return null;
  const [f] = await db
    .select({ date: facility.commissioning_date })
    .from(facility)
    .where(and(eq(facility.uuid, facilityUuid), eq(facility.settings_group_uuid, settingsGroup)))
    .limit(1);
  return f?.date ?? null;
}

/** Daily: active guarantees whose end date has passed are expired (by the UTC date; idempotent). */
export async function expireGuarantees(db: Db, today: string): Promise<number> {
  const expired = await db
    .update(guarantees)
    .set({ status: 'expired', updated_at: new Date() })
    .where(
      and(
        eq(guarantees.status, 'active'),
        isNull(guarantees.deleted_at),
        isNull(guarantees.archived_at),
        lt(guarantees.end_date, today),
      ),
    )
    .returning({ uuid: guarantees.uuid });
  return expired.length;
}

/**
 * Daily: the reminder stage each live, active guarantee has reached (the `reminder_days` setting of its settings
 * group) is recorded in reminders_sent, keyed by end date and stage, so each goes out once and a changed end date starts afresh; the mails
 * to its creator (guarantees have no followers) are returned, to be sent after the commit.
 */
export async function guaranteeReminders(
  ctx: AppContext,
  today: string,
): Promise<{ due: number; mails: ReminderMail[] }> {
  const db = ctx.db;
  const rows = await db
    .select({
      uuid: guarantees.uuid,
      title: guarantees.title,
      end_date: guarantees.end_date,
      settings_group: guarantees.settings_group_uuid,
      property: property.name,
      guarantor: contact.display_name,
      email: users.email,
      first_name: users.first_name,
      last_name: users.last_name,
      locale: users.locale,
      date_format: users.date_format,
    })
    .from(guarantees)
    .innerJoin(property, eq(property.uuid, guarantees.property_uuid))
    .leftJoin(contact, eq(contact.uuid, guarantees.guarantor_uuid))
    .leftJoin(users, eq(users.id, guarantees.created_by))
    .where(
      and(
        eq(guarantees.status, 'active'),
        isNull(guarantees.deleted_at),
        isNull(guarantees.archived_at),
        gte(guarantees.end_date, today),
        lte(guarantees.end_date, addDays(today, REMINDER_DAYS.max)),
      ),
    );
  if (!rows.length) return { due: 0, mails: [] };
  // the stages are the guarantee model's `reminder_days` setting of each settings group
  const settings = await readModelSettingsOf(db, [...new Set(rows.map((r) => r.settings_group))], entities.guarantee);
  const sent = new Map<string, Set<string>>();
  for (const r of await db
    .select({ uuid: remindersSent.record_uuid, stage: remindersSent.stage })
    .from(remindersSent)
    .where(
      inArray(
        remindersSent.record_uuid,
        rows.map((r) => r.uuid),
      ),
    ))
    (sent.get(r.uuid) ?? sent.set(r.uuid, new Set()).get(r.uuid)!).add(r.stage);
  const mails: ReminderMail[] = [];
  const marks: { record_uuid: string; stage: string; recipients: number }[] = [];
  for (const r of rows) {
    const end = String(r.end_date);
    const done = new Set(
      [...(sent.get(r.uuid) ?? [])].filter((k) => k.startsWith(`${end}:`)).map((k) => Number(k.slice(end.length + 1))),
    );
    const due = dueReminder(end, today, settings.get(r.settings_group)!.reminder_days, done);
    if (!due) continue;
    const recipients = r.email ? 1 : 0;
    const stages = due.covers.map((d) => `${end}:${d}`);
    if (r.email)
      mails.push({
        record: r.uuid,
        stages,
        mail: await groupMail(
          db,
          r.settings_group,
          guaranteeReminderMail(
            {
              email: r.email,
              name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
              locale: r.locale,
              dateFormat: r.date_format ?? 'YYYY-MM-DD',
            },
            {
              title: r.title,
              property: r.property,
              guarantor: r.guarantor ?? '',
              endDate: end,
              daysLeft: due.daysLeft,
            },
            `${ctx.config.appUrl}/${entities.guarantee.plural}/${r.uuid}`,
          ),
        ),
      });
    for (const stage of stages) marks.push({ record_uuid: r.uuid, stage, recipients });
  }
  if (marks.length) await db.insert(remindersSent).values(marks).onConflictDoNothing();
  return { due: new Set(marks.map((m) => m.record_uuid)).size, mails };
}

export const guarantee: ModelBehaviour = {
  // an end date past the year 9999 is a 422 on the input the write sets (docs/hostile-input.md)
  derivedFrom: { end_date: ['guarantee_duration', 'start_date', 'facility_uuid'] },
  hooks: {
    beforeWrite: async (h, merged, changes, current) => {
      const derived: Row = {};
      let start = typeof merged.start_date === 'string' ? merged.start_date : null;
      if (!start && (!current || 'start_date' in changes || 'facility_uuid' in changes)) {
        start = await commissioningDate(h.db, h.settingsGroup, merged.facility_uuid);
        if (start) derived.start_date = start;
      }
      if (!start) throw fieldError('start_date', 'validation.required');
      const months = merged.guarantee_duration;
      if (typeof months !== 'number') throw fieldError('guarantee_duration', 'validation.required');
      derived.end_date = guaranteeEndDate(start, months);
      // an expired guarantee whose end date moves to today or later runs again (expired is by date; claimed stays)
      if (current?.status === 'expired' && (derived.end_date as string) >= isoDay(h.now)) derived.status = 'active';
      return derived;
    },
  },
  actions: [
    action({
      name: 'claim',
      refusal: transitionRefusal(GUARANTEE_TRANSITIONS, 'claim'),
      run: async ({ tx, access, uuid, row }) => {
        const status = transitionOf(GUARANTEE_TRANSITIONS, row, 'claim');
        await setValues(tx, entities.guarantee, uuid, access, { status });
      },
    }),
  ],
  jobs: [
    {
      name: 'guarantee-deadlines',
      intervalMinutes: 24 * 60,
      run: async (ctx, now): Promise<JobOutcome> => {
        const today = isoDay(now);
        const expired = await expireGuarantees(ctx.db, today);
        const { due, mails } = await guaranteeReminders(ctx, today);
        return {
          counts: { expired, reminded: due, mails: mails.length },
          // a mail that could not be sent gives its stages back, so the next run tries again
          afterCommit: (app) => sendReminders(app, mails),
        };
      },
    },
  ],
};
