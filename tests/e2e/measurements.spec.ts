// Counters and readings journey: the demo counters are listed; a counter with an anomalous reading opens on its
// record page with its readings (consumption, the anomaly marked) and its consumption per month; the readings grid
// marks anomalous rows; 50 readings pasted into the grid get their consumption and the one spike is flagged
// (docs/domain/calculations.md, "Consumption and anomalies").
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { api, cellOf, paste } from './sheet-support';
import { apiGet, signInTo } from './support';

interface Rec {
  uuid: string;
  name: string;
  counter_uuid: string;
  status: string;
}

/** A counter of its own on the first property, named after the test's tag. */
async function newCounter(page: Page, tag: string) {
  const { uuid: property, name: propertyName } = (
    await api<{ data: { uuid: string; name: string }[] }>(page, 'GET', 'properties?per_page=1')
  ).data[0]!;
  const counter = (
    await api<{ data: { uuid: string; name: string } }>(page, 'POST', 'counters', {
      property_uuid: property,
      counter_id: tag,
      name: `Meter ${tag}`,
    })
  ).data;
  return { property, propertyName, counter };
}

const dataRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('gridcell') });

test('counters list their readings with consumption, anomalies marked', async ({ page }) => {
  await signInTo(page, '/counters');
  await expect(page.getByRole('heading', { name: 'Counters' }).first()).toBeVisible();
  await expect(dataRows(page).first()).toContainText('zähler');

  // the latest anomalous reading (the demo has spikes in the latest month): among its counter's latest readings
  const [anomalous] = await apiGet<Rec[]>(
    page,
    'measurements?filter[status]=anomalous&sort_by=measured_at&sort_descending=1&per_page=1',
  );
  expect(anomalous).toBeTruthy();
  const counter = await apiGet<Rec>(page, `counters/${anomalous!.counter_uuid}`);
  await page.goto(`/counters/${counter.uuid}`);
  await expect(page.getByRole('heading', { name: counter.name }).first()).toBeVisible();
  const readings = page.getByRole('region', { name: 'Readings' });
  await expect(readings.getByRole('row').nth(1)).toBeVisible();
  await expect(readings.getByRole('columnheader', { name: 'Consumption' })).toBeVisible();
  await expect(readings.locator('tr.hw-row-anomalous').first()).toContainText('Anomalous');
  const perPeriod = page.getByRole('region', { name: 'Consumption per period' });
  await expect(perPeriod.getByRole('columnheader', { name: 'Per m²' })).toBeVisible();
  await perPeriod.getByRole('button', { name: 'Year' }).click();
  await expect(perPeriod.getByRole('cell', { name: /^20\d\d$/ }).first()).toBeVisible();

  await page.goto('/measurements');
  await expect(page.getByRole('heading', { name: 'Measurements' }).first()).toBeVisible();
  await expect(dataRows(page).first()).toBeVisible();
});

test('paste 50 meter readings with one anomaly and see it flagged', async ({ page }) => {
  const tag = `Paste${Date.now() % 1_000_000}`;
  await signInTo(page, '/measurements');
  const { property, counter } = await newCounter(page, tag);
  // one reading to paste from (the grid narrowed to it by its comment), the 50 pasted ones go past it
  const day = (i: number) => new Date(Date.UTC(2020, 0, 1 + i, 6)).toISOString();
  const line = (i: number, value: number) =>
    [day(i), counter.uuid, property, String(value), '', '', 'manual', `${tag} ${i}`].join('\t');
  await api(page, 'POST', 'measurements', {
    property_uuid: property,
    counter_uuid: counter.uuid,
    measured_at: day(50),
    value: '1600', // after the pasted ones: 1,590 and then 10 more
    comment: `${tag} first`,
  });
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  const oneRecord = page.getByText('1 records', { exact: true }).or(page.getByText('1 record', { exact: true }));
  await expect(oneRecord).toBeVisible();
  const first = page
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') })
    .first();
  await expect(first).toContainText(`Meter ${tag}`);
  await (await cellOf(page, first, 'Measured at')).click();

  // the first line leaves the reading as it is; 50 new ones, 10 a day, the 31st a spike of 100
  const lines = [[day(50), counter.uuid, property, '1600', '', '', 'manual', `${tag} first`].join('\t')];
  let value = 1000;
  for (let i = 0; i < 50; i++) lines.push(line(i, (value += i === 30 ? 100 : 10)));
  await paste(page, `${lines.join('\r\n')}\r\n`);
  const dialog = page.getByRole('dialog', { name: 'Paste preview' });
  await expect(dialog.getByText('Checking with the server…')).toBeHidden();
  await expect(dialog.getByTestId('paste-counts')).toContainText('50 new records');
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/measurements/bulk'),
  );
  await dialog.getByRole('button', { name: /^Apply \d+ valid rows?$/ }).click();
  expect((await created).status()).toBe(201);
  await expect(dialog).toBeHidden();

  // the grid shows the spike flagged (its row and its status), and only it
  await page.getByRole('searchbox', { name: 'Search' }).fill(`${tag} 30`);
  await expect(oneRecord).toBeVisible();
  const spike = page
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') })
    .first();
  await expect(spike).toHaveClass(/hw-row-anomalous/);
  await expect(await cellOf(page, spike, 'Status')).toContainText('Anomalous');
  await expect(await cellOf(page, spike, 'Consumption')).toContainText('100');
  const stored = (
    await api<{ data: { comment: string; status: string; source: string }[] }>(
      page,
      'GET',
      `measurements?filter[counter_uuid]=${counter.uuid}&per_page=100`,
    )
  ).data;
  expect(stored).toHaveLength(51);
  expect(stored.filter((r) => r.status === 'anomalous').map((r) => r.comment)).toEqual([`${tag} 30`]);
});

test('a reading is entered through the New form with its time typed', async ({ page }) => {
  const tag = `Form${Date.now() % 1_000_000}`;
  await signInTo(page, '/measurements');
  const { propertyName, counter } = await newCounter(page, tag);
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New Measurement' })).toBeVisible();
  // the time starts at the current minute and can be typed over (ISO dates read in every date format)
  await expect(page.getByLabel(/^Measured at/)).not.toHaveValue('');
  await page.getByLabel(/^Measured at/).fill('15 March');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter a valid date and time (yyyy-MM-dd HH:mm).')).toBeVisible();
  await page.getByLabel(/^Measured at/).fill('2021-03-15 08:30');
  await page.getByLabel(/^Property/).click();
  await page.locator('[aria-controls="hw-lookup-property"]').fill(propertyName);
  await page.getByRole('listbox').getByRole('option', { name: propertyName }).first().click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await page.getByLabel(/^Counter/).click();
  await page.locator('[aria-controls="hw-lookup-counter"]').fill(tag);
  await page
    .getByRole('listbox')
    .getByRole('option', { name: `Meter ${tag}` })
    .click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await page.getByLabel(/^Value/).fill('1234.5');
  // what is on screen is what Save sends
  await expect(page.getByLabel(/^Value/)).toHaveValue('1234.5');
  await expect(page.getByLabel(/^Measured at/)).toHaveValue('2021-03-15 08:30');
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/measurements'),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(201);
  const [reading] = await apiGet<{ measured_at: string; value: string }[]>(
    page,
    `measurements?filter[counter_uuid]=${counter.uuid}`,
  );
  const typed = await page.evaluate(() => new Date(2021, 2, 15, 8, 30).toISOString());
  expect(new Date(reading!.measured_at).toISOString()).toBe(typed);
  expect(Number(reading!.value)).toBe(1234.5);
});

test("the reading form's meter picker names each meter's number and property, and a picked meter fills the property", async ({
  page,
}) => {
  const tag = `Pick${Date.now() % 1_000_000}`;
  await signInTo(page, '/measurements');
  const { propertyName, counter } = await newCounter(page, tag);
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New Measurement' })).toBeVisible();
  await page.getByLabel(/^Counter/).click();
  await page.locator('[aria-controls="hw-lookup-counter"]').fill(tag);
  const option = page.getByRole('listbox').getByRole('option', { name: `Meter ${tag}` });
  await expect(option).toContainText(tag);
  await expect(option).toContainText(propertyName);
  await option.click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  // the property was empty: it is now the meter's
  await expect(page.locator('#record-measurement-property_uuid')).toHaveText(propertyName);
  await page.getByLabel(/^Value/).fill('42');
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/measurements'),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(201);
  const [reading] = await apiGet<{ property_uuid: string }[]>(
    page,
    `measurements?filter[counter_uuid]=${counter.uuid}`,
  );
  expect(reading!.property_uuid).toBe((await apiGet<{ uuid: string }[]>(page, 'properties?per_page=1'))[0]!.uuid);
});
