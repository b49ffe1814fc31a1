// Columns a user can read (docs/decisions.md, "Column widths"): at 1440×900, in English and German, every module's
// grid shows its default columns with no header label cut off, and its key columns in view without scrolling; the
// Users table of the settings fits a phone (390 px) without scrolling sideways.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openUserMenu, signInTo } from './support';

/** Each module's grid and its key columns, which come first (grids/*.grid.ts). */
const MODULES: readonly [path: string, keyColumns: readonly string[]][] = [
  ['/property', ['name', 'number_internal', 'street', 'city']],
  ['/partitions', ['name', 'property_uuid', 'status', 'usage']],
  ['/areas', ['name', 'property_uuid', 'partition_uuid', 'number_internal']],
  ['/facilities', ['name', 'property_uuid', 'number_internal', 'manufacturer']],
  ['/contracts', ['title', 'status', 'contract_acceptor_uuid', 'contract_end_date', 'latest_cancellation_date']],
  ['/guarantees', ['title', 'status', 'end_date', 'property_uuid']],
  ['/budgets', ['name', 'year', 'amount', 'available_amount']],
  ['/bills', ['title', 'status', 'due_date', 'amount', 'contact_uuid']],
  ['/expenses', ['title', 'bill_uuid', 'total']],
  ['/counters', ['name', 'counter_id', 'status', 'medium']],
  ['/measurements', ['measured_at', 'counter_uuid', 'property_uuid', 'value', 'consumption', 'status']],
  ['/documents', ['title', 'category', 'property_uuid', 'valid_to']],
  ['/contacts', ['display_name', 'kind', 'email_address', 'phone_number']],
  ['/tickets', ['subject', 'status', 'assignee_name', 'due_date', 'priority']],
  ['/tasks', ['title', 'status', 'assignee_name', 'start_date', 'repeat_type']],
  ['/task-events', ['due_date', 'task_uuid', 'status', 'overdue']],
  ['/orders', ['title', 'status', 'kind', 'due_date']],
  ['/settings/units', ['name', 'symbol']],
  ['/settings/cost-groups', ['code', 'name']],
  ['/settings/renewal/groups', ['name', 'default_lifetime']],
];

/** Forgets every saved table layout of this device class, so each grid opens with its defaults. */
async function forgetLayouts(page: Page) {
  await page.evaluate(async () => {
    const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
    const platform = (nav.userAgentData?.platform || nav.platform).replace(/[^A-Za-z0-9 _.-]/g, '').trim();
    const device = `${platform.slice(0, 40) || 'unknown'}:${innerWidth < 700 ? 'mobile' : 'desktop'}`;
    const query = `device=${encodeURIComponent(device)}`;
    const saved = (await (await fetch(`/api/v1/user/table-settings?${query}`)).json()) as { data: object };
    const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
    for (const table of Object.keys(saved.data))
      await fetch(`/api/v1/user/table-settings/${table}?${query}`, {
        method: 'DELETE',
        headers: { 'X-XSRF-TOKEN': xsrf, 'X-Requested-With': 'XMLHttpRequest' },
      });
  });
}

/** What is wrong with the grid's columns: labels cut off, key columns missing or outside the grid's view. */
function columnProblems(page: Page, keys: readonly string[]) {
  return page.evaluate((keyColumns) => {
    const problems: string[] = [];
    const grid = document.querySelector('.ag-root-wrapper')!.getBoundingClientRect();
    const right = Math.min(grid.right, innerWidth);
    for (const label of document.querySelectorAll<HTMLElement>('.ag-header-cell[col-id] .ag-header-cell-text'))
      if (label.scrollWidth > label.clientWidth)
        problems.push(`cut: "${label.textContent}" (${label.scrollWidth} > ${label.clientWidth})`);
    for (const colId of keyColumns) {
      const cell = document.querySelector(`.ag-header-cell[col-id="${colId}"]`);
      const box = cell?.getBoundingClientRect();
      if (!box || box.width === 0) problems.push(`missing: ${colId}`);
      else if (box.left < grid.left || box.right > right + 1) problems.push(`out of view: ${colId}`);
    }
    return problems;
  }, keys);
}

async function checkModules(page: Page) {
  for (const [path, keys] of MODULES) {
    await page.goto(path);
    await expect(page.locator(`.ag-header-cell[col-id="${keys[0]}"]`)).toBeVisible({ timeout: 60_000 });
    await expect.poll(() => columnProblems(page, keys), { message: path }).toEqual([]);
  }
}

test('every module grid at 1440×900 shows its headers uncut and its key columns in view', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, '/');
  await forgetLayouts(page);
  await checkModules(page);
});

test('in German too, every module grid at 1440×900 shows its headers uncut and its key columns in view', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, '/');
  await forgetLayouts(page);
  await openUserMenu(page);
  await page.getByRole('option', { name: 'Deutsch', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  try {
    await checkModules(page);
  } finally {
    // back to English for the other journeys
    await openUserMenu(page);
    await page.getByRole('option', { name: 'English (US)', exact: true }).click();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  }
});

test('the Users table fits a phone without scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInTo(page, '/settings/users');
  const table = page.locator('table.hw-members-table, table.hw-access-table').first();
  await expect(table.getByText('admin@demo.hauswerk.ch')).toBeVisible();
  const overflow = await page.evaluate(() => {
    const wide: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > root.clientWidth) wide.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    for (const element of document.querySelectorAll<HTMLElement>('main *'))
      // (a visually hidden element, such as the table's header row on a phone, is 1 px wide on purpose)
      if (
        getComputedStyle(element).overflowX !== 'visible' &&
        element.clientWidth > 1 &&
        element.scrollWidth > element.clientWidth + 1
      )
        wide.push(`${element.tagName}.${element.className} ${element.scrollWidth} > ${element.clientWidth}`);
    const table = document.querySelector('main table')!.getBoundingClientRect();
    if (table.right > innerWidth) wide.push(`table ends at ${table.right}`);
    return wide;
  });
  expect(overflow).toEqual([]);
});
