// Steps the offline journeys share (offline.spec.ts, offline-writes.spec.ts): rows of a grid, moving between screens
// without loading the page, the session cache written, the properties grid ready to be edited offline, and the
// offline queue as the page sees it (the button counting it, its rows in IndexedDB).
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { apiGet, signInTo } from './support';

export interface ApiProperty {
  uuid: string;
  name: string;
  city: string;
  construction_year: number | null;
  updated_at: string;
}

/** The first rows of a grid opened online: its chunk, its settings and its first block (slow on a busy machine). */
export const FIRST_ROWS = { timeout: 90_000 };

export const dataRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('gridcell') });

/** Opens a route the way a link does (history and popstate), without loading the page again. */
export const navigate = (page: Page, to: string) =>
  page.evaluate((path) => {
    history.pushState({}, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);

export const banner = (page: Page) => page.getByRole('status').filter({ hasText: /^Offline:/ });

/** Waits until the session's copy is written (one second after the last change). */
export const cacheWritten = (page: Page) =>
  page.waitForFunction(() => (sessionStorage.getItem('hauswerk.sessionCache') ?? '').length > 1000);

/** The service worker controls the page (a reload without signal is served from its cache). */
export const workerReady = (page: Page) =>
  expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

export const waitingButton = (page: Page, count: number) =>
  page.getByRole('button', { name: `${count} change${count === 1 ? '' : 's'} waiting` });

/** The changes waiting in IndexedDB (the queue's own storage, as a reload finds it). */
export const storedChanges = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const req = indexedDB.open('hauswerk-offline', 1);
        req.onsuccess = () => {
          const count = req.result.transaction('queue').objectStore('queue').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );

/** A cell of a record's row in the grid on screen, by its column's header. */
export async function cellOf(page: Page, uuid: string, header: string) {
  const col = await page.getByRole('columnheader', { name: header, exact: true }).getAttribute('aria-colindex');
  return page.locator(`[role="row"][row-id="${uuid}"] [role="gridcell"][aria-colindex="${col}"]`);
}

/** The City cell of a property's row in the properties grid. */
export const cityCell = (page: Page, uuid: string) => cellOf(page, uuid, 'City');

/** Opens the properties grid online and waits until it can be read offline; returns the first property by name. */
export async function propertiesReady(page: Page) {
  await signInTo(page, '/property');
  await expect(dataRows(page).first()).toHaveAttribute('row-id', /\w/, FIRST_ROWS);
  const [property] = await apiGet<ApiProperty[]>(page, 'properties?per_page=1&sort_by=name');
  await expect(await cityCell(page, property!.uuid)).toHaveText(property!.city);
  await workerReady(page);
  await cacheWritten(page);
  await page.waitForTimeout(1_200);
  return property!;
}

/** Types a new value into a cell and leaves it (Enter); the cell shows it. */
export async function editCell(page: Page, uuid: string, header: string, value: string) {
  const cell = await cellOf(page, uuid, header);
  await cell.dblclick();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(value);
  await page.keyboard.press('Enter');
  await expect(cell).toHaveText(value);
}

export const editCity = (page: Page, uuid: string, value: string) => editCell(page, uuid, 'City', value);
