// Offline (docs/decisions.md, "Installable and offline"): what this session opened stays readable with the network
// off, across a reload, and is gone after logout and in a new browsing session (the app closed and opened again).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet, signInTo } from './support';

interface ApiFacility {
  uuid: string;
  name: string;
}

const dataRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('gridcell') });
/** Opens a route the way a link does (history and popstate), without loading the page again. */
const navigate = (page: Page, to: string) =>
  page.evaluate((path) => {
    history.pushState({}, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
const banner = (page: Page) => page.getByRole('status').filter({ hasText: /^Offline:/ });
/** Waits until the session's copy is written (one second after the last change). */
const cacheWritten = (page: Page) =>
  page.waitForFunction(() => (sessionStorage.getItem('hauswerk.sessionCache') ?? '').length > 1000);

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
