// Charts journey: a budget seeded through the API for a year of its own shows as one cost group's bars on /charts,
// and a click on its bar opens the budgets grid filtered to that cost group and year; the home tiles link to their
// grids, which count what the tile says; in dark mode the axis labels keep a contrast of 4.5:1 or more against the
// chart's background (docs/decisions.md, "Charts and the home dashboard (client)").
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet, apiPost, signInTo } from './support';
import { contrastRatio } from '../../views/charts/chart-theme';

interface Rec {
  uuid: string;
  name: string;
  settings_group_uuid: string;
}

const countOf = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** The grid's footer count ("12 records"), once the rows are read. */
async function gridCount(page: Page): Promise<number> {
  const footer = page.locator('.hw-grid-footer');
  await expect(footer).toContainText(/\d+ records?/);
  return countOf((await footer.textContent())!.match(/([\d,]+) records?/)![1]!);
}

test('a cost group’s bar opens the budgets grid filtered to that cost group and year', async ({ page }) => {
  const tag = Date.now().toString(36);
  await signInTo(page, '/');
  const [property] = await apiGet<Rec[]>(page, 'properties?per_page=1');
  const group = await apiPost<Rec>(page, 'cost-groups', {
    settings_group_uuid: property!.settings_group_uuid,
    code: `C${tag}`.slice(0, 20),
    name: `Dachsanierung ${tag}`,
  });
  // a year no demo budget has, so the chart shows this cost group alone
  for (const [name, amount] of [
    [`Dach A ${tag}`, '12000'],
    [`Dach B ${tag}`, '3000.50'],
  ])
    await apiPost(page, 'budgets', {
      property_uuid: property!.uuid,
      cost_group_uuid: group.uuid,
      name,
      year: 2031,
      amount,
    });

  await page.goto('/charts?from=2031-01-01&to=2031-12-31');
  await expect(page.getByRole('heading', { name: 'Charts', level: 1 })).toBeVisible();
  const chart = page.getByRole('figure', { name: 'Budget vs actual' });
  const bars = chart.locator('.recharts-bar-rectangle path');
  await expect(bars.first()).toBeVisible();
  await expect(chart.locator('.recharts-cartesian-axis-tick-value').first()).toBeVisible();
  await expect(chart).toContainText(`Dachsanierung ${tag} 2031`);
  // the tooltip in the language's money format, with the settings group's currency
  await bars.first().hover();
  await expect(chart.locator('.recharts-tooltip-wrapper')).toContainText('15,000.50 CHF');

  // the exports: the drawing as PNG, the data as xlsx and CSV
  const saved = async (name: string) => {
    const download = page.waitForEvent('download');
    await chart.getByRole('button', { name }).click();
    const file = await download;
    return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
  };
  const png = await saved('Save Budget vs actual as PNG');
  expect(png.name).toMatch(/^budget-vs-actual-\d{4}-\d{2}-\d{2}\.png$/);
  expect(png.bytes.subarray(0, 4).toString('hex')).toBe('89504e47');
  const xlsx = await saved('Save the data of Budget vs actual as xlsx');
  expect(xlsx.name).toMatch(/\.xlsx$/);
  expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');
  const csv = await saved('Save the data of Budget vs actual as CSV');
  expect(csv.bytes.toString('utf8')).toBe(
    `\uFEFFYear,Cost group,Budget,Actual\r\n2031,Dachsanierung ${tag},15000.5,0\r\n`,
  );

  await bars.first().click();
  await page.waitForURL((url) => url.pathname === '/budgets' && url.searchParams.has('filter'));
  expect(JSON.parse(new URL(page.url()).searchParams.get('filter')!)).toEqual({
    cost_group_uuid: [group.uuid],
    year: 2031,
  });
  await expect(page.getByText('Filtered by the link')).toBeVisible();
  expect(await gridCount(page)).toBe(2);
  await expect(page.getByRole('gridcell', { name: `Dach A ${tag}` })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: `Dach B ${tag}` })).toBeVisible();

  // removing the tag lists every budget again
  await page.getByText('Filtered by the link').locator('..').getByRole('button').click();
  await expect(page).toHaveURL(/\/budgets$/);
  await expect.poll(() => gridCount(page)).toBeGreaterThan(2);
});

test('the home tiles link to their grids, which count what the tile says', async ({ page }) => {
  await signInTo(page, '/');
  const tiles = page.locator('.hw-tiles a.hw-tile-link');
  // the first visit also installs the service worker, whose precache competes with the tiles' requests
  await expect(tiles.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.hw-tile [aria-busy="true"]')).toHaveCount(0);
  const links: { href: string; value: number; label: string }[] = [];
  for (const tile of await tiles.all()) {
    const href = (await tile.getAttribute('href'))!;
    const value = countOf((await tile.locator('.hw-tile-value').textContent())!);
    const label = (await tile.locator('.hw-tile-label').textContent())!;
    links.push({ href, value, label });
  }
  expect(links.map((l) => l.label)).toEqual(expect.arrayContaining(['Open tickets', 'Overdue tickets']));
  // the renewals due also say what renewing them costs, as the tile's API sums it
  const renewals = page.locator('.hw-tile[data-tile="renewals_due"]');
  const [sg] = await apiGet<{ settings_group_uuid: string }[]>(page, 'properties?per_page=1');
  const tile = (await (
    await page.request.get(`/api/v1/dashboard/tiles/renewals_due?settings_group_uuid=${sg!.settings_group_uuid}`)
  ).json()) as { amount: string };
  expect(Number(tile.amount)).toBeGreaterThan(0);
  const amount = Number(tile.amount).toLocaleString('en-US', { minimumFractionDigits: 2 });
  await expect(renewals.locator('.hw-tile-amount')).toHaveText(
    new RegExp(`^CHF\\s${amount.replace(/[.,]/g, '\\$&')}$`),
  );
  // the tiles of a model with a grid (task events have theirs, /task-events)
  const gridLinks = links.filter((l) => l.href.includes('?filter='));
  expect(gridLinks.length).toBeGreaterThanOrEqual(5);
  for (const link of gridLinks) {
    await page.goto(link.href);
    await expect(page.getByText('Filtered by the link')).toBeVisible();
    expect(await gridCount(page), `${link.label}: ${link.href}`).toBe(link.value);
  }
  // the home's small charts are below the tiles, and the module cards are still there
  await page.goto('/');
  await expect(page.getByRole('figure', { name: 'Ticket throughput' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Modules' })).toBeVisible();
});

test('in dark mode the axis labels keep their contrast against the chart', async ({ page }) => {
  await signInTo(page, '/');
  await page.evaluate(() => localStorage.setItem('hauswerk.darkMode', 'on'));
  await page.goto('/charts');
  const chart = page.getByRole('figure', { name: 'Ticket throughput' });
  const tick = chart.locator('.recharts-cartesian-axis-tick-value').first();
  // the first visit also installs the service worker, whose precache competes with the chart's requests
  await expect(tick).toBeVisible({ timeout: 30_000 });
  const [fill, background] = await tick.evaluate((el) => [
    getComputedStyle(el).fill,
    getComputedStyle(el.closest('figure')!).backgroundColor,
  ]);
  expect(await page.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(true);
  const ratio = contrastRatio(fill, background);
  expect(ratio, `${fill} on ${background}`).toBeGreaterThanOrEqual(4.5);
  await chart.screenshot({ path: '.tmp/charts-dark.png' });
});

test('the bar without a cost group opens only the budgets without one, and the chip says so in words', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  await signInTo(page, '/');
  const [property] = await apiGet<Rec[]>(page, 'properties?per_page=1');
  const group = await apiPost<Rec>(page, 'cost-groups', {
    settings_group_uuid: property!.settings_group_uuid,
    code: `N${tag}`.slice(0, 20),
    name: `Fassade ${tag}`,
  });
  // a year no demo budget has: one budget with the cost group, one without
  for (const [name, cost_group_uuid] of [
    [`Mit ${tag}`, group.uuid],
    [`Ohne ${tag}`, null],
  ])
    await apiPost(page, 'budgets', {
      property_uuid: property!.uuid,
      cost_group_uuid,
      name,
      year: 2032,
      amount: '1000',
    });

  await page.goto('/charts?from=2032-01-01&to=2032-12-31');
  const chart = page.getByRole('figure', { name: 'Budget vs actual' });
  await expect(chart).toContainText('No cost group 2032');
  // the budget bars: the cost group's first, the one without last
  const bars = chart.locator('.recharts-bar-rectangle path');
  await expect(bars).toHaveCount(2);
  await bars.nth(1).click();
  await page.waitForURL((url) => url.pathname === '/budgets' && url.searchParams.has('filter'));
  expect(JSON.parse(new URL(page.url()).searchParams.get('filter')!)).toEqual({ year: 2032, no_cost_group: '1' });
  await expect(page.getByText('Filtered by the link: Year: 2032 · without cost group')).toBeVisible();
  await expect.poll(() => gridCount(page)).toBe(1);
  await expect(page.getByRole('gridcell', { name: `Ohne ${tag}` })).toBeVisible();
});

test('a meter reading lower than the one before is marked, not plotted: the axis stays positive, meters named', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  await signInTo(page, '/');
  const [property] = await apiGet<Rec[]>(page, 'properties?per_page=1');
  const counter = await apiPost<Rec>(page, 'counters', {
    property_uuid: property!.uuid,
    counter_id: `G-${tag}`,
    name: `Gaszähler ${tag}`,
  });
  // a year no demo reading has: monthly readings, the April one far below March's (a meter reset)
  for (const [at, value] of [
    ['2033-01-05', '1000'],
    ['2033-02-05', '1100'],
    ['2033-03-05', '1210'],
    ['2033-04-05', '5'],
    ['2033-05-05', '100'],
  ])
    await apiPost(page, 'measurements', {
      property_uuid: property!.uuid,
      counter_uuid: counter.uuid,
      measured_at: `${at}T08:00:00.000Z`,
      value,
    });

  await page.goto('/charts?from=2033-01-01&to=2033-12-31');
  const chart = page.getByRole('figure', { name: 'Consumption' });
  await expect(chart.locator('.recharts-legend-wrapper')).toContainText(
    `Gaszähler ${tag} · G-${tag} · ${String(property!.name)}`,
  );
  const ring = chart.locator('.hw-chart-anomaly');
  await expect(ring).toHaveCount(1);
  const ticks = chart.locator('.recharts-cartesian-axis-tick-value');
  await expect(ticks.first()).toBeVisible();
  // no tick below zero: the −1,205 of the reset is not on the axis
  for (const tick of await ticks.allTextContents()) expect(tick).not.toMatch(/^[-−]/);
  await ring.click({ position: { x: 1.5, y: 8.5 } }); // on the ring: its middle is the point of the valid readings
  await page.waitForURL((url) => url.pathname !== '/charts' && url.searchParams.has('filter'));
  expect(JSON.parse(new URL(page.url()).searchParams.get('filter')!)).toMatchObject({ status: ['anomalous'] });
  await expect.poll(() => gridCount(page)).toBe(1);
});
