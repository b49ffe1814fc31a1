// The map's view, its address and "Filter to map area" agree (docs/decisions.md, "The map screen"): in a settings
// group of its own, properties placed through the API in three tight groups (two at the same coordinates, an
// inactive and an archived one among them) and one without coordinates. The map opens without a view while its
// properties arrive late: the fit to every pin reaches the address. A view set in the address survives a reload:
// the clusters sit where that view puts them, the bbox the grid is asked with is that view's, the grid lists as many
// properties as the visible clusters count, and a clicked cluster selects as many as its label. At desktop and
// phone width; no tile server (every request leaving the machine is refused).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiPost, signInTo } from './support';

interface Property {
  uuid: string;
  name: string;
}
interface Spot {
  lat: number;
  lng: number;
  status?: 'inactive';
  archived?: true;
}

/** A (4 active, 2 of them on one spot, plus an inactive and an archived one), B (3), C (2 on one spot), far east. */
const A = { lat: 62, lng: 25 };
const B = { lat: 62.01, lng: 25.04 };
const C = { lat: 62, lng: 25.14 };
const SPOTS: Spot[] = [
  { ...A },
  { ...A },
  { lat: A.lat + 0.0004, lng: A.lng + 0.0004 },
  { lat: A.lat - 0.0004, lng: A.lng + 0.0004 },
  { ...A, status: 'inactive' },
  { lat: A.lat + 0.0002, lng: A.lng, archived: true },
  { ...B },
  { lat: B.lat + 0.0004, lng: B.lng },
  { lat: B.lat, lng: B.lng - 0.0004 },
  { ...C },
  { ...C },
];
/** What the grid lists by default: active, not archived. */
const listed = SPOTS.filter((s) => !s.status && !s.archived);
/** A view (five decimals, as the map writes it) with A and B inside at either width and C outside. */
const VIEW = { lat: 62.005, lng: 25.02, z: 12 };

/** Web Mercator as Leaflet draws it: a coordinate's pixel at a zoom. */
const project = (lat: number, lng: number, z: number) => {
  const scale = 256 * 2 ** z;
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
};
const unproject = (x: number, y: number, z: number) => {
  const scale = 256 * 2 ** z;
  const n = Math.PI - (2 * Math.PI * y) / scale;
  return { lat: (180 / Math.PI) * Math.atan(Math.sinh(n)), lng: (x / scale) * 360 - 180 };
};

async function seed(page: Page, stamp: string): Promise<string> {
  const group = await apiPost<{ uuid: string }>(page, 'settings-groups', { name: `Kartenansicht ${stamp}` });
  const rows = [...SPOTS, null].map((spot, i) => ({
    settings_group_uuid: group.uuid,
    name: `Karte ${stamp} ${String(i).padStart(2, '0')}`,
    city: 'Kuopio',
    ...(spot ? { latitude: spot.lat.toFixed(6), longitude: spot.lng.toFixed(6) } : {}),
    ...(spot?.status ? { status: spot.status } : {}),
  }));
  const created = await apiPost<Property[]>(page, 'properties/bulk', { rows });
  for (const [i, spot] of SPOTS.entries())
    if (spot.archived) await apiPost(page, `properties/${created[i]!.uuid}/archive`, {});
  // the app opens in this settings group (kept for the browser session), once the page that is open has chosen its
  // own (its first choice would otherwise overwrite ours)
  await page.waitForFunction(() => sessionStorage.getItem('hauswerk.selectedSettingsGroup') !== null);
  await page.evaluate(
    (uuid) => sessionStorage.setItem('hauswerk.selectedSettingsGroup', JSON.stringify(uuid)),
    group.uuid,
  );
  return group.uuid;
}

/** The view in the address bar. */
const addressView = (page: Page) => {
  const q = new URL(page.url()).searchParams;
  return q.has('z') ? { lat: Number(q.get('lat')), lng: Number(q.get('lng')), z: Number(q.get('z')) } : null;
};

/** The clusters drawn inside the map's box: label and centre, relative to the map's top left corner. */
async function visibleClusters(page: Page) {
  return page.evaluate(() => {
    const map = document.querySelector('.hw-map')?.getBoundingClientRect();
    if (!map) return [];
    return [...document.querySelectorAll<HTMLElement>('.hw-map-cluster')].flatMap((icon) => {
      const r = icon.getBoundingClientRect();
      const x = r.left + r.width / 2 - map.left;
      const y = r.top + r.height / 2 - map.top;
      return x >= 0 && y >= 0 && x <= map.width && y <= map.height ? [{ label: Number(icon.textContent), x, y }] : [];
    });
  });
}

/** Where a view (the address's) puts the centre of some spots' cluster in the map's box. */
async function expectedAt(page: Page, view: { lat: number; lng: number; z: number }, spots: readonly Spot[]) {
  const size = await page.locator('.hw-map').evaluate((el) => ({ w: el.clientWidth, h: el.clientHeight }));
  const centre = project(view.lat, view.lng, view.z);
  const points = spots.map((s) => project(s.lat, s.lng, view.z));
  const mean = (k: 'x' | 'y') => points.reduce((sum, p) => sum + p[k], 0) / points.length;
  return { x: mean('x') - centre.x + size.w / 2, y: mean('y') - centre.y + size.h / 2, size };
}

/** The distance of the drawn cluster labelled `label` from where the address's view puts `spots`. */
async function offset(page: Page, label: number, spots: readonly Spot[]) {
  const view = addressView(page);
  const drawn = (await visibleClusters(page)).filter((c) => c.label === label);
  if (!view || drawn.length !== 1) return Infinity;
  const want = await expectedAt(page, view, spots);
  return Math.hypot(drawn[0]!.x - want.x, drawn[0]!.y - want.y);
}

async function journey(page: Page, phone: boolean) {
  const outside: string[] = [];
  await page.context().route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => {
    outside.push(route.request().url());
    return route.abort();
  });
  await signInTo(page, '/');
  const stamp = `${phone ? 'P' : 'D'}${Date.now().toString(36)}`;
  await seed(page, stamp);

  // first visit, no view in the address, the properties arriving after the map is drawn: the map fits every pin
  // and the address says that view (C's cluster, "2", is where the address puts it)
  await page.route('**/api/v1/map/properties?**', async (route) => {
    await page.locator('.hw-map .leaflet-control-zoom').waitFor();
    await route.continue();
  });
  await page.goto('/map');
  await expect(page.getByRole('button', { name: 'Settings group' })).toContainText(`Kartenansicht ${stamp}`);
  await expect.poll(() => page.locator('.hw-map-cluster').count()).toBeGreaterThan(0);
  await expect
    .poll(() => offset(page, 2, SPOTS.slice(9)), { message: 'the fitted view is in the address' })
    .toBeLessThan(3);
  await page.unroute('**/api/v1/map/properties?**');

  // a view set in the address, then a reload: the map draws that view
  await page.goto(`/map?lat=${VIEW.lat.toFixed(5)}&lng=${VIEW.lng.toFixed(5)}&z=${VIEW.z}`);
  await page.reload();
  await expect.poll(() => visibleClusters(page).then((c) => c.length)).toBe(2);
  expect(addressView(page)).toEqual(VIEW);
  const groupA = listed.filter((s) => Math.abs(s.lng - A.lng) < 0.01);
  const groupB = listed.filter((s) => Math.abs(s.lng - B.lng) < 0.01);
  expect(await offset(page, groupA.length, groupA)).toBeLessThan(3);
  expect(await offset(page, groupB.length, groupB)).toBeLessThan(3);
  // the clusters in view count the properties the grid lists: C, outside, is not among them
  const shown = (await visibleClusters(page)).reduce((sum, c) => sum + c.label, 0);
  expect(shown).toBe(groupA.length + groupB.length);

  if (!phone) {
    // "Filter to map area": the bbox asked is the drawn view's, and the grid lists as many as the clusters count
    const { size } = await expectedAt(page, VIEW, []);
    const centre = project(VIEW.lat, VIEW.lng, VIEW.z);
    const nw = unproject(centre.x - size.w / 2, centre.y - size.h / 2, VIEW.z);
    const se = unproject(centre.x + size.w / 2, centre.y + size.h / 2, VIEW.z);
    const asked = page.waitForRequest((r) => r.url().includes('/api/v1/properties?') && r.url().includes('bbox='));
    await page.getByText('Filter to map area').click();
    const bbox = new URL((await asked).url()).searchParams.get('bbox')!.split(',').map(Number);
    const pixel = 360 / (256 * 2 ** VIEW.z);
    [nw.lng, se.lat, se.lng, nw.lat].forEach((want, i) => expect(Math.abs(bbox[i]! - want)).toBeLessThan(pixel));
    await expect(page.locator('.hw-grid-footer')).toContainText(`${shown} records`);
  }

  // a clicked cluster selects as many properties as its label says
  const a = await expectedAt(page, VIEW, groupA);
  const box = (await page.locator('.hw-map').boundingBox())!;
  await page.mouse.click(box.x + a.x, box.y + a.y);
  await expect(page.locator('.leaflet-popup')).toContainText(`${groupA.length} properties`);
  if (phone) await expect(page.getByText(`Selected: ${groupA.length}`)).toBeVisible();
  else await expect(page.getByText(`${groupA.length} selected`, { exact: true })).toBeVisible();
  const selected = await page.locator('[data-selected-pins]').getAttribute('data-selected-pins');
  expect(selected!.split(' ')).toHaveLength(groupA.length);

  expect(outside.filter((url) => !/tile\.openstreetmap\.org/.test(url))).toEqual([]);
}

test('map view: the address, the drawn view, the area filter and a cluster agree (desktop)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await journey(page, false);
});

test('map view: the address and the drawn view agree after a reload on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await journey(page, true);
});
