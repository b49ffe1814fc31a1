// Task reminders (docs/domain/mail-and-jobs.md, "Task reminders"): each open event of an active task with lead days
// is announced once, from its lead date (due date − lead days) to its due date, to the task's assignee or, without
// one, to whoever entered the task, while they are a member of its settings group. The stage recorded in
// reminders_sent is the event's due date: a moved event is announced again for its new date.
import { sql } from 'drizzle-orm';
import { entities } from '../../src/entities/registry';
import type { AppContext } from '../context';
import { rowsOf } from '../crud/table';
import { remindersSent } from '../db/schema';
import { groupMail } from '../mail/compose';
import type { ReminderMail } from '../mail/reminders';
import { taskReminderMail } from '../mail/task-mail';

const DAY = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);
/** The stage of an event's reminder: its due date. */
export const taskStage = (dueDate: string) => `${dueDate}:due`;

interface DueEvent {
  uuid: string;
  due_date: string;
  settings_group: string;
  task_uuid: string;
  title: string;
  property: string;
  facility: string | null;
  email: string;
  first_name: string;
  last_name: string;
  locale: string;
  date_format: string | null;
}

/** The events to announce on `today` with their recipient, not announced for their due date yet. */
async function dueEvents(ctx: AppContext, today: string): Promise<DueEvent[]> {
  const result = await ctx.db.execute(sql`
    select e.uuid, e.due_date::text as due_date, e.settings_group_uuid as settings_group, t.uuid as task_uuid,
      t.title, p.name as property, f.name as facility,
      u.email, u.first_name, u.last_name, u.locale, u.date_format
    from task_events e
    join tasks t on t.uuid = e.task_uuid
    join properties p on p.uuid = t.property_uuid
    left join facilities f on f.uuid = t.facility_uuid and f.deleted_at is null
    join users u on u.id = coalesce(
      (select a.id from users a where a.uuid::text = t.assignee_user_uuid),
      t.created_by)
    where e.status = 'open' and e.deleted_at is null and e.archived_at is null
      and t.status = 'active' and t.deleted_at is null and t.archived_at is null
      and t.lead_days is not null
      and e.due_date >= ${today}::date and e.due_date - t.lead_days <= ${today}::date
      and exists (select 1 from settings_group_members m
        where m.user_id = u.id and m.settings_group_uuid = e.settings_group_uuid)
      and not exists (select 1 from reminders_sent r
        where r.record_uuid = e.uuid and r.stage = e.due_date::text || ':due')
    order by e.due_date, e.uuid`);
  return rowsOf<DueEvent>(result);
}

/** Daily: the reminders due on `today` recorded as sent and their mails, to be sent after the commit. */
export async function taskReminders(ctx: AppContext, today: string): Promise<ReminderMail[]> {
  const events = await dueEvents(ctx, today);
  if (!events.length) return [];
  await ctx.db
    .insert(remindersSent)
    .values(events.map((e) => ({ record_uuid: e.uuid, stage: taskStage(e.due_date), recipients: 1 })))
    .onConflictDoNothing();
  const mails: ReminderMail[] = [];
  for (const e of events)
    mails.push({
      record: e.uuid,
      stages: [taskStage(e.due_date)],
      mail: await groupMail(
        ctx.db,
        e.settings_group,
        taskReminderMail(
          {
            email: e.email,
            name: `${e.first_name} ${e.last_name}`.trim(),
            locale: e.locale,
            dateFormat: e.date_format ?? 'YYYY-MM-DD',
          },
          {
            title: e.title,
            property: e.property,
            facility: e.facility ?? '',
            dueDate: e.due_date,
            daysLeft: daysBetween(today, e.due_date),
          },
          `${ctx.config.appUrl}/${entities.task.plural}/${e.task_uuid}`,
        ),
      ),
    });
  return mails;
}
