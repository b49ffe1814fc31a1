// Renewal planning journey (docs/analytics-api.md, "Renewal forecast"): a renewal group with a default lifetime and
// unit price and a facility in it show on /renewal as the group's stack in the facility's renewal year; the chart's
// CSV gives every year's total as the API does; 5-year tranches and a budget cap (asked for first, then the backlog
// line) change the chart, and the choices stay in the address.
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { apiGet, apiPost, signInTo } from './support';

interface Rec {
  uuid: string;
  settings_group_uuid: string;
}
interface Forecast {
  years: { year: number; total: string }[];
}

test('a facility of a new renewal group shows in its renewal year; tranches and a budget cap', async ({ page }) => {
  const tag = Date.now().toString(36);
  const year = new Date().getFullYear();
  await signInTo(page, '/');
  const [property] = await apiGet<Rec[]>(page, 'properties?per_page=1');
  const sg = property!.settings_group_uuid;
  const group = await apiPost<Rec>(page, 'renewal-groups', {
    settings_group_uuid: sg,
    name: `Kältetechnik ${tag}`,
    default_lifetime: 20,
    default_unit_price: '1000',
  });
  // the group's 20 years from year − 18: renewed in year + 2, 3 × 1,000
  await apiPost(page, 'facilities', {
    property_uuid: property!.uuid,
    name: `Kältemaschine ${tag}`,
    renewal_group_uuid: group.uuid,
    commissioning_year: year - 18,
    quantity: '3',
  });

  await page.goto('/renewal');
  await expect(page.getByRole('heading', { name: 'Renewal planning', level: 1 })).toBeVisible();
  const chart = page.getByRole('figure', { name: 'Renewal forecast' });
  await expect(chart.locator('.recharts-legend-wrapper')).toContainText(`Kältetechnik ${tag}`);
  await expect(chart.locator('.recharts-bar-rectangle path').first()).toBeVisible();

  // the chart's data: the group's 3,000 in year + 2, and each year's total as the API gives it
  const download = page.waitForEvent('download');
  await chart.getByRole('button', { name: 'Save the data of Renewal forecast as CSV' }).click();
  const rows = (await readFile((await (await download).path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
  const header = rows[0]!;
  const column = header.indexOf(`Kältetechnik ${tag}`);
  expect(column).toBeGreaterThan(1);
  const byYear = new Map(rows.slice(1).map((r) => [Number(r[0]), r]));
  expect(Number(byYear.get(year + 2)![column])).toBe(3000);
  const api = await apiGet<Forecast>(page, `renewal/forecast?settings_group_uuid=${sg}`);
  expect(api.years.map((y) => [y.year, Number(y.total)])).toEqual(
    [...byYear].map(([y, r]) => [y, Number(r[header.indexOf('Total')])]),
  );

  // five-year tranches, named by their years
  await page.getByRole('combobox', { name: 'Spread' }).selectOption({ label: '5-year tranches' });
  await expect(chart.locator('.recharts-cartesian-axis-tick-value').first()).toHaveText(`${year}–${year + 4}`);
  await expect(page).toHaveURL(/smoothing=tranches/);

  // a budget cap is asked for, then the backlog shows
  await page.getByRole('combobox', { name: 'Spread' }).selectOption({ label: 'Budget cap per year' });
  await expect(page.getByText('Enter the most a year may spend on renewals that can wait.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Budget cap per year' }).fill('250000');
  await page.getByRole('textbox', { name: 'Budget cap per year' }).press('Enter');
  await expect(page).toHaveURL(/budget_cap=250000/);
  await expect(chart.locator('.recharts-legend-wrapper')).toContainText('Backlog');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Budget cap per year' })).toHaveValue('250000');
  await expect(chart.locator('.recharts-legend-wrapper')).toContainText('Backlog');
});
