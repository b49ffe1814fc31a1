// Task reminders (docs/domain/mail-and-jobs.md, "Task reminders"): the daily job announces each open event of an
// active task with lead days once, from its lead date to its due date, to the assignee or else whoever entered the
// task, in their language, over a real SMTP server; a moved event is announced again for its new date; a task
// without lead days, a done event and a recipient who left the settings group get nothing; the settings group's
// own wording of the mail is used when it has one.
// @both-databases: the lead date is date arithmetic in SQL on each database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { decoded, startSmtp, waitFor } from './smtp';
import { createTestEnv, json, type TestEnv } from './harness';
import { addDays, createTask, eventsOf, memberOf, post, today, workspace, type Rec } from './planning-support';
import { jobs } from '../../server/jobs/jobs';
import { runJobIfDue } from '../../server/jobs/scheduler';
import { jobRuns, settingsGroupMembers, users } from '../../server/db/schema';

let env: TestEnv;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  env = await createTestEnv({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await env.close();
  await smtp.close();
});

const job = () => jobs.find((j) => j.name === 'task-reminders')!;
/** Runs the daily job as on `day` (its last run forgotten, so it is due). */
async function runJobOn(day: string) {
  await env.database.db.delete(jobRuns).where(eq(jobRuns.name, 'task-reminders'));
  expect(await runJobIfDue(env.app.ctx, job(), jobs.indexOf(job()), new Date(`${day}T06:00:00Z`))).toBe(true);
}
const to = (email: string) => () => smtp.received.filter((m) => m.includes(`To: ${email}`) || m.includes(`<${email}>`));

describe('task reminders', () => {
  it('announce an event once from its lead date, again when it moves, to the assignee in their language', async () => {
    const ws = await workspace(env);
    await env.database.db
      .update(users)
      .set({ locale: 'de-ch', date_format: 'DD.MM.YYYY' })
      .where(eq(users.id, ws.user.id));
    const due = addDays(today(), 20);
    const task = await createTask(ws, { title: 'Filter wechseln', start_date: due, lead_days: 3 });
    await createTask(ws, { title: 'Ohne Vorlauf', start_date: due }); // no lead days: never announced
    const [event] = await eventsOf(ws, task.uuid as string);
    expect(event!.due_date).toBe(due);
    const mine = to(ws.user.email);
    const expectMails = async (day: string, count: number) => {
      await runJobOn(day);
      await waitFor(() => mine().length === count);
      expect(mine()).toHaveLength(count);
    };
    await expectMails(addDays(due, -4), 0);
    await expectMails(addDays(due, -3), 1);
    const first = decoded(mine()[0]!);
    const shown = due.split('-').reverse().join('.');
    expect(first).toContain(`Die Aufgabe «Filter wechseln» in Seestrasse 1 ist am ${shown} fällig, in 3 Tagen.`);
    expect(first).toContain('Aufgabe öffnen');
    expect(mine()[0]).toContain(`http://hauswerk.test/tasks/${task.uuid}`);
    expect(first).not.toContain('Ohne Vorlauf');
    await expectMails(addDays(due, -2), 1); // once per due date
    await expectMails(due, 1);
    await expectMails(addDays(due, 1), 1); // past its due date: overdue, not announced

    // moved by a week: announced again for the new date
    const moved = await post(ws.client, `/task-events/${event!.uuid}/reschedule`, {
      due_date: addDays(due, 7),
      scope: 'this',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await expectMails(addDays(due, 7), 2);
    expect(decoded(mine()[1]!)).toContain('ist heute fällig');

    // assigned to a member: the member is told, not the creator
    const member = await memberOf(env, ws);
    const second = await createTask(ws, { title: 'Dach prüfen', start_date: addDays(due, 30), lead_days: 0 });
    expect((await post(ws.client, `/tasks/${second.uuid}/assign`, { user_uuid: member.user.uuid })).status).toBe(200);
    await expectMails(addDays(due, 30), 2);
    await waitFor(() => to(member.user.email)().length === 1);
    expect(decoded(to(member.user.email)()[0]!)).toContain('The task “Dach prüfen” at Seestrasse 1 is due today');
  });

  it("use the settings group's own wording, and skip done events and recipients who left", async () => {
    const ws = await workspace(env);
    const written = await post(ws.client, '/email-templates', {
      settings_group_uuid: ws.settingsGroup,
      mail: 'task',
      locale: 'en-us',
      subject: 'Due: {{title}}',
      body: 'Hi {{name}}, {{title}} ({{facility}}) is due on {{date}}, {{days}} days left.\n\n{{link}}',
    });
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const facility = await post(ws.client, '/facilities', { property_uuid: ws.property, name: 'Boiler' });
    const due = addDays(today(), 40);
    const task = await createTask(ws, {
      title: 'Service boiler',
      start_date: due,
      lead_days: 5,
      facility_uuid: facility.body.data.uuid,
    });
    const done = await createTask(ws, { title: 'Done already', start_date: due, lead_days: 5 });
    const [doneEvent] = await eventsOf(ws, done.uuid as string);
    expect((await post(ws.client, `/task-events/${doneEvent!.uuid}/done`, {})).status).toBe(200);
    const member = await memberOf(env, ws);
    const gone = await createTask(ws, { title: 'Left', start_date: due, lead_days: 5 });
    expect((await post(ws.client, `/tasks/${gone.uuid}/assign`, { user_uuid: member.user.uuid })).status).toBe(200);
    await env.database.db
      .delete(settingsGroupMembers)
      .where(
        and(
          eq(settingsGroupMembers.user_id, member.user.id),
          eq(settingsGroupMembers.settings_group_uuid, ws.settingsGroup),
        ),
      );

    const mine = to(ws.user.email);
    await runJobOn(addDays(due, -5));
    await waitFor(() => mine().length === 1);
    expect(mine()).toHaveLength(1);
    const mail = decoded(mine()[0]!);
    expect(mail).toContain('Subject: Due: Service boiler');
    expect(mail).toContain('Hi Test ');
    expect(mail).toContain('Service boiler (Boiler) is due on');
    expect(mail).toContain('5 days left.');
    expect(mail).not.toContain('Done already');
    expect(to(member.user.email)()).toHaveLength(0);
    expect(json<{ data: Rec }>(await ws.client.get(`/tasks/${task.uuid}`)).data.lead_days).toBe(5);
  });
});
