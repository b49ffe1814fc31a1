// Steps shared by the spreadsheet journeys: JSON calls from the signed-in page, facilities made in one bulk request
// (a unique prefix) and found with the quick search, cells by header, a paste as the browser fires it, the bulk
// PATCH to wait for.
import { expect, type Locator, type Page } from '@playwright/test';

export interface Facility {
  uuid: string;
  name: string;
  number_internal: string | null;
  manufacturer: string | null;
  commissioning_year: number | null;
  lifetime: number | null;
  unit_price: string | null;
}

/** A JSON call from the signed-in page (session cookie and XSRF header as the app sends them). */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const res = await fetch(`/api/v1/${path}`, {
        method,
        credentials: 'include',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-XSRF-TOKEN': xsrf,
          'X-Requested-With': 'XMLHttpRequest',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    { method, path, body },
  );
}

/** `count` facilities named `<prefix> 000…` in the first property, created in one bulk request. */
export async function seed(
  page: Page,
  prefix: string,
  count: number,
  extra: (i: number) => Record<string, unknown> = () => ({}),
) {
  const property = (await api<{ data: { uuid: string }[] }>(page, 'GET', 'properties?per_page=1')).data[0]!;
  const rows = Array.from({ length: count }, (_, i) => ({
    property_uuid: property.uuid,
    name: `${prefix} ${String(i).padStart(3, '0')}`,
    manufacturer: 'Old',
    commissioning_year: 2000,
    lifetime: 20,
    ...extra(i),
  }));
  await api(page, 'POST', 'facilities/bulk', { rows });
}

export async function fetchAll(page: Page, prefix: string): Promise<Facility[]> {
  const reply = await api<{ data: Facility[] }>(
    page,
    'GET',
    `facilities?search=${encodeURIComponent(prefix)}&per_page=500&sort_by=name`,
  );
  return reply.data;
}

export const dataRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('gridcell') });

export async function cellOf(page: Page, row: Locator, header: string) {
  const col = await page.getByRole('columnheader', { name: header, exact: true }).getAttribute('aria-colindex');
  return row.locator(`[role="gridcell"][aria-colindex="${col}"]`);
}

/** The grid narrowed to the journey's facilities (sorted by name, the default). */
export async function openFacilities(page: Page, prefix: string, count: number) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(prefix);
  await expect(page.getByText(`${count} records`, { exact: true })).toBeVisible();
  await expect(dataRows(page).first()).toContainText(`${prefix} 000`);
}

/** A paste as the browser fires it on the focused cell, with the clipboard's TSV and HTML flavours. */
export async function paste(page: Page, tsv: string) {
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
    (document.activeElement ?? document.body).dispatchEvent(event);
  }, tsv);
}

export const bulkPatch = (page: Page) =>
  page.waitForResponse(
    (r) =>
      r.request().method() === 'PATCH' && /\/api\/v1\/facilities(\?|$)/.test(r.url()) && !r.url().includes('dry_run'),
  );
