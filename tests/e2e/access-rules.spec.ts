// Access rules journey (docs/domain/permissions.md, "Access rules"): the demo admin makes, on /settings/permissions, an
// access rule on contracts whose title contains "Secret lease", seen only by a user group the second member is not
// in. That member then finds the contract nowhere: not in the contracts list, not by its search, not in the deadline
// calendar's list, not in a downloaded CSV export; a contract dated the same day stays visible everywhere (so the
// checks look at places that show contracts). Runs on a server of its own that has the second member
// (member-server.ts).
import fs from 'node:fs/promises';
import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
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

const SECRET = 'Secret lease Seefeld';
const OPEN = 'Open lease Seefeld';
const dataRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('gridcell') });
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Table tools' });
const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

test('an access rule made in the settings hides a contract from a member everywhere', async ({ page }) => {
  test.setTimeout(120_000);
  await signInTo(page, '/settings/user-groups');
  // two contracts ending today (the calendar's month), one to hide
  const [property] = await apiGet<{ uuid: string }[]>(page, 'properties?per_page=1');
  const today = isoDay(new Date());
  for (const title of [SECRET, OPEN])
    await apiPost(page, 'contracts', {
      property_uuid: property!.uuid,
      title,
      contract_type: 'lease',
      contract_start_date: '2020-01-01',
      contract_end_date: today,
    });

  // a user group without the member (made in the user groups grid's drawer): the only one that still sees the
  // hidden contract
  await expect(page.getByRole('heading', { name: 'User groups', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByLabel(/^Name/).fill('Board');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'New User group' })).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Board' })).toBeVisible();

  await page.goto('/settings/permissions');
  await page.getByRole('button', { name: 'New access rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New access rule' });
  await dialog.getByLabel('Name').fill('Board leases');
  await dialog.getByLabel('Module').selectOption({ label: 'Contracts' });
  // a bad condition first: the server's 422 shows at its field
  await dialog.getByRole('combobox', { name: 'Add a condition…' }).selectOption({ label: 'Duration (months)' });
  await dialog.getByRole('textbox', { name: 'Duration (months) from' }).fill('twelve');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/has an invalid format/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove the condition on Duration (months)' }).click();
  await dialog.getByRole('combobox', { name: 'Add a condition…' }).selectOption({ label: 'Title' });
  await dialog.getByRole('textbox', { name: 'Title contains' }).fill('Secret lease');
  await dialog.getByRole('button', { name: /^User groups that still see them/ }).click();
  await page.getByRole('checkbox', { name: 'Board' }).check();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const rule = page.getByRole('row', { name: /Board leases/ });
  await expect(rule).toContainText('Contracts');
  await expect(rule).toContainText('Title: contains “Secret lease”');
  await expect(rule).toContainText('Board');

  // the admin still sees both
  const adminSees = await apiGet<{ title: string }[]>(page, 'contracts?search=lease%20Seefeld');
  expect(adminSees.map((c) => c.title).sort()).toEqual([OPEN, SECRET]);

  await page.goto('/logout');
  await page.waitForURL(/\/login/);
  await signIn(page, MEMBER.email, MEMBER.password);
  await page.waitForURL((url) => url.pathname === '/');

  // the contracts list, and its search
  await page.goto('/contracts');
  await expect(dataRows(page).first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('lease Seefeld');
  await expect(dataRows(page).filter({ hasText: OPEN })).toHaveCount(1);
  await expect(page.getByText(SECRET)).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search' }).fill('Secret');
  await expect(dataRows(page)).toHaveCount(0);
  const searched = await apiGet<{ title: string }[]>(page, 'contracts?search=Secret%20lease');
  expect(searched).toEqual([]);

  // the export: the CSV downloaded holds the other contract, not the hidden one
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(dataRows(page).first()).toBeVisible();
  const download = page.waitForEvent('download');
  await toolbar(page).getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'CSV, separated by commas (,)' }).click();
  const csv = await fs.readFile((await (await download).path())!, 'utf8');
  expect(csv).toContain(OPEN);
  expect(csv).not.toContain(SECRET);

  // the deadline calendar's list of this month
  await page.goto('/calendar');
  const calendar = page.getByRole('region', { name: 'Deadline calendar' });
  await calendar.getByRole('button', { name: 'List', exact: true }).click();
  await expect(calendar.getByText(OPEN)).toBeVisible();
  await expect(calendar.getByText(SECRET)).toHaveCount(0);
  const from = `${today.slice(0, 8)}01`;
  const events = await apiGet<{ title: string }[]>(page, `calendar/events?from=${from}&to=${today}`);
  expect(events.some((e) => e.title === OPEN)).toBe(true);
  expect(events.some((e) => e.title === SECRET)).toBe(false);
});
