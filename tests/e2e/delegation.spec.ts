// Delegation journey (docs/domain/permissions.md, "Delegation"): the demo admin delegates to the second member for a
// week on Profile › Delegation with a note; the row shows the colleague, the note and "In force"; the member sees it
// on their profile without a Remove button and finds the admin's ticket among theirs, and the task the admin took in
// the task drawer's assignee picker among their tasks; the admin removes it again. Runs on the server with a second
// member (member-server.ts).
import type { ChildProcess } from 'node:child_process';
import { expect, test } from './fixtures';
import { MEMBER, MEMBER_URL, startServerWithMember, stopServer } from './member-server';
import { apiGet, apiPost, signIn, signInTo } from './support';

let server: ChildProcess | undefined;
test.use({ baseURL: MEMBER_URL });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServerWithMember();
});
test.afterAll(async () => {
  if (server) await stopServer(server);
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test("a member delegates to a colleague for a week, who then sees the member's tickets", async ({ page }) => {
  await signInTo(page, '/profile');
  const me = await apiGet<{ uuid: string; first_name: string; last_name: string }>(page, 'user');
  const [ticket] = await apiGet<{ uuid: string }[]>(page, 'tickets?per_page=1');
  await apiPost(page, `tickets/${ticket!.uuid}/assign`, { user_uuid: me.uuid });
  // the admin takes a task in its drawer: the assignee picker lists the members
  const myName = `${me.first_name} ${me.last_name}`.trim();
  const [task] = await apiGet<{ uuid: string; title: string }[]>(page, 'tasks?per_page=1');
  await page.goto(`/tasks?record=${task!.uuid}`);
  await page.getByRole('combobox', { name: 'Assignee' }).selectOption({ label: myName });
  await expect(page.getByText(`Task assigned to ${myName}.`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Assignee' })).toHaveValue(me.uuid);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('gridcell', { name: myName }).first()).toBeVisible();
  await page.goto('/profile');

  const section = page.locator('#delegation');
  await expect(section.getByRole('heading', { name: 'Delegation' })).toBeVisible();
  await section.getByRole('combobox', { name: 'Colleague' }).selectOption({ label: MEMBER.name });
  await section.getByRole('textbox', { name: 'Until (day)' }).fill(day(-1));
  await section.getByRole('textbox', { name: 'From (day)' }).fill(day(0));
  await section.getByRole('button', { name: 'Delegate' }).click();
  await expect(section.getByRole('alert')).toContainText('The delegation cannot end before it starts.');
  await section.getByRole('textbox', { name: 'Until (day)' }).fill(day(7));
  await section.getByRole('textbox', { name: 'Note' }).fill('Heizung Haus B: Termin mit Frau Keller am Dienstag');
  await section.getByRole('button', { name: 'Delegate' }).click();
  await expect(page.getByText('The delegation has been saved.')).toBeVisible();
  const row = section.getByRole('row', { name: new RegExp(MEMBER.name) });
  await expect(row).toContainText('In force');
  await expect(row).toContainText('Heizung Haus B: Termin mit Frau Keller am Dienstag');

  await page.goto('/logout');
  await page.waitForURL(/\/login/);
  await page.goto('/login?redirect=%2Fprofile');
  await signIn(page, MEMBER.email, MEMBER.password);
  await page.waitForURL((url) => url.pathname === '/profile');
  await expect(section.getByRole('row', { name: new RegExp(MEMBER.name) })).toContainText('In force');
  await expect(section.getByRole('row', { name: new RegExp(MEMBER.name) })).toContainText('Frau Keller');
  await expect(section.getByRole('button', { name: /^Remove the delegation/ })).toHaveCount(0);
  const mine = await apiGet<{ uuid: string }[]>(page, 'tickets/assigned-to-me');
  expect(mine.map((t) => t.uuid)).toContain(ticket!.uuid);
  const myTasks = await apiGet<{ uuid: string; assignee_name: string }[]>(page, 'tasks/assigned-to-me');
  expect(myTasks.find((t) => t.uuid === task!.uuid)?.assignee_name).toBe(myName);
  const events = await apiGet<{ task_uuid: string }[]>(page, 'task-events/assigned-to-me?per_page=500');
  expect(events.map((e) => e.task_uuid)).toContain(task!.uuid);

  await page.goto('/logout');
  await page.waitForURL(/\/login/);
  await signInTo(page, '/profile');
  await section.getByRole('button', { name: `Remove the delegation to ${MEMBER.name}` }).click();
  await expect(page.getByText('The delegation has been removed.')).toBeVisible();
  await expect(section.getByText('No delegations.')).toBeVisible();
});
