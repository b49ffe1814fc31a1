// Record grids: inline editing, the column chooser, per-device layouts, a rejected edit at its cell, the values
// filter and the lookup editor, the keyboard, "New" through the drawer form, archiving a facility with its
// sub-facilities.
import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import type { TableSettings } from '../../src/entities/account';
import { signInTo } from './support';

interface ApiFacility {
  uuid: string;
  name: string;
  number_internal: string;
  parent_facility_uuid: string | null;
  archived_at: string | null;
}

/** Data rows (the header row has column headers, no cells). */
const dataRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('gridcell') });

/** The cell of a row under a column header (matched by the ARIA column index, so off-screen columns do not count). */
async function cellOf(page: Page, row: Locator, header: string) {
  const col = await page.getByRole('columnheader', { name: header, exact: true }).getAttribute('aria-colindex');
  return row.locator(`[role="gridcell"][aria-colindex="${col}"]`);
}

/** Narrows the grid to the rows matching a quick search and returns the only one left. */
async function searchRow(page: Page, term: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(term);
  await expect(dataRows(page)).toHaveCount(1);
  return dataRows(page).filter({ hasText: term });
}

/** The names of the column headers in display order (the checkbox column has none). */
async function headerNames(page: Page): Promise<string[]> {
  const tree = await page.getByRole('row').first().ariaSnapshot();
  return [...tree.matchAll(/^\s*- columnheader "((?:[^"\\]|\\.)*)"/gm)].map((m) => JSON.parse(`"${m[1]}"`) as string);
}

const expectHeaders = (page: Page, names: readonly string[]) => expect.poll(() => headerNames(page)).toEqual(names);

/** The next saved layout of a table on a device class that passes `check`. */
const layoutSaved = (
  page: Page,
  table: string,
  device: 'mobile' | 'desktop',
  check: (settings: TableSettings) => boolean = () => true,
) =>
  page.waitForResponse(
    (r) =>
      r.request().method() === 'PUT' &&
      r.url().includes(`/api/v1/user/table-settings/${table}?`) &&
      decodeURIComponent(r.url()).endsWith(`:${device}`) &&
      r.ok() &&
      check(r.request().postDataJSON() as TableSettings),
  );

const visible = (settings: TableSettings) => settings.visible_columns?.split(',') ?? [];

const PROPERTY_HEADERS = ['Name', 'Internal number', 'Street', 'Postcode', 'City', 'Year of construction'];
const FACILITY_HEADERS = [
  'Name',
  'Property',
  'Internal number',
  'Manufacturer',
  'Cost group',
  'Year of commissioning',
  'Lifetime (years)',
  'Remaining lifetime (years)',
  'Renewal year',
  'Renewal status',
  'Renewal costs',
  'Condition (1–4)',
  'Status',
];

test('a cell edited inline in the property grid is saved and still there after a reload', async ({ page }) => {
  await signInTo(page, '/property');
  await expect.poll(async () => (await headerNames(page)).slice(0, PROPERTY_HEADERS.length)).toEqual(PROPERTY_HEADERS);
  let row = await searchRow(page, 'L-1003');
  let city = await cellOf(page, row, 'City');
  const original = (await city.textContent())!.trim();
  expect(original).not.toBe('');
  const renamed = `Neustadt ${Date.now() % 100000}`;

  // double-click opens the editor with the value selected; Enter saves
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes('/api/v1/properties/'),
  );
  await city.dblclick();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(renamed);
  await page.keyboard.press('Enter');
  expect((await saved).status()).toBe(200);
  await expect(city).toHaveText(renamed);

  await page.reload();
  row = await searchRow(page, 'L-1003');
  city = await cellOf(page, row, 'City');
  await expect(city).toHaveText(renamed);

  // Enter on the focused cell edits too; typing replaces the value: back to the original for the other journeys
  const restored = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes('/api/v1/properties/'),
  );
  await city.click();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(original);
  await page.keyboard.press('Enter');
  expect((await restored).status()).toBe(200);
  await expect(city).toHaveText(original);
  await page.reload();
  await expect(await cellOf(page, await searchRow(page, 'L-1003'), 'City')).toHaveText(original);
});

test('the column chooser hides and moves columns, the layout survives a reload, and "Reset to default" restores it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 2600, height: 900 }); // every default column in view (no column virtualisation)
  await signInTo(page, '/facilities');
  await expectHeaders(page, FACILITY_HEADERS);

  const chooser = page.getByRole('list', { name: 'Columns' });
  await page.getByRole('button', { name: 'Columns' }).click();
  await expect(chooser).toBeVisible();
  await chooser.getByRole('checkbox', { name: 'Manufacturer', exact: true }).uncheck();
  const saved = layoutSaved(
    page,
    'facility',
    'desktop',
    (s) =>
      visible(s).join(',') ===
      'name,number_internal,property_uuid,cost_group_uuid,commissioning_year,lifetime,remaining_lifetime,renewal_year,renewal_status,renewal_costs,condition,status',
  );
  await chooser.getByRole('button', { name: 'Move Internal number up' }).click();
  await saved;
  await page.keyboard.press('Escape');

  const changed = ['Name', 'Internal number', 'Property', ...FACILITY_HEADERS.slice(4)];
  await expectHeaders(page, changed);
  await page.reload();
  await expectHeaders(page, changed);
  await expect(page.getByRole('columnheader', { name: 'Manufacturer' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Columns' }).click();
  await expect(chooser.getByRole('checkbox', { name: 'Manufacturer', exact: true })).not.toBeChecked();
  const reset = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().includes('/api/v1/user/table-settings/facility?'),
  );
  await page.getByRole('button', { name: 'Reset to default' }).click();
  expect((await reset).ok()).toBe(true);
  await expect(chooser.getByRole('checkbox', { name: 'Manufacturer', exact: true })).toBeChecked();
  await page.keyboard.press('Escape');
  await expectHeaders(page, FACILITY_HEADERS);
  await page.reload();
  await expectHeaders(page, FACILITY_HEADERS);
});

test('a phone keeps its own layout of a table, the desktop its own', async ({ page }) => {
  const AREA_HEADERS = ['Name', 'Property', 'Partition', 'Internal number', 'Floor', 'Area type', 'Net room area (m²)'];
  await page.setViewportSize({ width: 390, height: 800 });
  await signInTo(page, '/areas');
  const top = await page.request.get('/api/v1/areas?sort_by=number_internal&sort_descending=1&per_page=1');
  const highest = ((await top.json()) as { data: { number_internal: string }[] }).data[0]!.number_internal;

  // mobile: sort by internal number, descending; show the internal number on the cards, hide the floor
  const cards = page.getByRole('list', { name: 'Records' });
  await expect(cards.getByRole('listitem').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Internal number' });
  await page.getByRole('button', { name: 'Ascending' }).click();
  await page.getByRole('button', { name: 'Columns' }).click();
  const chooser = page.getByRole('list', { name: 'Columns' });
  await chooser.getByRole('checkbox', { name: 'Internal number', exact: true }).check();
  const mobileSaved = layoutSaved(
    page,
    'area',
    'mobile',
    (s) => s.sort_by === 'number_internal' && s.sort_descending === true && !visible(s).includes('floor'),
  );
  await chooser.getByRole('checkbox', { name: 'Floor', exact: true }).uncheck();
  await mobileSaved;
  await page.keyboard.press('Escape');
  const firstCard = cards.getByRole('listitem').first();
  await expect(firstCard).toContainText(highest);

  const expectMobileLayout = async () => {
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('number_internal');
    await expect(page.getByRole('button', { name: 'Descending' })).toBeVisible();
    await expect(firstCard).toContainText(highest);
    await expect(firstCard.getByRole('term')).toHaveText(['Property', 'Area type', 'Internal number']);
  };
  await page.reload();
  await expectMobileLayout();

  // desktop: the grid shows its default layout, untouched by the phone's
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expectHeaders(page, AREA_HEADERS);
  await expect(page.getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('columnheader', { name: 'Internal number' })).toHaveAttribute('aria-sort', 'none');

  // desktop: sort by floor, hide the area type
  await page.getByRole('button', { name: 'Columns' }).click();
  await chooser.getByRole('checkbox', { name: 'Area type', exact: true }).uncheck();
  await page.keyboard.press('Escape');
  const desktopSaved = layoutSaved(
    page,
    'area',
    'desktop',
    (s) => s.sort_by === 'floor' && !s.sort_descending && !visible(s).includes('area_type'),
  );
  await page.getByRole('columnheader', { name: 'Floor' }).click();
  await desktopSaved;
  const desktopHeaders = AREA_HEADERS.filter((h) => h !== 'Area type');
  await page.reload();
  await expectHeaders(page, desktopHeaders);
  await expect(page.getByRole('columnheader', { name: 'Floor' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute('aria-sort', 'none');

  // back on the phone: its own layout, the desktop change did not reach it
  await page.setViewportSize({ width: 390, height: 800 });
  await page.reload();
  await expectMobileLayout();

  // "Reset to default" on the phone: its default fields and sort at once and after a reload
  const expectMobileDefault = async () => {
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name');
    await expect(page.getByRole('button', { name: 'Ascending' })).toBeVisible();
    await expect(firstCard.getByRole('term')).toHaveText(['Property', 'Area type', 'Floor']);
    await expect(firstCard).not.toContainText(highest);
  };
  await page.getByRole('button', { name: 'Columns' }).click();
  const mobileReset = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && decodeURIComponent(r.url()).endsWith(':mobile'),
  );
  await page.getByRole('button', { name: 'Reset to default' }).click();
  expect((await mobileReset).ok()).toBe(true);
  await page.keyboard.press('Escape');
  await expectMobileDefault();
  await page.reload();
  await expectMobileDefault();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expectHeaders(page, desktopHeaders); // the phone's reset left the desktop alone
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await page.keyboard.press('Escape');
  for (const reload of [false, true]) {
    if (reload) await page.reload();
    await expectHeaders(page, AREA_HEADERS);
    await expect(page.getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(page.getByRole('columnheader', { name: 'Floor' })).toHaveAttribute('aria-sort', 'none');
  }
});

test('a refused value stays in its cell, marked, with the message; Escape or Undo puts the saved value back', async ({
  page,
}) => {
  await signInTo(page, '/property');
  const row = await searchRow(page, 'L-1004');
  const year = await cellOf(page, row, 'Year of construction');
  const original = (await year.textContent())!.trim();
  expect(original).toMatch(/^\d{4}$/);
  const editor = page.locator('input.hw-grid-number-editor');

  // the server says no (422): the typed value stays in the cell, marked, its message beside it and in the footer
  const rejected = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes('/api/v1/properties/'),
  );
  await year.dblclick();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('3050');
  await page.keyboard.press('Enter');
  expect((await rejected).status()).toBe(422);
  const message = 'Year of construction must not be greater than 2200.';
  await expect(page.getByRole('alert').filter({ hasText: `Year of construction: ${message}` })).toBeVisible();
  await expect(year).toHaveText('3050');
  await expect(year).toHaveClass(/hw-cell-error/);
  await page.mouse.move(0, 0);
  await year.hover();
  await expect(page.getByText(message, { exact: true })).toBeVisible();
  // reopening the editor starts from what was typed; Escape puts the saved value back
  await year.click();
  await page.keyboard.press('F2');
  await expect(editor).toHaveValue('3050');
  await page.keyboard.press('Escape');
  await expect(year).toHaveText(original);
  await expect(year).not.toHaveClass(/hw-cell-error/);
  await expect(page.getByRole('alert').filter({ hasText: 'Year of construction' })).toHaveCount(0);

  // letters never reach the server: they stay in the cell, which says it wants a number; Undo takes them back
  const patches: string[] = [];
  const onRequest = (r: Request) => void (r.method() === 'PATCH' && patches.push(r.url()));
  page.on('request', onRequest);
  await year.click();
  await page.keyboard.type('abc');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Year of construction: Please enter a number.' }),
  ).toBeVisible();
  await expect(year).toHaveText('abc');
  await expect(year).toHaveClass(/hw-cell-error/);
  await year.click();
  await page.keyboard.press('F2');
  await expect(editor).toHaveValue('abc');
  await page.keyboard.press('Enter');
  await expect(year).toHaveText('abc');
  await year.click();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(year).toHaveText(original);
  await expect(year).not.toHaveClass(/hw-cell-error/);
  await year.click();
  await page.keyboard.type('abc');
  await page.keyboard.press('Enter');
  await expect(year).toHaveText('abc');
  page.off('request', onRequest);
  expect(patches).toEqual([]);

  // a valid value is saved and clears the mark and the message; then back to the original
  for (const value of [String(Number(original) - 1), original]) {
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes('/api/v1/properties/'),
    );
    await year.click();
    await page.keyboard.type(value);
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect(page.getByRole('alert').filter({ hasText: 'Year of construction' })).toHaveCount(0);
    await expect(year).toHaveText(value);
    await expect(year).not.toHaveClass(/hw-cell-error/);
  }
  await page.reload();
  await expect(await cellOf(page, await searchRow(page, 'L-1004'), 'Year of construction')).toHaveText(original);
});

test('a header cut off by its column shows its label in a tooltip; a header shown in full has none', async ({
  page,
}) => {
  await signInTo(page, '/property');
  const header = (name: string) => page.getByRole('columnheader', { name, exact: true });
  const label = (name: string) => header(name).locator('.ag-header-cell-text');
  // the default widths fit every label (docs/decisions.md, "Column widths"): the user narrows the column first
  const isCut = () => label('Year of construction').evaluate((el) => el.scrollWidth > el.clientWidth);
  await expect.poll(isCut).toBe(false);
  await label('Year of construction').scrollIntoViewIfNeeded();
  await header('Year of construction').hover();
  const handle = (await header('Year of construction').locator('.ag-header-cell-resize').boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x - 90, handle.y + handle.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(isCut).toBe(true);
  // in view first: a hover that scrolls the grid sideways would hide the tooltip with the scroll, as it should
  await label('Year of construction').scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await label('Year of construction').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Year of construction');
  // away from the header: gone; over a header that fits: none
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await label('Name').hover();
  await page.waitForTimeout(800);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  // the narrowed column goes back to its default for the journeys after this one
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await page.keyboard.press('Escape');
  await expect.poll(isCut).toBe(false);
});

test('the status filter lists its values as checkboxes, and the lookup editor picks a cost group (Ctrl+Z takes it back)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 2600, height: 900 }); // every default column in view
  await signInTo(page, '/facilities');
  await expectHeaders(page, FACILITY_HEADERS);
  const listRequest = (check: (url: string) => boolean) =>
    page.waitForRequest((r) => r.url().includes('/api/v1/facilities?') && check(decodeURIComponent(r.url())));

  // the values filter (Ctrl+Enter on a header opens its filter): a checked value asks the server for it only
  const status = page.getByRole('columnheader', { name: 'Status', exact: true });
  await status.focus();
  await page.keyboard.press('ControlOrMeta+Enter');
  const values = page.getByRole('group', { name: 'Values' });
  await expect(values.getByRole('checkbox')).toHaveCount(2);
  const clear = values.getByRole('button', { name: 'Clear' });
  await expect(clear).toBeDisabled();
  const onlyActive = listRequest((url) => url.includes('filter[status][]=active'));
  await values.getByRole('checkbox', { name: 'Active', exact: true }).check();
  await onlyActive;
  await expect(clear).toBeEnabled();
  await expect(await cellOf(page, dataRows(page).first(), 'Status')).toHaveText('Active');
  const unfiltered = listRequest((url) => !url.includes('filter[status]'));
  await clear.click();
  await unfiltered;
  await expect(values.getByRole('checkbox', { name: 'Active', exact: true })).not.toBeChecked();
  await page.keyboard.press('Escape');

  // the lookup editor: type to search the cost groups, Enter picks the first match
  const get = async <T>(path: string) =>
    ((await (await page.request.get(`/api/v1/${path}`)).json()) as { data: T }).data;
  const [facility] = await get<(ApiFacility & { cost_group_uuid: string | null })[]>(
    'facilities?status_limiter=active&sort_by=number_internal&sort_descending=1&per_page=1',
  );
  const groups = await get<{ uuid: string; name: string }[]>('cost-groups?per_page=50');
  const before = groups.find((g) => g.uuid === facility!.cost_group_uuid)?.name ?? '';
  const other = groups.find((g) => g.uuid !== facility!.cost_group_uuid)!;
  const row = await searchRow(page, facility!.number_internal);
  const cell = await cellOf(page, row, 'Cost group');
  await expect(cell).toHaveText(before);
  await cell.dblclick();
  const search = page.getByRole('combobox', { name: 'Search…' });
  await expect(search).toBeFocused();
  await search.fill(other.name.slice(0, 8));
  await expect(page.getByRole('option', { name: other.name })).toBeVisible();
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes(`/api/v1/facilities/${facility!.uuid}`),
  );
  await search.press('Enter');
  const response = await saved;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({ cost_group_uuid: other.uuid });
  await expect(search).toBeHidden();
  await expect(cell).toHaveText(other.name);

  // the edit is an undo step: Ctrl+Z on the grid puts the old cost group back
  const undone = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes('/api/v1/facilities'),
  );
  await page.keyboard.press('ControlOrMeta+z');
  expect((await undone).ok()).toBe(true);
  await expect(cell).toHaveText(before);
});

test('Space opens the record drawer with its title, Escape closes it, ? shows the shortcut sheet', async ({ page }) => {
  await signInTo(page, '/property');
  const row = await searchRow(page, 'L-1007');
  const title = (await (await cellOf(page, row, 'Name')).textContent())!.trim();
  expect(title).not.toBe('');

  await (await cellOf(page, row, 'Internal number')).click();
  await page.keyboard.press(' ');
  const heading = page.getByRole('heading', { name: title, level: 4 });
  await expect(heading).toBeVisible();
  await expect(page).toHaveURL(/[?&]record=[0-9a-f-]{36}/);
  await expect(page.getByRole('textbox', { name: /^Internal number/ })).toHaveValue('L-1007');
  await page.keyboard.press('Escape');
  await expect(heading).toBeHidden();
  await expect(page).not.toHaveURL(/record=/);

  // the focus is back on the cell: the keyboard goes on from there
  await expect(await cellOf(page, row, 'Internal number')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(await cellOf(page, row, 'Street')).toBeFocused();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('Open the record')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});

test('"New" creates a contact through the drawer form, and the grid finds it', async ({ page }) => {
  await signInTo(page, '/contacts');
  const last = `Grid${Date.now()}`;
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New Contact' })).toBeVisible();
  await page.getByLabel(/^First name/).fill('Erika');
  await page.getByLabel(/^Last name/).fill(last);
  await page.getByLabel(/^Email address/).fill(`erika.${last.toLowerCase()}@example.com`);
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/contacts'));
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByRole('heading', { name: 'New Contact' })).toBeHidden();

  const row = await searchRow(page, last);
  await expect(await cellOf(page, row, 'Name')).toHaveText(`Erika ${last}`);
  await expect(await cellOf(page, row, 'Email address')).toHaveText(`erika.${last.toLowerCase()}@example.com`);
});

test('archiving a facility lists its sub-facilities in the confirmation and archives them too', async ({ page }) => {
  await signInTo(page, '/facilities');
  const api = page.request;
  const get = async <T>(path: string) => ((await (await api.get(`/api/v1/${path}`)).json()) as { data: T }).data;
  // a sub-facility whose parent is active (the grid lists active records by default)
  const children = await get<ApiFacility[]>('facilities?search=Komponente&per_page=50');
  const parents = await get<(ApiFacility & { status: string })[]>(
    `facilities?status_limiter=active&per_page=50&${children.map((c) => `filter[uuid][]=${c.parent_facility_uuid}`).join('&')}`,
  );
  const parent = parents[0]!;
  expect(children.map((c) => c.parent_facility_uuid)).toContain(parent.uuid);
  const below = await get<ApiFacility[]>(`facilities/${parent.uuid}/descendants`);
  expect(below.length).toBeGreaterThan(0);

  // open the parent from the grid
  const row = await searchRow(page, parent.number_internal);
  const open = row.getByRole('button', { name: `Open ${parent.name}` });
  // its icon is the button's background image (one element per row instead of four)
  expect(await open.evaluate((b) => getComputedStyle(b).backgroundImage)).toContain('data:image/svg+xml');
  await open.click();
  await expect(page.getByRole('heading', { name: parent.name, level: 4 })).toBeVisible();
  await page.getByRole('button', { name: 'Archive', exact: true }).click();

  const confirm = page.getByRole('alertdialog');
  const count = below.length;
  await expect(confirm).toContainText(
    count === 1
      ? `Archive “${parent.name}” together with the record below it?`
      : `Archive “${parent.name}” together with the ${count} records below it?`,
  );
  await expect(confirm.getByRole('listitem')).toHaveText(below.slice(0, 15).map((f) => f.name));
  await confirm.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText(`Archived (${count + 1} records)`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();

  // every sub-facility is archived, and the parent has left the active list
  for (const f of below) {
    expect((await get<ApiFacility>(`facilities/${f.uuid}`)).archived_at, f.name).not.toBeNull();
  }
  await page.getByRole('button', { name: 'Close' }).last().click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(parent.number_internal);
  await expect(page.getByText('0 records', { exact: true })).toBeVisible();
  await expect(dataRows(page)).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Archived' }).check();
  await expect(dataRows(page)).toHaveCount(1);
  await expect(dataRows(page)).toContainText(parent.name);
});

test('a record opens as its own page from the drawer, and the page survives a reload', async ({ page }) => {
  await signInTo(page, '/property');
  const row = await searchRow(page, 'L-1007');
  const title = (await (await cellOf(page, row, 'Name')).textContent())!.trim();
  await (await cellOf(page, row, 'Internal number')).click();
  await page.keyboard.press(' ');
  await expect(page.getByRole('heading', { name: title, level: 4 })).toBeVisible();
  await page.getByRole('link', { name: 'Open as page' }).click();
  await expect(page).toHaveURL(/\/property\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  // the City field (the public page's checklist has a City checkbox too)
  await expect(page.getByRole('textbox', { name: 'City' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Properties' }).click();
  await expect(page).toHaveURL('/property');
  await page.goto('/property/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('This record does not exist or you cannot see it.')).toBeVisible();
});
