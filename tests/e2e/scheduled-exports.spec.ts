// Scheduled exports journey (docs/domain/scheduled-exports.md, "The page"): the demo admin saves a view of the units
// (through the API), schedules it on /settings/exports with the grid's New form, presses Run now in its drawer, sees
// the run with its rows, and downloads the file. The schedule is deleted at the end.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet, apiPost, signInTo } from './support';

test('a saved view scheduled as an export runs now and its file downloads', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const viewName = `Units ${stamp}`;
  await signInTo(page, '/');
  const [group] = await apiGet<{ uuid: string }[]>(page, 'settings-groups?slim=1');
  const units = await apiGet<unknown[]>(page, `units?settings_group_uuid=${group!.uuid}&per_page=500`);
  await apiPost(page, 'grid-views', {
    settings_group_uuid: group!.uuid,
    name: viewName,
    table_name: 'unit',
    shared: false,
    query: { sort_by: 'name' },
  });

  await page.goto('/settings/exports');
  await expect(page.getByRole('heading', { name: 'Scheduled exports', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New Scheduled export' })).toBeVisible();
  await page.getByLabel(/^Name/).fill(`Export ${stamp}`);
  await page.getByLabel(/^Saved view/).click();
  await page.getByRole('combobox', { name: 'Search…' }).fill(viewName);
  await page.getByRole('listbox').getByRole('option', { name: viewName }).click();
  await page.getByLabel(/^Schedule/).selectOption({ label: 'Weekly (Mondays)' });
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/v1\/scheduled-exports$/.test(r.url()),
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  const schedule = ((await response.json()) as { data: { uuid: string } }).data;

  try {
    await page.goto(`/settings/exports?record=${schedule.uuid}`);
    const runs = page.getByRole('region', { name: 'Runs' });
    await expect(runs).toBeVisible();
    await expect(runs.getByText('No runs yet', { exact: false })).toBeVisible();
    await runs.getByRole('button', { name: 'Run now' }).click();
    const table = runs.getByRole('table', { name: 'Runs' });
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText('Done');
    await expect(row).toContainText('run by hand');
    await expect(row.getByRole('cell').nth(2)).toHaveText(String(units.length));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: /Download/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^Export ${stamp}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
    expect(fs.statSync(await download.path()).size).toBeGreaterThan(1000);
  } finally {
    await page.request.delete(`/api/v1/scheduled-exports/${schedule.uuid}`, {
      headers: { 'X-XSRF-TOKEN': await xsrf(page), 'X-Requested-With': 'XMLHttpRequest' },
    });
  }
});

async function xsrf(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  return decodeURIComponent(cookie?.value ?? '');
}
