// Planning journeys (issue 5): a recurring task created in the drawer shows its events in the calendar; one
// occurrence dragged to another day asks for the scope; deactivating removes the future events; a contractor
// accepts an order on the public page in a browser of their own; the ICS link serves a feed ical.js parses, and a
// reset kills the old link.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import ICAL from 'ical.js';
import { apiGet, apiPost, lastMail, notices, recordNotices, signInTo } from './support';

interface ApiEvent {
  uuid: string;
  due_date: string;
  status: string;
  moved: boolean | null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const typed = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`; // the demo's dd.mm.yyyy

const eventsOf = (page: Page, task: string) =>
  apiGet<ApiEvent[]>(page, `task-events?filter[task_uuid]=${task}&sort_by=due_date&status_limiter=all&per_page=100`);

test('a recurring task: its events in the calendar, one moved with the scope dialog, then deactivated', async ({
  page,
}) => {
  const title = `A filter change ${Date.now().toString(36)}`;
  await signInTo(page, '/tasks');
  await page.getByRole('button', { name: 'Table' }).click();
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New Task' })).toBeVisible();
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Property/).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await page.getByLabel('Repeat').selectOption({ label: 'Monthly' });
  await page.getByLabel('Every').fill('3');
  await page.getByLabel('Monthly by').selectOption({ label: 'Weekday' });
  await page.getByLabel('Weekday in month').selectOption({ label: 'first' });
  await page.getByRole('group', { name: 'Weekdays' }).getByLabel('Mon').check();
  await page.getByLabel('Start date').fill(typed(isoOf(new Date())));
  // the interval typed before the month mode and weekday were chosen is still there when saving
  await expect(page.getByLabel('Every')).toHaveValue('3');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'New Task' })).toBeHidden();

  const [task] = await apiGet<{ uuid: string }[]>(page, `tasks?search=${encodeURIComponent(title)}`);
  const events = await eventsOf(page, task!.uuid);
  expect(events.length).toBeGreaterThanOrEqual(4); // every 3 months over the 12-month horizon
  for (const e of events) expect(new Date(`${e.due_date}T12:00:00`).getDay()).toBe(1); // Mondays
  for (const e of events) expect(Number(e.due_date.slice(8, 10))).toBeLessThanOrEqual(7); // the first one

  // the calendar view of the module, remembered for the next visit
  await page.getByRole('button', { name: 'Calendar', exact: true }).click();
  const calendar = page.getByRole('region', { name: 'Deadline calendar' });
  const first = events[0]!.due_date;
  const now = new Date();
  const months = (Number(first.slice(0, 4)) - now.getFullYear()) * 12 + Number(first.slice(5, 7)) - 1 - now.getMonth();
  for (let i = 0; i < months; i++) await calendar.getByRole('button', { name: 'Next period' }).click();
  const event = calendar.getByText(title);
  await expect(event).toHaveCount(1);

  // drag it two days on: the series asks which occurrences move
  const target = isoOf(new Date(Number(first.slice(0, 4)), Number(first.slice(5, 7)) - 1, Number(first.slice(8)) + 2));
  const from = (await event.boundingBox())!;
  const to = (await calendar.locator(`td[data-date="${target}"]`).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 5, from.y + from.height / 2 + 5, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
  const dialog = page.getByRole('dialog', { name: 'Move a recurring task' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('This occurrence only').check();
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText(`“${title}” moved`)).toBeVisible();
  await expect
    .poll(async () => (await eventsOf(page, task!.uuid)).map((e) => e.due_date))
    .toEqual([...events.map((e) => (e.due_date === first ? target : e.due_date))].sort());
  const moved = (await eventsOf(page, task!.uuid)).find((e) => e.due_date === target)!;
  expect(moved.moved).toBe(true);

  // the module remembers the calendar view
  await page.reload();
  await expect(page.getByRole('button', { name: 'Calendar', exact: true })).toHaveAttribute('aria-pressed', 'true');
  for (let i = 0; i < months; i++) await calendar.getByRole('button', { name: 'Next period' }).click();

  // deactivate from the event's drawer: the future open events go, in the API and on screen
  await calendar.getByText(title).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Task deactivated')).toBeVisible();
  const today = isoOf(new Date());
  await expect
    .poll(async () => (await eventsOf(page, task!.uuid)).filter((e) => e.due_date >= today && e.status === 'open'))
    .toEqual([]);
  await page.keyboard.press('Escape'); // closes the drawer
  await expect(calendar.getByText(title)).toHaveCount(0);
});

test('a contractor accepts an order on the public page in a browser of their own', async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const email = `contractor-${stamp}@example.com`;
  await signInTo(page, '/orders');
  const [property] = await apiGet<{ uuid: string; settings_group_uuid: string }[]>(page, 'properties?per_page=1');
  const contact = await apiPost<{ uuid: string }>(page, 'contacts', {
    settings_group_uuid: property!.settings_group_uuid,
    kind: 'organisation',
    organisation: `Sanitär ${stamp}`,
    email_address: email,
    language: 'en-us',
  });
  const title = `Leaking pipe ${stamp}`;
  const order = await apiPost<{ uuid: string }>(page, 'orders', {
    property_uuid: property!.uuid,
    title,
    kind: 'external',
    contact_uuid: contact.uuid,
  });
  await apiPost(page, 'order-lines', {
    property_uuid: property!.uuid,
    order_uuid: order.uuid,
    title: 'Hours',
    quantity: '2',
    unit_price: '95.00',
  });

  // send it from the drawer (table view)
  await page.goto(`/orders?record=${order.uuid}`);
  const lines = page.getByRole('region', { name: 'Lines' });
  await expect(lines.getByRole('row', { name: /^Hours 2 95\.00 190\.00/ })).toBeVisible(); // 2 × 95.00
  await page.getByRole('button', { name: 'Send to contractor' }).click();
  await expect(page.getByText('Order sent')).toBeVisible();
  const mail = await lastMail(page.request, email);
  const link = new URL(mail.link).pathname;
  expect(link).toMatch(/^\/public\/order\//);

  // the contractor: no session, another browser context
  const contractor = await browser.newContext();
  const pub = await contractor.newPage();
  await pub.goto(link);
  await expect(pub.getByRole('heading', { name: title })).toBeVisible();
  await expect(pub.getByRole('cell', { name: 'Hours' })).toBeVisible();
  await pub.getByRole('button', { name: 'Accept order' }).click();
  await expect(pub.getByRole('status')).toHaveText('Thank you: you accepted the order.');
  await pub.reload();
  await expect(pub.getByRole('button', { name: 'Accept order' })).toHaveCount(0);
  await expect(pub.getByRole('status')).toContainText('Accepted');
  await pub.getByLabel('Comment', { exact: true }).fill('We come on Monday at 8.');
  await pub.getByRole('button', { name: 'Send comment' }).click();
  await expect(pub.getByText('We come on Monday at 8.')).toBeVisible();
  // the neutral state draws its icon without loading Blueprint's whole icon set (the chunks named paths-…)
  const scripts: string[] = [];
  pub.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
  await pub.goto('/public/order/not-a-real-token');
  await expect(pub.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await expect(pub.locator('.bp6-non-ideal-state-visual svg')).toBeVisible();
  expect(scripts.filter((s) => /\/paths-[^/]*\.js$/.test(s))).toEqual([]);
  await contractor.close();

  await expect
    .poll(async () => (await apiGet<{ status: string }>(page, `orders/${order.uuid}`)).status)
    .toBe('accepted');
});

test('the ICS link serves a feed ical.js parses; a reset kills the old link', async ({ page, playwright }) => {
  await signInTo(page, '/calendar');
  await page.getByRole('button', { name: 'Subscribe in your calendar app (ICS)' }).click();
  const input = page.getByLabel('Your private calendar link');
  await expect(input).toHaveValue(/\/calendar-feed\/.+\.ics$/);
  const url = new URL(await input.inputValue());
  const outside = await playwright.request.newContext({ baseURL: new URL(page.url()).origin }); // no cookies
  const feed = await outside.get(url.pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events.length).toBeGreaterThan(0);
  expect(String(events[0]!.getFirstPropertyValue('summary'))).not.toBe('');

  await page.getByRole('button', { name: 'Reset link' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('This cannot be undone');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset link' }).click();
  await expect(input).not.toHaveValue(url.href);
  const fresh = new URL(await input.inputValue());
  expect((await outside.get(url.pathname)).status()).toBe(404);
  expect((await outside.get(fresh.pathname)).status()).toBe(200);
  await outside.dispose();
});

test('a ticket without a date is dragged from the tray onto a day; Undo takes the date back, Ctrl+Shift+Z and Ctrl+Z redo and undo it', async ({
  page,
}) => {
  const subject = `Door jams ${Date.now().toString(36)}`;
  await signInTo(page, '/calendar');
  const [property] = await apiGet<{ uuid: string }[]>(page, 'properties?per_page=1');
  // a tray as full as a real workspace's: the side panel is then taller than the window on its own
  for (let i = 1; i <= 12; i++)
    await apiPost(page, 'tickets', {
      property_uuid: property!.uuid,
      subject: `Undated ${Date.now().toString(36)} ${i}`,
    });
  const ticket = await apiPost<{ uuid: string }>(page, 'tickets', { property_uuid: property!.uuid, subject });
  await page.reload();
  const tray = page.getByRole('complementary', { name: /Without a date/ });
  const item = tray.getByText(subject);
  await expect(item).toBeVisible();
  // today may be in the month's last row, below the window's fold (at a month's end): scrolled there, the side
  // panel stays beside it (sticky, never taller than the scroll area), so the tray is still in view
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  const cell = page.locator(`td[data-date="${today}"]`);
  await page.locator('.hw-main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
  await expect(tray.getByRole('heading', { name: /Without a date/ })).toBeInViewport();
  await dragFromTray(page, item, cell);
  await expect(page.getByText(/moved$/)).toBeVisible();
  const dueDate = async () => (await apiGet<{ due_date: string | null }>(page, `tickets/${ticket.uuid}`)).due_date;
  await expect.poll(dueDate).toBe(today);
  await expect(tray.getByText(subject)).toHaveCount(0);
  // the day may be full already (other journeys plan things for today): then its "+n more" opens the day's list
  const calendar = page.getByRole('region', { name: 'Deadline calendar' });
  const day = page.locator(`td[data-date="${today}"]`);
  const more = day.locator('.hw-cal-more');
  await expect(day.getByText(subject).or(more).first()).toBeVisible();
  if (await day.getByText(subject).count()) await expect(day.getByText(subject)).toBeVisible();
  else {
    await more.click();
    await expect(calendar.getByText(subject)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(dueDate).toBeNull();
  await expect(tray.getByText(subject)).toBeVisible();
  // the move is a step of the shared undo stack: redo and undo it again from the keyboard on the calendar
  await page.getByRole('region', { name: 'Deadline calendar' }).getByRole('button', { name: 'Today' }).focus();
  await page.keyboard.press('Control+Shift+Z');
  await expect.poll(dueDate).toBe(today);
  await page.keyboard.press('Control+z');
  await expect.poll(dueDate).toBeNull();
});

test('without a mouse: an event moves to a typed date from the task drawer, the whole series with it, and Undo moves it back', async ({
  page,
}) => {
  const title = `Weekly check ${Date.now().toString(36)}`;
  await signInTo(page, '/tasks');
  const [property] = await apiGet<{ uuid: string }[]>(page, 'properties?per_page=1');
  const start = new Date();
  start.setDate(start.getDate() + 1);
  const task = await apiPost<{ uuid: string }>(page, 'tasks', {
    property_uuid: property!.uuid,
    title,
    repeat_type: 'weekly',
    by_weekday: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'][(start.getDay() + 6) % 7],
    start_date: isoOf(start),
  });
  const before = (await eventsOf(page, task.uuid)).map((e) => e.due_date);
  await page.goto(`/tasks?record=${task.uuid}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const first = before[0]!;
  const target = isoOf(new Date(Number(first.slice(0, 4)), Number(first.slice(5, 7)) - 1, Number(first.slice(8)) + 1));
  const label = typed(first);
  const row = page.getByRole('listitem', { name: `Event on ${label}` });
  await row.getByLabel(`New date for the event on ${label}`).fill(target);
  await row.getByRole('button', { name: 'Move' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Move a recurring task' });
  await dialog.getByLabel('All occurrences').check();
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText(`Every occurrence of “${title}” moved`)).toBeVisible();
  await expect.poll(async () => (await eventsOf(page, task.uuid))[0]?.due_date).toBe(target);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => (await eventsOf(page, task.uuid)).map((e) => e.due_date)).toEqual(before);
});

test('a ticket drawer offers Follow or Unfollow, whichever fits, and names the followers', async ({ page }) => {
  const subject = `Dripping tap ${Date.now().toString(36)}`;
  await signInTo(page, '/tickets');
  const [property] = await apiGet<{ uuid: string }[]>(page, 'properties?per_page=1');
  const ticket = await apiPost<{ uuid: string }>(page, 'tickets', { property_uuid: property!.uuid, subject });
  await page.goto(`/tickets?record=${ticket.uuid}`);
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  const followButton = page.getByRole('button', { name: 'Follow', exact: true });
  const unfollowButton = page.getByRole('button', { name: 'Unfollow', exact: true });
  await expect(followButton).toBeVisible();
  await expect(unfollowButton).toHaveCount(0);
  await followButton.click();
  await expect(unfollowButton).toBeVisible();
  await expect(followButton).toHaveCount(0);
  await expect(page.getByTestId('ticket-followers')).toContainText('Followed by');
  await unfollowButton.click();
  await expect(followButton).toBeVisible();
  await expect(page.getByTestId('ticket-followers')).toHaveCount(0);
});

test('tasks, tickets and orders have record pages with their own editor and panels', async ({ page }) => {
  const stamp = Date.now().toString(36);
  await signInTo(page, '/tickets');
  const [property] = await apiGet<{ uuid: string }[]>(page, 'properties?per_page=1');
  const ticket = await apiPost<{ uuid: string }>(page, 'tickets', {
    property_uuid: property!.uuid,
    subject: `Broken lift ${stamp}`,
  });
  await page.goto(`/tickets?record=${ticket.uuid}`);
  await page.getByRole('link', { name: 'Open as page' }).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.uuid}$`));
  await expect(page.getByRole('heading', { name: `Broken lift ${stamp}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comments', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Comments/ })).toHaveCount(1); // the panel, not a second list

  const task = await apiPost<{ uuid: string }>(page, 'tasks', {
    property_uuid: property!.uuid,
    title: `Roof check ${stamp}`,
    repeat_type: 'yearly',
    start_date: isoOf(new Date()),
  });
  await page.goto(`/tasks/${task.uuid}`);
  await expect(page.getByRole('heading', { name: `Roof check ${stamp}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deactivate' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: `Roof check ${stamp}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deactivate' })).toBeVisible();
});

test('a ticket is assigned to a colleague, then delegated to a colleague with a comment', async ({ page }) => {
  const subject = `Flickering light ${Date.now().toString(36)}`;
  await signInTo(page, '/tickets');
  const me = await apiGet<{ uuid: string; first_name: string; last_name: string }>(page, 'user');
  const name = `${me.first_name} ${me.last_name}`.trim();
  const [property] = await apiGet<{ uuid: string }[]>(page, 'properties?per_page=1');
  const ticket = await apiPost<{ uuid: string }>(page, 'tickets', {
    property_uuid: property!.uuid,
    subject,
  });
  await page.goto(`/tickets?record=${ticket.uuid}`);
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Assign' });
  await dialog.getByLabel('Colleague', { exact: true }).selectOption({ label: name });
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText('Assignee saved')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await apiGet<{ assignee_user_uuid: string | null }>(page, `tickets/${ticket.uuid}`)).assignee_user_uuid,
    )
    .toBe(me.uuid);

  await page.getByRole('button', { name: 'Delegate', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Delegate' });
  await expect(dialog.getByRole('button', { name: 'Delegate' })).toBeEnabled(); // the assignee is preselected
  await dialog.getByLabel('A contact').check();
  await expect(dialog.getByRole('button', { name: 'Delegate' })).toBeDisabled(); // no contact chosen yet
  await dialog.getByLabel('A colleague').check();
  await dialog.getByLabel('Colleague', { exact: true }).selectOption({ label: name });
  await dialog.getByLabel('Comment').fill('Please have a look tomorrow');
  await dialog.getByRole('button', { name: 'Delegate' }).click();
  await expect(page.getByText('Ticket delegated')).toBeVisible();
  const saved = await apiGet<{ status: string; assignee_user_uuid: string }>(page, `tickets/${ticket.uuid}`);
  expect(saved).toMatchObject({ status: 'delegated', assignee_user_uuid: me.uuid });
  await expect(page.locator('.hw-comment-list').getByText('Please have a look tomorrow')).toBeVisible();
});

test('"this and following" splits the series; Undo joins it back with the same events', async ({ page }) => {
  const title = `Gutter check ${Date.now().toString(36)}`;
  await signInTo(page, '/tasks');
  const [property] = await apiGet<{ uuid: string }[]>(page, 'properties?per_page=1');
  const start = new Date();
  start.setDate(start.getDate() + 1);
  const task = await apiPost<{ uuid: string }>(page, 'tasks', {
    property_uuid: property!.uuid,
    title,
    repeat_type: 'weekly',
    by_weekday: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'][(start.getDay() + 6) % 7],
    start_date: isoOf(start),
    end_type: 'count',
    occurrences: 5,
  });
  const before = (await eventsOf(page, task.uuid)).map((e) => [e.uuid, e.due_date]);
  const third = before[2]![1]!;
  const target = isoOf(new Date(Number(third.slice(0, 4)), Number(third.slice(5, 7)) - 1, Number(third.slice(8)) + 2));
  await page.goto(`/tasks?record=${task.uuid}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const row = page.getByRole('listitem', { name: `Event on ${typed(third)}` });
  await row.getByLabel(`New date for the event on ${typed(third)}`).fill(target);
  await row.getByRole('button', { name: 'Move' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move a recurring task' });
  await dialog.getByLabel('This and the following occurrences').check();
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText(`“${title}” and the following occurrences moved`)).toBeVisible();
  await expect.poll(async () => (await eventsOf(page, task.uuid)).length).toBe(2);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => (await eventsOf(page, task.uuid)).map((e) => [e.uuid, e.due_date])).toEqual(before);
  const split = await page.request.get(`/api/v1/tasks?filter[split_from_uuid]=${task.uuid}&status_limiter=all`);
  expect(((await split.json()) as { data: unknown[] }).data).toHaveLength(0);
});

test('record dates: guarantee end dates toggled off and on in the record dates menu, one dropped on another day goes back saying why, opened in its module', async ({
  page,
}) => {
  // the title sorts first among its day's events, so that the journeys' other deadlines of the same day (the day
  // and week views show 40 and 12 a day before their "+n" entry: views/calendar/calendar-cap.ts) never hide it
  const title = `0 Guarantee pump ${Date.now().toString(36)}`;
  await signInTo(page, '/calendar');
  const [property] = await apiGet<{ uuid: string }[]>(page, 'properties?per_page=1');
  const guarantor = await apiPost<{ uuid: string }>(page, 'contacts', {
    settings_group_uuid: (await apiGet<{ settings_group_uuid: string }>(page, `properties/${property!.uuid}`))
      .settings_group_uuid,
    kind: 'organisation',
    organisation: 'Wärme AG',
  });
  const start = new Date();
  start.setFullYear(start.getFullYear() - 1);
  const guarantee = await apiPost<{ uuid: string; end_date: string }>(page, 'guarantees', {
    property_uuid: property!.uuid,
    title,
    guarantor_uuid: guarantor.uuid,
    start_date: isoOf(start),
    guarantee_duration: 12,
  });
  await page.reload();
  const calendar = page.getByRole('region', { name: 'Deadline calendar' });
  // the day view of the guarantee's end (today or a day or two either side)
  await calendar.getByRole('combobox', { name: 'Go to…' }).selectOption('today');
  // the calendar's today is the browser's (Europe/Zurich), which is another day than this process's for an hour
  // around midnight
  const browserToday = await page.evaluate(() => {
    const d = new Date();
    return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  });
  const days = Math.round((Date.parse(`${guarantee.end_date}T00:00:00Z`) - browserToday) / 86_400_000);
  const end = new Date(
    Number(guarantee.end_date.slice(0, 4)),
    Number(guarantee.end_date.slice(5, 7)) - 1,
    Number(guarantee.end_date.slice(8)),
  );
  for (let i = 0; i < Math.abs(days); i++)
    await calendar.getByRole('button', { name: days < 0 ? 'Previous period' : 'Next period' }).click();
  // the record date kinds share one menu beside the task, ticket and order switches
  const menu = page.getByRole('button', { name: /^Record dates \(\d+ of \d+\)$/ });
  await expect(menu).toHaveText(/\((\d+) of \1\)/);
  await menu.click();
  const toggle = page.getByRole('checkbox', { name: 'Guarantee end dates' });
  await expect(toggle).toBeChecked();
  await expect(calendar.getByText(title)).toBeVisible();
  await toggle.uncheck();
  await expect(calendar.getByText(title)).toHaveCount(0);
  await expect(menu).not.toHaveText(/\((\d+) of \1\)/);
  await toggle.check();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveCount(0);
  const event = calendar.locator('.hw-cal-kind-guarantee_end', { hasText: title });
  await expect(event).toBeVisible();
  // a computed end date cannot move: the entry says why, and one dropped on another day goes back with a notice
  await event.hover();
  await expect(page.getByRole('tooltip')).toContainText(/computed from the start date and the duration/);
  await expect(event).toHaveClass(/hw-cal-locked/);
  await calendar.getByRole('button', { name: 'Week', exact: true }).click();
  const endCell = page.locator(`td[data-date="${guarantee.end_date}"]`);
  await expect(endCell.locator('.hw-cal-kind-guarantee_end', { hasText: title })).toBeVisible();
  const other = new Date(end);
  other.setDate(other.getDate() + (other.getDay() === 1 ? 1 : -1)); // another day of the same week (from Monday)
  const from = (await endCell.locator('.hw-cal-kind-guarantee_end', { hasText: title }).boundingBox())!;
  const to = (await page.locator(`td[data-date="${isoOf(other)}"]`).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 5, from.y + from.height / 2 + 5, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 40, { steps: 20 });
  await page.mouse.up();
  await expect(
    page.getByText(`“${title}” cannot be moved: computed from the start date and the duration`, { exact: false }),
  ).toBeVisible();
  await expect(endCell.locator('.hw-cal-kind-guarantee_end', { hasText: title })).toBeVisible();
  await expect(page.locator(`td[data-date="${isoOf(other)}"]`).getByText(title)).toHaveCount(0);
  expect((await apiGet<{ end_date: string }>(page, `guarantees/${guarantee.uuid}`)).end_date).toBe(guarantee.end_date);
  await endCell.locator('.hw-cal-kind-guarantee_end', { hasText: title }).click();
  await page.waitForURL((url) => url.pathname === '/guarantees' && url.search.includes(guarantee.uuid));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});

/** Writes through the signed-in session with the version just read (If-Match), as another user's edit would. */
async function patchTicket(page: Page, uuid: string, body: Record<string, unknown>) {
  const current = await apiGet<{ updated_at: string }>(page, `tickets/${uuid}`);
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await page.request.patch(`/api/v1/tickets/${uuid}`, {
    data: body,
    headers: {
      'X-XSRF-TOKEN': decodeURIComponent(xsrf),
      'X-Requested-With': 'XMLHttpRequest',
      'If-Match': `"${current.updated_at}"`,
    },
  });
  expect(res.status()).toBe(200);
}

/** The calendar screen signed in, a stamp for the titles and a property to put records on. */
async function onCalendar(page: Page) {
  await signInTo(page, '/tasks'); // the calendar opens once the records are made (no list cached before them)
  const [property] = await apiGet<{ uuid: string }[]>(page, 'properties?per_page=1');
  return { stamp: Date.now().toString(36), property: property! };
}
/** The 10th of the month `months` away from this one. */
const tenthOf = (months: number) => isoOf(new Date(new Date().getFullYear(), new Date().getMonth() + months, 10));
const addDays = (iso: string, days: number) =>
  isoOf(new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8)) + days));

/** Drags an item of the tray onto a day of the month: both scrolled into view first (the day may be below the
 * window's fold, the item below the tray's: earlier journeys leave undated tickets), and checked to be there. */
async function dragFromTray(page: Page, item: Locator, day: Locator) {
  await day.scrollIntoViewIfNeeded();
  await item.scrollIntoViewIfNeeded();
  await expect(item).toBeInViewport();
  await expect(day).toBeInViewport({ ratio: 0.5 });
  await drag(page, (await item.boundingBox())!, (await day.boundingBox())!);
}

/** Drags with the mouse from the middle of one element to the middle of another. */
async function drag(page: Page, from: { x: number; y: number; width: number; height: number }, to: typeof from) {
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 5, from.y + from.height / 2 + 5, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
}

test('a ticket dropped on a crowded day stays in view, Ctrl+Z right after the drag puts it back, and an undo never overwrites a later edit', async ({
  page,
}) => {
  await recordNotices(page);
  const { stamp, property } = await onCalendar(page);
  // the 10th of next month: in the future (not overdue), in the month view one "Next period" away
  const crowded = tenthOf(1);
  // five tickets fill the day (the month view draws 3 a day and "+n more"); the one dropped there from the tray
  // sorts last by title
  for (let i = 1; i <= 5; i++)
    await apiPost(page, 'tickets', {
      property_uuid: property.uuid,
      subject: `A crowd ${stamp} ${i}`,
      due_date: crowded,
    });
  const subject = `zz moved ${stamp}`;
  const ticket = await apiPost<{ uuid: string }>(page, 'tickets', { property_uuid: property.uuid, subject });
  const dueDate = async () => (await apiGet<{ due_date: string | null }>(page, `tickets/${ticket.uuid}`)).due_date;
  await page.goto('/calendar');
  const calendar = page.getByRole('region', { name: 'Deadline calendar' });
  await calendar.getByRole('button', { name: 'Next period' }).click();
  const day = page.locator(`td[data-date="${crowded}"]`);
  await expect(day.locator('.hw-cal-more')).toBeVisible();
  const tray = page.getByRole('complementary', { name: /Without a date/ });
  const item = tray.getByText(subject);
  await expect(item).toBeVisible();

  // dropped on the full day, it is drawn there once the calendar has reloaded, not behind "+n more"
  const reloaded = page.waitForResponse(
    (r) => r.url().includes('/api/v1/calendar/events') && r.request().method() === 'GET',
  );
  await dragFromTray(page, item, day);
  await expect.poll(dueDate).toBe(crowded);
  // the notice names the ticket (its title starts with the ticket's number); recorded as shown, however briefly
  await expect.poll(async () => (await notices(page)).some((text) => text.includes(`${subject}” moved`))).toBe(true);
  await reloaded;
  await expect(calendar).toHaveAttribute('aria-busy', 'false');
  await expect(day.locator('.hw-cal-more')).toBeVisible();
  await expect(day.locator('.fc-event', { hasText: subject })).toBeVisible();

  // Ctrl+Z straight after the drag (the focus is wherever the drag left it) takes the move back, Ctrl+Y redoes it
  await page.keyboard.press('Control+z');
  await expect.poll(dueDate).toBeNull();
  await expect(tray.getByText(subject)).toBeVisible();
  await page.keyboard.press('Control+y');
  await expect.poll(dueDate).toBe(crowded);

  // someone moves it meanwhile: the undo is refused (the record's version has changed) and their date stays
  const later = addDays(crowded, 2);
  await patchTicket(page, ticket.uuid, { due_date: later });
  await page.keyboard.press('Control+z');
  await expect(page.getByText('The record has been changed by someone else in the meantime.')).toBeVisible();
  expect(await dueDate()).toBe(later);
});

test('calendar entries keep their kind’s colour when overdue, the legend explains every colour, and an entry’s details show on hover and on focus', async ({
  page,
}) => {
  const { stamp, property } = await onCalendar(page);
  const past = tenthOf(-1); // overdue, one "Previous period" away
  const subject = `0 Overdue ${stamp}`;
  await apiPost(page, 'tickets', { property_uuid: property.uuid, subject, due_date: past });
  await page.goto('/calendar');
  const legend = page.getByRole('region', { name: 'Legend' });
  for (const text of ['Task events', 'Tickets', 'Orders', 'Bill due dates', 'Overdue (red stripe)'])
    await expect(legend.getByText(text, { exact: true })).toBeVisible();
  await expect(legend.getByText(/^Done, confirmed, skipped or cancelled/)).toBeVisible();
  await expect(legend.getByText(/^Computed date, cannot be moved/)).toBeVisible();

  const calendar = page.getByRole('region', { name: 'Deadline calendar' });
  await calendar.getByRole('button', { name: 'Previous period' }).click();
  const event = page.locator(`td[data-date="${past}"]`).locator('.fc-event', { hasText: subject });
  await expect(event).toHaveClass(/hw-cal-overdue/);
  // the ticket colour, as its legend entry; overdue is the red stripe on the left
  const ticketColour = await legend
    .locator('li', { hasText: /^Tickets$/ })
    .locator('.hw-cal-sample')
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  await expect(event).toHaveCSS('background-color', ticketColour);
  await expect(event).toHaveCSS('border-left-color', 'rgb(205, 66, 70)');

  const tooltip = page.getByRole('tooltip');
  await event.hover();
  await expect(tooltip).toContainText(subject);
  await expect(tooltip).toContainText(`KindTickets`);
  await expect(tooltip).toContainText(`Date${typed(past)}`);
  await expect(tooltip).toContainText(/State.*overdue/);
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);
  // from the keyboard: the focused entry shows the same details and names them as its description
  await page.mouse.move(0, 0);
  await event.focus();
  await expect(tooltip).toContainText(subject);
  await expect(event).toHaveAttribute('aria-describedby', (await tooltip.getAttribute('id'))!);
});

test('a reference picker takes typing at once: the property of a new task is typed and picked with Enter', async ({
  page,
}) => {
  await signInTo(page, '/tasks');
  const [property] = await apiGet<{ uuid: string; name: string }[]>(page, 'properties?per_page=1');
  await page.getByRole('button', { name: 'Table' }).click();
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New Task' })).toBeVisible();
  await page.getByLabel(/^Property/).click();
  const search = page.getByRole('combobox', { name: 'Search…' });
  await expect(search).toBeFocused();
  await page.keyboard.type(property!.name);
  await expect(search).toHaveValue(property!.name);
  await expect(page.getByRole('listbox').getByRole('option', { name: property!.name })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(/^Property/)).toHaveText(property!.name);
});

test('after a pick the focus returns to the picker, or stays in the field the user moved to meanwhile', async ({
  page,
}) => {
  await signInTo(page, '/tasks');
  await page.getByRole('button', { name: 'Table' }).click();
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New Task' })).toBeVisible();
  await page.getByLabel(/^Property/).click();
  const option = page.getByRole('listbox').getByRole('option').first();
  await expect(option).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(/^Property/)).toBeFocused();
  // picked again, and the title clicked the next moment, while the popover is still fading: still typing there after the popover has gone
  await page.getByLabel(/^Property/).click();
  await expect(option).toBeVisible();
  await option.evaluate((element) => {
    ((element.querySelector('.bp6-menu-item') ?? element) as HTMLElement).click();
    requestAnimationFrame(() => document.getElementById('record-task-title')!.focus());
  });
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(page.locator('.bp6-popover')).toHaveCount(0);
  await page.keyboard.type('Typed after the pick');
  await expect(page.getByLabel(/^Title/)).toHaveValue('Typed after the pick');
});
