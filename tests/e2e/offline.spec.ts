// Offline (docs/decisions.md, "Installable and offline"): what this session opened stays readable with the network
// off, across a reload, and is gone after logout and in a new browsing session (the app closed and opened again).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  banner,
  cacheWritten,
  cityCell,
  dataRows,
  editCity,
  navigate,
  propertiesReady,
  storedChanges,
  waitingButton,
  type ApiProperty,
} from './offline-support';
import { apiGet, openUserMenu, signIn, signInTo } from './support';

// the service worker serves the app without a network (playwright.config.ts blocks it elsewhere)
test.use({ serviceWorkers: 'allow' });

interface ApiFacility {
  uuid: string;
  name: string;
}

test('records and lists opened in this session are readable offline, with the banner saying how old', async ({
  page,
  context,
}) => {
  await signInTo(page, '/facilities');
  await expect(dataRows(page).first()).toBeVisible();
  const [facility] = await apiGet<ApiFacility[]>(page, 'facilities?per_page=1&sort_by=name');
  await navigate(page, `/facilities/${facility!.uuid}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(facility!.name);
  await navigate(page, '/facilities');
  await expect(dataRows(page).first()).toBeVisible();
  await expect(dataRows(page).first()).toHaveAttribute('row-id', /\w/);
  const firstRow = (await dataRows(page).first().getAttribute('row-id'))!;
  await page.waitForTimeout(1_500);
  await cacheWritten(page);
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText(/as of .* \((this minute|\d+ minutes? ago)\)/);
  await expect(dataRows(page).first()).toHaveAttribute('row-id', firstRow);
  await navigate(page, `/facilities/${facility!.uuid}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(facility!.name);

  await context.setOffline(false);
  await expect(banner(page)).toHaveCount(0);
});

test('a module not opened in this session says so offline: no rows, no unknown count, no error notice', async ({
  page,
  context,
}) => {
  await signInTo(page, '/facilities');
  await expect(dataRows(page).first()).toBeVisible();
  await cacheWritten(page);
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  await context.setOffline(true);
  await navigate(page, '/contacts');
  await expect(page.getByText('Offline: this list was not opened in this session', { exact: false })).toBeVisible();
  await expect(dataRows(page)).toHaveCount(0);
  await expect(page.getByText(/\? of more/)).toHaveCount(0);
  await expect(page.getByText('The server cannot be reached', { exact: false })).toHaveCount(0);

  // back online, the list loads as usual
  await context.setOffline(false);
  await page.reload();
  await expect(dataRows(page).first()).toBeVisible();
});

test('the session cache ends with the session: a new browsing session and logout find nothing', async ({
  page,
  context,
}) => {
  await signInTo(page, '/facilities');
  await expect(dataRows(page).first()).toBeVisible();
  await cacheWritten(page);
  // the app closed and opened again: a new browsing context has its own, empty session storage
  const reopened = await context.newPage();
  await reopened.goto('/login');
  expect(await reopened.evaluate(() => sessionStorage.getItem('hauswerk.sessionCache') === null)).toBe(true);
  await reopened.close();
  // logout forgets it in this one
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => sessionStorage.getItem('hauswerk.sessionCache') === null)).toBe(true);
});

/** Changes a property through the API as another client would (the context's network is not involved). */
async function changeThroughApi(page: Page, property: ApiProperty, changes: Record<string, unknown>) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await page.request.patch(`/api/v1/properties/${property.uuid}`, {
    data: changes,
    headers: {
      'X-XSRF-TOKEN': decodeURIComponent(xsrf),
      'X-Requested-With': 'XMLHttpRequest',
      'If-Match': `"${property.updated_at}"`,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('a cell edited offline waits, survives a reload and is saved when the connection is back', async ({
  page,
  context,
}) => {
  const property = await propertiesReady(page);
  await context.setOffline(true);
  const city = `Offline ${Date.now() % 100000}`;
  await editCity(page, property.uuid, city);
  await expect(waitingButton(page, 1)).toBeVisible();

  await page.reload();
  await expect(await cityCell(page, property.uuid)).toHaveText(city);
  await expect(waitingButton(page, 1)).toBeVisible();

  await context.setOffline(false);
  await expect.poll(async () => (await apiGet<ApiProperty>(page, `properties/${property.uuid}`)).city).toBe(city);
  await expect(waitingButton(page, 1)).toHaveCount(0);
});

test('a change made meanwhile by someone else opens the conflict view: theirs and mine, field by field', async ({
  page,
  context,
}) => {
  const property = await propertiesReady(page);
  await context.setOffline(true);
  await editCity(page, property.uuid, 'Mine-Stadt');
  await changeThroughApi(page, property, { city: 'Their-Stadt' });

  await context.setOffline(false);
  const dialog = page.getByRole('dialog', { name: 'Changes made offline' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Conflict', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Theirs: City' })).toBeVisible();
  await expect(dialog.getByText('Their-Stadt')).toBeVisible();
  await expect(dialog.getByText('Mine-Stadt')).toBeVisible();
  await dialog.getByText('Mine-Stadt').click();
  await dialog.getByRole('button', { name: 'Save my choice' }).click();
  await expect(dialog.getByText('Every change was sent.')).toBeVisible();
  expect((await apiGet<ApiProperty>(page, `properties/${property.uuid}`)).city).toBe('Mine-Stadt');
});

test('logout with changes waiting warns first, then forgets the queue and the cache', async ({ page, context }) => {
  const property = await propertiesReady(page);
  await context.setOffline(true);
  await editCity(page, property.uuid, 'Vergessen');
  await expect(waitingButton(page, 1)).toBeVisible();

  // declined: nothing is lost
  page.once('dialog', (d) => void d.dismiss());
  await openUserMenu(page);
  await page.getByText('Sign out', { exact: true }).click();
  await expect(waitingButton(page, 1)).toBeVisible();
  await expect(page).toHaveURL(/\/property/);

  let warning = '';
  page.once('dialog', (d) => {
    warning = d.message();
    void d.accept();
  });
  await page.keyboard.press('Escape');
  await openUserMenu(page);
  await page.getByText('Sign out', { exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(warning).toBe('1 change made offline has not been sent yet. Sign out and discard it?');
  expect(await storedChanges(page)).toBe(0);
  expect(await page.evaluate(() => sessionStorage.getItem('hauswerk.sessionCache') === null)).toBe(true);
  await context.setOffline(false);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } });
  test('the calendar opens as a list, and its task events stay readable offline', async ({ page, context }) => {
    await signInTo(page, '/tasks');
    const mode = page.getByRole('button', { name: 'Calendar', exact: true });
    /** The module's remembered mode may still arrive and win over an early click: click until it holds. */
    const calendarMode = () =>
      expect(async () => {
        if ((await mode.getAttribute('aria-pressed')) !== 'true') await mode.click();
        await expect(mode).toHaveAttribute('aria-pressed', 'true', { timeout: 2_000 });
      }).toPass();
    await calendarMode();
    const calendar = page.getByRole('region', { name: 'Deadline calendar' });
    // the calendar's code (FullCalendar) is the largest the tasks screen loads: slow on a busy machine
    await expect(calendar.locator('.fc-listMonth-view')).toBeVisible({ timeout: 30_000 });
    await expect(calendar.locator('.fc-dayGridMonth-view')).toHaveCount(0);
    await expect(calendar.locator('.fc-list-event, .fc-list-empty').first()).toBeVisible();
    const events = () =>
      calendar
        .locator('.fc-list-event')
        .allInnerTexts()
        .then((texts) => texts.map((x) => x.trim()));
    const listed = await events();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await cacheWritten(page);
    await page.waitForTimeout(1_200);

    await context.setOffline(true);
    await page.reload();
    await expect(banner(page)).toBeVisible();
    // the module remembers the calendar once its preference is saved; else the user picks it again, offline too
    await calendarMode();
    await expect(calendar.locator('.fc-listMonth-view')).toBeVisible({ timeout: 30_000 });
    await expect.poll(events).toEqual(listed);
    await context.setOffline(false);
  });
});

test("a task event ticked done offline is sent when the connection is back (the panel's call unchanged)", async ({
  page,
  context,
}) => {
  await signInTo(page, '/tasks');
  await expect(dataRows(page).first()).toHaveAttribute('row-id', /\w/);
  const [open] = await apiGet<{ task_uuid: string }[]>(
    page,
    'task-events?per_page=1&sort_by=due_date&filter[status][]=open',
  );
  const doneCount = async () =>
    (
      await apiGet<{ status: string }[]>(
        page,
        `task-events?filter[task_uuid]=${open!.task_uuid}&status_limiter=all&per_page=100`,
      )
    ).filter((e) => e.status === 'done').length;
  const before = await doneCount();
  await navigate(page, `/tasks/${open!.task_uuid}`);
  const done = page.getByRole('button', { name: 'Done', exact: true }).first();
  await expect(done).toBeVisible();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  await context.setOffline(true);
  await done.click();
  await expect(page.getByText('Kept on this device: it is sent when the connection is back.')).toBeVisible();
  await expect(waitingButton(page, 1)).toBeVisible();
  expect(await doneCount()).toBe(before);

  await context.setOffline(false);
  await expect.poll(doneCount).toBe(before + 1);
  await expect(waitingButton(page, 1)).toHaveCount(0);
});

test('a session that ended while offline: sign in again, then the queue goes on', async ({ page, context }) => {
  const property = await propertiesReady(page);
  await context.setOffline(true);
  const city = `Wieder ${Date.now() % 100000}`;
  await editCity(page, property.uuid, city);
  await expect(waitingButton(page, 1)).toBeVisible();
  // the session ends on the server's side meanwhile (its cookie gone)
  await context.clearCookies();
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Sign in again to send the changes made offline.')).toBeVisible();
  await signIn(page);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await expect.poll(async () => (await apiGet<ApiProperty>(page, `properties/${property.uuid}`)).city).toBe(city);
});

test('an edit of a record deleted meanwhile is shown not saved, with the reason, and can be removed', async ({
  page,
  context,
}) => {
  await signInTo(page, '/');
  const xsrf = async () => decodeURIComponent((await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value);
  const headers = async () => ({ 'X-XSRF-TOKEN': await xsrf(), 'X-Requested-With': 'XMLHttpRequest' });
  const [group] = await apiGet<{ uuid: string }[]>(page, 'settings-groups');
  const created = await page.request.post('/api/v1/properties', {
    data: { name: 'AAA Offline gelöscht', city: 'Bern', settings_group_uuid: group!.uuid },
    headers: await headers(),
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const property = ((await created.json()) as { data: ApiProperty }).data;
  await navigate(page, '/property');
  await expect(await cityCell(page, property.uuid)).toHaveText('Bern');
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  await context.setOffline(true);
  await editCity(page, property.uuid, 'Thun');
  const removed = await page.request.delete(`/api/v1/properties/${property.uuid}`, { headers: await headers() });
  expect(removed.status(), await removed.text()).toBeLessThan(300);

  await context.setOffline(false);
  const dialog = page.getByRole('dialog', { name: 'Changes made offline' });
  await expect(dialog.getByText('Not saved', { exact: true })).toBeVisible();
  await expect(dialog.getByText('The record was deleted meanwhile.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog.getByText('Every change was sent.')).toBeVisible();
});
