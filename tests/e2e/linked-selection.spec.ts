// Linked selection (docs/decisions.md, "Linked selection"): tasks ticked in the tasks grid are highlighted in the
// module's calendar, an event clicked there selects its task, which the grid shows selected after switching back;
// a property ticked in the properties grid has its pin highlighted in the screen's Map view.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet, apiPost, signInTo } from './support';

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const dataRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('gridcell') });

test('a selection follows the tasks grid into the calendar and back, and the properties grid onto the map', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  // titles starting with "0" come first among a day's events, so the month view draws them (the per-day cap)
  const titles = ['A', 'B', 'C'].map((letter) => `0 Linked ${letter} ${stamp}`);
  await signInTo(page, '/tasks');
  const [property] = await apiGet<{ uuid: string }[]>(page, 'properties?per_page=1');
  for (const title of titles)
    await apiPost(page, 'tasks', {
      property_uuid: property!.uuid,
      title,
      repeat_type: 'monthly',
      start_date: isoOf(new Date()),
    });

  // two tasks ticked in the grid
  await page.getByRole('button', { name: 'Table' }).click();
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(stamp);
  await expect(dataRows(page)).toHaveCount(3);
  for (const title of titles.slice(0, 2)) await dataRows(page).filter({ hasText: title }).getByRole('checkbox').check();
  const count = page.getByRole('group', { name: 'Selection of this screen' });
  await expect(count).toContainText('2 selected');

  // the calendar highlights their events, not the third's
  await page.getByRole('button', { name: 'Calendar', exact: true }).click();
  const calendar = page.getByRole('region', { name: 'Deadline calendar' });
  const eventOf = (title: string) => calendar.locator('.fc-event').filter({ hasText: title }).first();
  await expect(eventOf(titles[0]!)).toHaveClass(/hw-cal-selected/);
  await expect(eventOf(titles[1]!)).toHaveClass(/hw-cal-selected/);
  await expect(eventOf(titles[2]!)).not.toHaveClass(/hw-cal-selected/);
  await expect(count).toContainText('2 selected');

  // Ctrl+click adds the third without opening it; a plain click selects just that one (and opens its drawer)
  await eventOf(titles[2]!).click({ modifiers: ['ControlOrMeta'] });
  await expect(count).toContainText('3 selected');
  await expect(eventOf(titles[2]!)).toHaveClass(/hw-cal-selected/);
  await eventOf(titles[2]!).click();
  await expect(page.getByRole('heading', { name: titles[2] })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: titles[2] })).toBeHidden();
  await expect(count).toContainText('1 selected');
  await expect(eventOf(titles[0]!)).not.toHaveClass(/hw-cal-selected/);

  // back in the grid, that task's row is the one selected
  await page.getByRole('button', { name: 'Table' }).click();
  await search.fill(stamp);
  await expect(dataRows(page)).toHaveCount(3);
  const selected = page.getByRole('row', { selected: true });
  await expect(selected.filter({ hasText: titles[2] })).toHaveCount(1);
  await expect(selected.filter({ hasText: titles[0] })).toHaveCount(0);
  await expect(count).toContainText('1 selected');

  // a property ticked in the properties grid: its pin is highlighted in the Map view
  const properties = await apiGet<{ uuid: string; name: string; latitude: string | null }[]>(
    page,
    'properties?per_page=100',
  );
  const placed = properties.find((p) => p.latitude !== null && p.name)!;
  expect(placed).toBeTruthy();
  await page.goto('/property');
  await page.getByRole('button', { name: 'Table' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(placed.name);
  await dataRows(page).filter({ hasText: placed.name }).first().getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const map = page.locator('.hw-map-embedded');
  await expect(map).toHaveAttribute('data-selected-pins', new RegExp(placed.uuid));
  await expect(page.getByRole('group', { name: 'Selection of this screen' })).toContainText('1 selected');
  // the map's own grid selects it too, and the choice of view is remembered
  await expect(page.getByRole('row', { selected: true }).filter({ hasText: placed.name }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Map', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Table' }).click();
});
