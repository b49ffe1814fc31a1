// /map with 200 properties placed in a grid of their own (made through the API here) and no tile server (every tile
// request fails, nothing leaves the machine): clusters show, zooming in splits them, a clicked pin selects its row in
// the properties grid, "Filter to map area" narrows the grid to what is in view, and a pin dragged in edit mode is
// saved and taken back with Ctrl+Z; a property without coordinates is placed with a click.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet, apiPost, signInTo } from './support';

interface Property {
  uuid: string;
  name: string;
  settings_group_uuid: string;
  latitude: string | null;
  longitude: string | null;
}

/** 20 × 10 properties 0.02° apart, south-west corner at 60.0° N 20.0° E (far from the demo's). */
const spot = (i: number) => ({ lat: 60 + Math.floor(i / 20) * 0.02, lng: 20 + (i % 20) * 0.02 });
const nameOf = (i: number) => `Kartentest ${String(i).padStart(3, '0')}`;

async function seed(page: Page): Promise<Property[]> {
  const [any] = await apiGet<Property[]>(page, 'properties?per_page=1');
  const rows = Array.from({ length: 200 }, (_, i) => ({
    settings_group_uuid: any!.settings_group_uuid,
    name: nameOf(i),
    city: 'Mariehamn',
    latitude: spot(i).lat.toFixed(6),
    longitude: spot(i).lng.toFixed(6),
  }));
  const unplaced = { settings_group_uuid: any!.settings_group_uuid, name: 'Kartentest ohne Ort', city: 'Mariehamn' };
  const created = await apiPost<Property[]>(page, 'properties/bulk', { rows: [...rows, unplaced] });
  expect(created).toHaveLength(201);
  return created;
}

const mapBox = async (page: Page) => (await page.locator('.hw-map').boundingBox())!;
const drawn = async (page: Page, what: 'clusters' | 'points') =>
  Number(await page.locator('.hw-map').getAttribute(`data-${what}`));

test('map: clusters, a pin selects its row, filter to map area, drag a pin and undo', async ({ page }) => {
  const outside: string[] = [];
  await page.context().route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => {
    outside.push(route.request().url());
    return route.abort();
  });
  await signInTo(page, '/');
  const created = await seed(page);

  // every property: the seeded ones cluster
  await page.goto('/map?lat=60.09&lng=20.19&z=9');
  await expect(page.getByRole('heading', { name: 'Map' })).toBeVisible();
  await expect.poll(() => drawn(page, 'clusters')).toBeGreaterThan(0);
  await expect(page.locator('.hw-map-cluster').first()).toBeVisible();
  const clustersAt9 = await drawn(page, 'clusters');
  expect(await drawn(page, 'points')).toBeLessThan(200);

  // zooming in splits the clusters into pins
  for (let i = 0; i < 3; i++) {
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.waitForTimeout(400);
  }
  await expect.poll(() => drawn(page, 'points')).toBeGreaterThan(0);
  expect((await drawn(page, 'points')) + (await drawn(page, 'clusters'))).toBeGreaterThan(clustersAt9);

  // a pin in the middle of the view: clicking it selects its row in the grid
  const target = created.find((p) => p.name === nameOf(47))!;
  await page.goto(`/map?lat=${spot(47).lat}&lng=${spot(47).lng}&z=17`);
  await expect.poll(() => drawn(page, 'points')).toBeGreaterThan(0);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  const box = await mapBox(page);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const selected = page.getByRole('row', { selected: true });
  await expect(selected.filter({ hasText: target.name }).first()).toBeVisible();
  await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
  await expect(page.locator('.leaflet-popup')).toContainText(target.name);
  await expect(page.locator('.leaflet-popup').getByRole('link', { name: 'Open property' })).toHaveAttribute(
    'href',
    `/property/${target.uuid}`,
  );

  // filter to map area: only the pins in view are listed
  const showAll = page.getByRole('button', { name: 'Show all' });
  if (await showAll.isVisible()) await showAll.click();
  const count = page.locator('.hw-grid-footer').getByText(/^[\d,]+ records?$/);
  const total = async () => Number(((await count.textContent()) ?? '').replace(/\D/g, ''));
  await expect.poll(total).toBeGreaterThan(200);
  await page.getByText('Filter to map area').click();
  await expect.poll(total).toBeLessThan(5);
  await expect(page.getByRole('row').filter({ hasText: target.name }).first()).toBeVisible();

  // drag the pin 120 px east in edit mode: saved, then Ctrl+Z puts it back
  await page.locator('.leaflet-popup-close-button').click();
  await page.getByText('Move pins').click();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const saved = page.waitForResponse(
    (r) => r.url().includes(`/properties/${target.uuid}`) && r.request().method() === 'PATCH',
  );
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 40, cy, { steps: 4 });
  await page.mouse.move(cx + 120, cy, { steps: 6 });
  await page.mouse.up();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText(`${target.name} moved`)).toBeVisible();
  const moved = await apiGet<Property>(page, `properties/${target.uuid}`);
  expect(Number(moved.longitude)).toBeGreaterThan(spot(47).lng + 0.0005);
  expect(Number(moved.latitude)).toBeCloseTo(spot(47).lat, 4);

  await page.keyboard.press('Control+z');
  await expect(page.getByText(`Undone: ${target.name} moved`)).toBeVisible();
  await expect
    .poll(async () => Number((await apiGet<Property>(page, `properties/${target.uuid}`)).longitude))
    .toBeCloseTo(spot(47).lng, 5);
  // the pin is back in the middle: clicking there opens its popup again
  await page.getByText('Move pins').click();
  await page.mouse.click(cx, cy);
  await expect(page.locator('.leaflet-popup')).toContainText(target.name);

  // a property without coordinates is placed with a click on the map
  const homeless = created.find((p) => p.name === 'Kartentest ohne Ort')!;
  await expect(page.getByRole('heading', { name: /^Without coordinates \(\d+\)$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Place Kartentest ohne Ort on the map' }).click();
  await expect(page.getByText('Click on the map where Kartentest ohne Ort is.')).toBeVisible();
  const placed = page.waitForResponse(
    (r) => r.url().includes(`/properties/${homeless.uuid}`) && r.request().method() === 'PATCH',
  );
  await page.mouse.click(cx - 150, cy + 100);
  expect((await placed).status()).toBe(200);
  await expect(page.getByText('Kartentest ohne Ort placed on the map')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place Kartentest ohne Ort on the map' })).toHaveCount(0);
  const home = await apiGet<Property>(page, `properties/${homeless.uuid}`);
  expect(Number(home.latitude)).toBeLessThan(spot(47).lat);
  expect(Number(home.longitude)).toBeLessThan(spot(47).lng);
  // nothing left the machine but the tile requests the map tried (and were refused)
  expect(outside.filter((url) => !/tile\.openstreetmap\.org/.test(url))).toEqual([]);
});

test('map: coloured by renewal urgency, a pin tells its facilities due and opens them in their grid', async ({
  page,
}) => {
  await signInTo(page, '/');
  const [any] = await apiGet<Property[]>(page, 'properties?per_page=1');
  const year = new Date().getFullYear();
  const place = { lat: 61.4978, lng: 23.761 };
  const [property] = await apiPost<Property[]>(page, 'properties/bulk', {
    rows: [
      {
        settings_group_uuid: any!.settings_group_uuid,
        name: `Erneuerung ${Date.now().toString(36)}`,
        latitude: place.lat.toFixed(6),
        longitude: place.lng.toFixed(6),
      },
    ],
  });
  // two past their lifetime, one with years to go
  for (const [name, commissioned] of [
    ['Pumpe', year - 12],
    ['Kessel', year - 11],
    ['Dach', year - 1],
  ] as const)
    await apiPost(page, 'facilities', {
      property_uuid: property!.uuid,
      name,
      lifetime: 10,
      commissioning_year: commissioned,
    });

  await page.goto(`/map?lat=${place.lat}&lng=${place.lng}&z=17&kpi=renewals_due`);
  await expect(page.getByRole('combobox', { name: 'Colour by' })).toHaveValue('renewals_due');
  await expect.poll(() => drawn(page, 'points')).toBeGreaterThan(0);
  const box = await mapBox(page);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const popup = page.locator('.leaflet-popup');
  await expect(popup).toContainText(property!.name);
  await expect(popup).toContainText('Renewals due: 2');
  await popup.getByRole('link', { name: 'Show the facilities due' }).click();
  await expect(page).toHaveURL(/\/facilities\?filter=/);
  await expect(page.getByText('Filtered by the link')).toBeVisible();
  await expect(page.locator('.hw-grid-footer').getByText(/^2 records$/)).toBeVisible();
});
