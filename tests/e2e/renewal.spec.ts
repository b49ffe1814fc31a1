// Renewal planning journey (docs/analytics-api.md, "Renewal forecast"): a renewal group with a default lifetime and
// unit price and a facility in it show on /renewal as the group's stack in the facility's renewal year; the chart's
// CSV gives every year's total as the API does; 5-year tranches and a budget cap (asked for first, then the backlog
// line) change the chart, and the choices stay in the address.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { cellOf, dataRows } from './sheet-support';
import { apiGet, apiPost, signInTo } from './support';

interface Rec {
  uuid: string;
  settings_group_uuid: string;
}
/** Selects one property of its settings group for the next page load (the browser session's selected context). The
 * page first picks its settings group itself once the user's groups have loaded, which drops any properties chosen
 * before it: so that is waited for. */
async function selectOnly(page: Page, property: Rec) {
  await page.waitForFunction(() => sessionStorage.getItem('hauswerk.selectedSettingsGroup') !== null);
  await page.evaluate(
    ({ sg, uuid }) => {
      sessionStorage.setItem('hauswerk.selectedSettingsGroup', JSON.stringify(sg));
      sessionStorage.setItem('hauswerk.selectedProperties', JSON.stringify([uuid]));
    },
    { sg: property.settings_group_uuid, uuid: property.uuid },
  );
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
  const rows = await chartCsv(page);
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

test('property groups are made on their settings page, the forecast stacks by them and draws a budget line', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const year = new Date().getFullYear();
  await signInTo(page, '/settings/renewal/property-groups');
  await expect(page.getByRole('heading', { name: 'Renewal property groups', level: 1 })).toBeVisible();
  // the demo's groups, by country
  await expect(page.locator('.ag-row').filter({ hasText: 'Portfolio Schweiz' })).toBeVisible();
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New Property group' })).toBeVisible();
  await page.getByLabel(/^Name/).fill(`Nord ${tag}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'New Property group' })).toBeHidden();
  await expect(page.locator('.ag-row').filter({ hasText: `Nord ${tag}` })).toBeVisible();

  // a property of the new group with a facility renewed next year
  const [group] = await apiGet<Rec[]>(page, `renewal-property-groups?search=${encodeURIComponent(`Nord ${tag}`)}`);
  const property = await apiPost<Rec>(page, 'properties', {
    settings_group_uuid: group!.settings_group_uuid,
    name: `Nordstrasse ${tag}`,
    property_group_uuid: group!.uuid,
  });
  await apiPost(page, 'facilities', {
    property_uuid: property.uuid,
    name: `Lift ${tag}`,
    lifetime: 10,
    commissioning_year: year - 9,
    unit_price: '1234',
  });

  await page.goto('/renewal');
  await page.getByRole('combobox', { name: 'Stacked by' }).selectOption({ label: 'Property group' });
  await expect(page).toHaveURL(/group_by=property_group/);
  const legend = page.getByRole('figure', { name: 'Renewal forecast' }).locator('.recharts-legend-wrapper');
  await expect(legend).toContainText(`Nord ${tag}`);
  await expect(legend).toContainText('Portfolio Schweiz');
  const forecast = await apiGet<{ years: { year: number; groups: Record<string, string> }[] }>(
    page,
    `renewal/forecast?settings_group_uuid=${group!.settings_group_uuid}&group_by=property_group`,
  );
  expect(forecast.years.find((y) => y.year === year + 1)!.groups[group!.uuid]).toBe('1234.00');

  // a budget line of 50,000 a year, kept in the address
  await page.getByRole('combobox', { name: 'Budget line' }).selectOption({ label: 'Amount per year' });
  await page.getByRole('textbox', { name: 'Budget per year' }).fill('50000');
  await page.getByRole('textbox', { name: 'Budget per year' }).press('Enter');
  await expect(page).toHaveURL(/budget_line=amount&budget_value=50000|budget_value=50000.*budget_line=amount/);
  const chart = page.getByRole('figure', { name: 'Renewal forecast' });
  await expect(chart.locator('.recharts-reference-line')).toHaveCount(1);
  await expect(chart.locator('.recharts-wrapper')).toContainText(/Budget line: 50,000\.00/);
});

test('a construction cost index value typed on its settings page indexes the forecast once the settings name it', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const year = new Date().getFullYear();
  const series = `BKI ${tag}`;
  await signInTo(page, '/settings/renewal/construction-cost-indexes');
  const [property] = await apiGet<Rec[]>(page, 'properties?per_page=1');
  const sg = property!.settings_group_uuid;
  const group = await apiPost<Rec>(page, 'renewal-groups', { settings_group_uuid: sg, name: `Storen ${tag}` });
  await apiPost(page, 'facilities', {
    property_uuid: property!.uuid,
    name: `Storen ${tag}`,
    renewal_group_uuid: group.uuid,
    lifetime: 10,
    commissioning_year: year - 9,
    unit_price: '1000',
  });
  await apiPost(page, 'construction-cost-indexes', { settings_group_uuid: sg, series, year: year - 1, value: '100' });

  // this year's value, typed in the grid page's form
  await expect(page.getByRole('heading', { name: 'Construction cost index', level: 1 })).toBeVisible();
  await expect(page.locator('.ag-row').filter({ hasText: 'Baupreisindex (Beispiel)' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByLabel(/^Series/).fill(series);
  await page.getByLabel(/^Year/).fill(String(year));
  await page.getByLabel(/^Value/).fill('108.5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'New Construction cost index' })).toBeHidden();
  // the same year again is refused, naming the series
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByLabel(/^Series/).fill(series);
  await page.getByLabel(/^Year/).fill(String(year));
  await page.getByLabel(/^Value/).fill('109');
  await page.getByRole('button', { name: 'Save' }).click();
  // at the year field
  await expect(page.locator('.bp6-form-group', { has: page.getByLabel(/^Year/) })).toContainText(
    `${series} already has a value for this year.`,
  );
  await page.locator('form').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { name: 'New Construction cost index' })).toBeHidden();

  const amount = async () => {
    const reply = await apiGet<{ years: { year: number; groups: Record<string, string> }[] }>(
      page,
      `renewal/forecast?settings_group_uuid=${sg}`,
    );
    return reply.years.find((y) => y.year === year + 1)!.groups[group.uuid];
  };
  expect(await amount()).toBe('1000.00');
  try {
    // the facility settings name the series and its price base year: next year's renewal at this year's level
    await page.goto('/settings/facility');
    await page.getByLabel('Construction cost index series').fill(series);
    await page.getByLabel('Price base year').fill(String(year - 1));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(amount).toBe('1085.00');
  } finally {
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
    await page.request.patch(`/api/v1/settings-groups/${sg}/model-settings/facility`, {
      data: { index_series: '' },
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' },
    });
  }
});

/** The forecast chart's data as its CSV download gives it: rows of cells, the header first. */
async function chartCsv(page: Page): Promise<string[][]> {
  const chart = page.getByRole('figure', { name: 'Renewal forecast' });
  await expect(chart.locator('.recharts-bar-rectangle path').first()).toBeVisible();
  const download = page.waitForEvent('download');
  await chart.getByRole('button', { name: 'Save the data of Renewal forecast as CSV' }).click();
  return (await readFile((await (await download).path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
}

/** The forecast chart's totals as its CSV download gives them: year → total. */
async function chartTotals(page: Page): Promise<Map<number, number>> {
  const rows = await chartCsv(page);
  const total = rows[0]!.indexOf('Total');
  return new Map(rows.slice(1).map((r) => [Number(r[0]), Number(r[total])]));
}

test('a lifetime corrected in the facilities grid moves its figures, its place in a sort and the forecast', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const year = new Date().getFullYear();
  // 15 years shown: A's renewal in year + 10 and, once corrected, in year + 2
  await signInTo(page, '/renewal?years=15');
  const [property] = await apiGet<Rec[]>(page, 'properties?per_page=1&sort_by=name');
  // A: 20 years from year − 10 (10 left); B: 30 years from year − 5 (25 left)
  const a = await apiPost<Rec>(page, 'facilities', {
    property_uuid: property!.uuid,
    name: `Lüftung ${tag} A`,
    lifetime: 20,
    commissioning_year: year - 10,
    unit_price: '1000',
  });
  await apiPost(page, 'facilities', {
    property_uuid: property!.uuid,
    name: `Lüftung ${tag} B`,
    lifetime: 30,
    commissioning_year: year - 5,
    unit_price: '1000',
  });
  await page.reload();
  const before = await chartTotals(page);

  // wide enough for the grid to draw the renewal columns (it draws only the columns in view)
  await page.setViewportSize({ width: 2200, height: 900 });
  await page.goto('/facilities');
  await page.getByRole('searchbox', { name: 'Search' }).fill(`Lüftung ${tag}`);
  await expect(page.getByText('2 records', { exact: true })).toBeVisible();
  const rowA = page.locator(`[role="row"][row-id="${a.uuid}"]`);
  const remaining = await cellOf(page, rowA, 'Remaining lifetime (years)');
  await expect(remaining).toHaveText('10');
  await expect(await cellOf(page, rowA, 'Renewal status')).toHaveText('OK');

  // 12 years instead of 20: 2 left, renewed in year + 2, due
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes(a.uuid));
  await (await cellOf(page, rowA, 'Lifetime (years)')).dblclick();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('12');
  await page.keyboard.press('Enter');
  expect((await saved).status()).toBe(200);
  await expect(remaining).toHaveText('2');
  await expect(await cellOf(page, rowA, 'Renewal year')).toHaveText(String(year + 2));
  await expect(await cellOf(page, rowA, 'Renewal status')).toHaveText('Due');

  // sorted by remaining lifetime on the server: A first, then last when descending
  const header = page.getByRole('columnheader', { name: 'Remaining lifetime (years)', exact: true });
  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(dataRows(page).first()).toContainText(`Lüftung ${tag} A`);
  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(dataRows(page).first()).toContainText(`Lüftung ${tag} B`);

  // the forecast, refetched since a facility was written: A's 1,000 moved from year + 10 to year + 2
  await page.goto('/renewal?years=15');
  await expect
    .poll(async () => {
      const after = await chartTotals(page);
      return [after.get(year + 2)! - before.get(year + 2)!, after.get(year + 10)! - before.get(year + 10)!];
    })
    .toEqual([1000, -1000]);
});

test('insurance values are re-indexed by a canton’s rule: the preview first, then one write that Undo takes back', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const year = new Date().getFullYear();
  await signInTo(page, '/');
  const [any] = await apiGet<Rec[]>(page, 'properties?per_page=1');
  const sg = any!.settings_group_uuid;
  const series = `Ostschweiz ${tag}`;
  // wear 60 %, the index 104 at the last estimate and 106 now: St. Gallen re-indexes on any move, to CHF 100
  const property = await apiPost<Rec>(page, 'properties', {
    settings_group_uuid: sg,
    name: `Kornhaus ${tag}`,
    insurance_value_new: '500000',
    insurance_value_current: '200000',
    insurance_index_base: '104',
  });
  await apiPost(page, 'construction-cost-indexes', { settings_group_uuid: sg, series, year, value: '106' });

  // the canton's rule and the series, on the property settings page
  await page.goto('/settings/property');
  await page.getByLabel('Cantonal rule for insurance values').selectOption('st_gallen');
  await page.getByLabel('Index series for insurance values').fill(series);
  // the preset's rule takes the place of the group's own threshold, rounding and wear: shown, but not to be typed
  await expect(page.getByLabel('Re-index threshold (%)')).toBeDisabled();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();

  // only this property in the selection; the preview writes nothing
  await selectOnly(page, property);
  await page.goto('/renewal');
  const section = page.getByRole('region', { name: 'Insurance values' });
  await section.getByRole('button', { name: 'Preview re-indexing' }).click();
  const table = section.getByRole('table', { name: 'Insurance values, old and new' });
  const row = table.getByRole('row', { name: new RegExp(`Kornhaus ${tag}`) });
  await expect(row).toContainText('Re-indexed');
  await expect(row).toContainText('1.92 %');
  // 500,000 × 106 ÷ 104 = 509,615.38 → 509,600; the current value likewise; the time value from 50 % wear
  await expect(row).toContainText('509,600.00');
  await expect(row).toContainText('203,800.00');
  await expect(section.getByRole('status')).toContainText(`Index “${series}” ${year}: 106`);
  const values = async () =>
    (await apiGet<Record<string, string | null>>(page, `properties/${property.uuid}`)).insurance_value_new;
  expect(Number(await values())).toBe(500000);

  await section.getByRole('button', { name: 'Apply to 1 property' }).click();
  await expect(page.getByText('Insurance values of 1 property re-indexed')).toBeVisible();
  await expect.poll(async () => Number(await values())).toBe(509600);
  const after = await apiGet<Record<string, string | null>>(page, `properties/${property.uuid}`);
  expect(Number(after.insurance_value_reduced)).toBe(203800);
  expect(Number(after.insurance_index_base)).toBe(106);

  // one step of the undo stack: every value back as it was
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => Number(await values())).toBe(500000);
  const undone = await apiGet<Record<string, string | null>>(page, `properties/${property.uuid}`);
  expect(undone.insurance_value_reduced).toBeNull();
  expect(Number(undone.insurance_index_base)).toBe(104);
  expect(Number(undone.insurance_value_current)).toBe(200000);

  // the demo's other properties keep their rule-free settings for the other journeys
  await page.goto('/settings/property');
  await page.getByLabel('Cantonal rule for insurance values').selectOption('');
  await expect(page.getByLabel('Re-index threshold (%)')).toBeEnabled();
  await page.getByLabel('Index series for insurance values').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
});

test('the portfolio’s condition: the ratio and the condition index of the selection, the immediate costs and a bar of the year open their facilities', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const year = new Date().getFullYear();
  await signInTo(page, '/');
  const [any] = await apiGet<Rec[]>(page, 'properties?per_page=1');
  const property = await apiPost<Rec>(page, 'properties', {
    settings_group_uuid: any!.settings_group_uuid,
    name: `Zustand ${tag}`,
  });
  // 1,000 to renew now; 3,000 with 10 of 20 years left (time value 1,500): Z/N 1,500 ÷ 4,000, FCI 1,000 ÷ 4,000
  for (const [name, lifetime, commissioned, price] of [
    ['Boiler', 10, year - 12, '1000'],
    ['Fenster', 20, year - 10, '3000'],
  ] as const)
    await apiPost(page, 'facilities', {
      property_uuid: property.uuid,
      name,
      lifetime,
      commissioning_year: commissioned,
      unit_price: price,
    });
  await selectOnly(page, property);
  await page.goto('/renewal');
  const section = page.getByRole('region', { name: 'Condition of the portfolio' });
  const total = section.getByLabel('Condition of the selection');
  await expect(total).toContainText('Condition ratio (Z/N)37.50 %');
  await expect(total).toContainText('Facility condition index25.00 % Poor');
  const row = section.getByRole('table', { name: 'Condition per property' }).getByRole('row', { name: /Zustand/ });
  await expect(row).toContainText('CHF 4,000.00');
  await total.getByRole('link', { name: 'CHF 1,000.00' }).click();
  await expect(page).toHaveURL(/\/facilities\?filter=/);
  await expect(page.getByText('Filtered by the link')).toBeVisible();
  await expect(page.locator('.hw-grid-footer').getByText(/^1 record$/)).toBeVisible();
  await expect(page.getByRole('row', { name: /Boiler/ })).toBeVisible();

  // stacked by property, this year's bar opens the property's facilities renewed this year: the boiler alone
  await page.goto('/renewal?group_by=property');
  const chart = page.getByRole('figure', { name: 'Renewal forecast' });
  await expect(chart.locator('.recharts-legend-wrapper')).toContainText(`Zustand ${tag}`);
  await chart.locator('.recharts-bar-rectangle path').first().click();
  await expect(page).toHaveURL(/\/facilities\?filter=.*renews_in/);
  await expect(page.getByText('Filtered by the link')).toBeVisible();
  await expect(page.locator('.hw-grid-footer').getByText(/^1 record$/)).toBeVisible();
  await expect(page.getByRole('row', { name: /Boiler/ })).toBeVisible();
});
