// Counters and readings journey: the demo counters are listed; a counter with an anomalous reading opens on its
// record page with its readings (consumption, the anomaly marked); the readings grid marks anomalous rows.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet, signInTo } from './support';

interface Rec {
  uuid: string;
  name: string;
  counter_uuid: string;
  status: string;
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

  await page.goto('/measurements');
  await expect(page.getByRole('heading', { name: 'Measurements' }).first()).toBeVisible();
  await expect(dataRows(page).first()).toBeVisible();
});
