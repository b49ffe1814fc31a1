// Task events, the occurrences of a task (docs/planning-api.md): overdue on read; an event written by hand is kept
// where it was put; done, skip and reschedule while open; the daily job `task-reminders` announces the events of
// tasks with lead days (docs/domain/mail-and-jobs.md, "Task reminders").
import { z } from 'zod';
import { valueSchemas } from '../../src/entities/schemas';
import { isOverdue } from '../../src/domain/overdue';
import { TASK_EVENT_TRANSITIONS } from '../../src/domain/transitions';
import { transitionRefusal } from '../crud/actions';
import { action, type JobOutcome, type ModelBehaviour } from '../crud/model-behaviour';
import { sendReminders } from '../mail/reminders';
import { finishEvent, reschedule } from '../services/task-actions.service';
import { taskReminders } from '../services/task-reminders.service';
import { isoDay } from '../services/task-schedule.service';

/** The body of actions that take an optional comment. */
const commentBody = z.strictObject({ comment: z.string().trim().max(2000).nullable().optional() });

export const taskEvent: ModelBehaviour = {
  computed: (row, today) => ({ overdue: isOverdue('task_event', row, today) }),
  hooks: {
    // An event written by hand (created, or its due date changed) is kept where it was put: re-materialising the
    // series never moves or deletes it.
    beforeWrite: async (_h, _merged, changes, current) =>
      !current ? { moved: true } : 'due_date' in changes ? { moved: true } : undefined,
  },
  actions: [
    ...(['done', 'skip'] as const).map((name) =>
      action({
        name,
        refusal: transitionRefusal(TASK_EVENT_TRANSITIONS, name),
        body: commentBody,
        run: (a) => finishEvent(a, name, a.body.comment),
      }),
    ),
    action({
      name: 'reschedule',
      refusal: transitionRefusal({ open: { reschedule: 'open' } }, 'reschedule'),
      body: z.strictObject({ due_date: valueSchemas.date(), scope: z.enum(['this', 'following', 'all']) }),
      run: async (a) => {
        const created = await reschedule(a, a.body.due_date as string, a.body.scope);
        return created ? { meta: { task_uuid: created } } : undefined;
      },
    }),
  ],
  jobs: [
    {
      name: 'task-reminders',
      intervalMinutes: 24 * 60,
      run: async (ctx, now): Promise<JobOutcome> => {
        const mails = await taskReminders(ctx, isoDay(now));
        return {
          counts: { mails: mails.length },
          // a mail that could not be sent gives its stage back, so the next run tries again
          afterCommit: (app) => sendReminders(app, mails),
        };
      },
    },
  ],
};
