// The spreadsheet layer in the facilities grid: paste 200 × 6 with its preview and undo, fill-down, bulk edit of
// selected rows with +3 %, Delete on a range and its undo. Each journey makes its own facilities through the
// bulk API (a unique prefix) and finds them with the quick search.
import { expect, test } from './fixtures';
import { signInTo } from './support';
import {
  api,
  bulkPatch,
  cellOf,
  dataRows,
  fetchAll,
  openFacilities,
  paste,
  seed,
  type Facility,
} from './sheet-support';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 2200, height: 1000 });
});

test('200 × 6 pasted from a spreadsheet: preview with errors and a read-only column, fix, apply, undo', async ({
  page,
}) => {
  const prefix = `Paste${Date.now() % 1_000_000}`;
  await signInTo(page, '/facilities');
  await seed(page, prefix, 200);
  await openFacilities(page, prefix, 200);

  // load the second block too (only loaded rows take part), then back to the first row
  const first = await cellOf(page, dataRows(page).first(), 'Internal number');
  await first.click();
  await page.keyboard.press('ControlOrMeta+End');
  await expect(dataRows(page).filter({ hasText: `${prefix} 199` })).toHaveCount(1);
  await page.keyboard.press('ControlOrMeta+Home');
  await (await cellOf(page, dataRows(page).first(), 'Internal number')).click();

  // Internal number, Manufacturer, Cost group (empty), Year, Lifetime, Remaining lifetime (read-only); Excel's CRLF.
  // Years 20x5 do not parse (client); a lifetime of 250 parses but the server refuses it (dry run).
  const lines = Array.from({ length: 200 }, (_, i) => {
    const year = i === 10 || i === 20 ? '20x5' : String(2001 + (i % 20));
    return [`${prefix}-N${i}`, `Maker ${i}`, '', year, i === 30 ? '250' : '25', '99'].join('\t');
  });
  await paste(page, `${lines.join('\r\n')}\r\n`);

  const dialog = page.getByRole('dialog', { name: 'Paste preview' });
  await expect(dialog).toBeVisible();
  const counts = dialog.getByTestId('paste-counts');
  await expect(dialog.getByText('Checking with the server…')).toBeHidden();
  await expect(counts).toContainText('788 changes'); // 197 valid rows × 4 changed cells
  await expect(counts).toContainText('3 errors');
  await expect(counts).toContainText('0 new records');
  await expect(dialog).toContainText('Not pasted into read-only columns: Remaining lifetime (years)');
  await expect(dialog).toContainText('Lifetime (years) must not be greater than 200.');

  await dialog.getByText('Only rows with errors').click();
  await expect(dialog.locator('tbody tr')).toHaveCount(3);
  const bad = dialog.getByRole('textbox', { name: 'Year of commissioning 11' });
  await bad.fill('2015');
  await bad.press('Enter');
  await expect(counts).toContainText('2 errors');
  await expect(counts).toContainText('792 changes');

  const saved = bulkPatch(page);
  await dialog.getByRole('button', { name: 'Apply 198 valid rows' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Pasted 792 cells/)).toBeVisible();
  await expect(await cellOf(page, dataRows(page).first(), 'Manufacturer')).toHaveText('Maker 0');

  let stored = await fetchAll(page, prefix);
  expect(stored).toHaveLength(200);
  // row 11 on screen (index 10) was fixed in the preview; index 20 kept its error and was left alone
  expect(stored[10]).toMatchObject({
    number_internal: `${prefix}-N10`,
    manufacturer: 'Maker 10',
    commissioning_year: 2015,
    lifetime: 25,
  });
  expect(stored[20]).toMatchObject({
    number_internal: null,
    manufacturer: 'Old',
    commissioning_year: 2000,
    lifetime: 20,
  });
  expect(stored[30]).toMatchObject({ manufacturer: 'Old', lifetime: 20 });
  expect(stored.filter((f) => f.manufacturer?.startsWith('Maker'))).toHaveLength(198);

  // Ctrl+Z in the grid takes the whole paste back in one step
  await (await cellOf(page, dataRows(page).first(), 'Name')).click();
  const undone = bulkPatch(page);
  await page.keyboard.press('ControlOrMeta+z');
  expect((await undone).status()).toBe(200);
  await expect(await cellOf(page, dataRows(page).first(), 'Manufacturer')).toHaveText('Old');
  stored = await fetchAll(page, prefix);
  expect(stored.every((f) => f.manufacturer === 'Old' && f.lifetime === 20 && f.number_internal === null)).toBe(true);

  // and Ctrl+Y does it again
  const redone = bulkPatch(page);
  await page.keyboard.press('ControlOrMeta+y');
  expect((await redone).status()).toBe(200);
  await expect(await cellOf(page, dataRows(page).first(), 'Manufacturer')).toHaveText('Maker 0');
});

test('a range selected with Shift+arrows shows count, sum and average, and Ctrl+D fills it down', async ({ page }) => {
  const prefix = `Fill${Date.now() % 1_000_000}`;
  await signInTo(page, '/facilities');
  await seed(page, prefix, 5, (i) => ({ manufacturer: `Maker ${i}`, lifetime: 10 + i }));
  await openFacilities(page, prefix, 5);

  await (await cellOf(page, dataRows(page).first(), 'Lifetime (years)')).click();
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowDown');
  const summary = page.getByTestId('range-summary');
  await expect(summary).toContainText('Count: 5');
  await expect(summary).toContainText('Sum: 60');
  await expect(summary).toContainText('Average: 12');
  // Year of commissioning, Cost group (empty) and Manufacturer join the range
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowLeft');
  await expect(summary).toContainText('Count: 15');
  await expect(summary).toContainText('Sum: 10,060');
  await expect(page.locator('.hw-range-cell')).toHaveCount(20);

  const saved = bulkPatch(page);
  await page.keyboard.press('ControlOrMeta+d');
  expect((await saved).status()).toBe(200);
  const stored = await fetchAll(page, prefix);
  expect(stored.map((f) => [f.manufacturer, f.commissioning_year, f.lifetime])).toEqual(
    Array(5).fill(['Maker 0', 2000, 10]),
  );
  await expect(await cellOf(page, dataRows(page).nth(4), 'Manufacturer')).toHaveText('Maker 0');
});

test('bulk edit of the selected rows: unit price +3 %, previewed, applied in one request, undone', async ({ page }) => {
  const prefix = `Bulk${Date.now() % 1_000_000}`;
  await signInTo(page, '/facilities');
  await seed(page, prefix, 4, (i) => ({ unit_price: ['100.00', '1234.55', '10.00', null][i] }));
  await openFacilities(page, prefix, 4);
  for (let i = 0; i < 4; i++) await dataRows(page).nth(i).getByRole('checkbox').check();

  await page.getByRole('button', { name: 'Edit selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit 4 selected records' });
  await dialog.getByLabel('Field').selectOption({ label: 'Unit price' });
  await dialog.getByLabel('Operation').selectOption({ label: 'Change by percent' });
  await dialog.getByLabel('Value').fill('3');
  await expect(dialog.getByTestId('bulk-summary')).toContainText('3 of 4 records change.');
  await expect(dialog.getByTestId('bulk-summary')).toContainText('1 record has no value to calculate with');
  const saved = bulkPatch(page);
  await dialog.getByRole('button', { name: 'Apply to 3 records' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Change 3 records' }).click();
  const request = (await saved).request().postDataJSON() as { rows: { unit_price: string }[] };
  expect(request.rows.map((r) => r.unit_price)).toEqual(['103.00', '1271.59', '10.30']);
  await expect(dialog).toBeHidden();
  expect((await fetchAll(page, prefix)).map((f) => f.unit_price)).toEqual(['103.00', '1271.59', '10.30', null]);

  await (await cellOf(page, dataRows(page).first(), 'Name')).click();
  const undone = bulkPatch(page);
  await page.keyboard.press('ControlOrMeta+z');
  expect((await undone).status()).toBe(200);
  await expect
    .poll(async () => (await fetchAll(page, prefix)).map((f) => f.unit_price))
    .toEqual(['100.00', '1234.55', '10.00', null]);
});

test('Delete clears a range dragged with the mouse, and Ctrl+Z restores it', async ({ page }) => {
  const prefix = `Clear${Date.now() % 1_000_000}`;
  await signInTo(page, '/facilities');
  await seed(page, prefix, 3, (i) => ({ manufacturer: `Maker ${i}`, number_internal: `${prefix}-${i}` }));
  await openFacilities(page, prefix, 3);

  const from = await cellOf(page, dataRows(page).first(), 'Internal number');
  const to = await cellOf(page, dataRows(page).nth(2), 'Manufacturer');
  await from.hover();
  await page.mouse.down();
  await to.hover();
  await page.mouse.up();
  await expect(page.locator('.hw-range-cell')).toHaveCount(6);

  const cleared = bulkPatch(page);
  await page.keyboard.press('Delete');
  expect((await cleared).status()).toBe(200);
  await expect(await cellOf(page, dataRows(page).nth(2), 'Manufacturer')).toHaveText('');
  expect((await fetchAll(page, prefix)).map((f) => [f.number_internal, f.manufacturer])).toEqual(
    Array(3).fill([null, null]),
  );

  const undone = bulkPatch(page);
  await page.keyboard.press('ControlOrMeta+z');
  expect((await undone).status()).toBe(200);
  await expect(await cellOf(page, dataRows(page).nth(2), 'Manufacturer')).toHaveText('Maker 2');
  expect((await fetchAll(page, prefix)).map((f) => f.manufacturer)).toEqual(['Maker 0', 'Maker 1', 'Maker 2']);
});

test('Ctrl+C copies a range as TSV and an HTML table; a paste past the last row creates the new records, and undo takes them back', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const prefix = `Copy${Date.now() % 1_000_000}`;
  await signInTo(page, '/facilities');
  await seed(page, prefix, 2, (i) => ({
    manufacturer: `Maker ${i}`,
    number_internal: `${prefix}-${i}`,
  }));
  await openFacilities(page, prefix, 2);

  // Ctrl+C with the real keyboard: the system clipboard gets both flavours
  await (await cellOf(page, dataRows(page).first(), 'Internal number')).click();
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('ControlOrMeta+c');
  const copied = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    return {
      text: await (await item!.getType('text/plain')).text(),
      html: await (await item!.getType('text/html')).text(),
    };
  });
  expect(copied.text).toBe(`${prefix}-0\tMaker 0\r\n${prefix}-1\tMaker 1`);
  expect(copied.html).toContain(`<tr><td>${prefix}-0</td><td>Maker 0</td></tr>`);

  // three lines on the last row: one update, two new records (Name, Property as a uuid, Internal number)
  const property = (await api<{ data: { uuid: string }[] }>(page, 'GET', 'properties?per_page=1')).data[0]!.uuid;
  await (await cellOf(page, dataRows(page).nth(1), 'Name')).click();
  await paste(
    page,
    [`${prefix} 001`, `${prefix} 002`, `${prefix} 003`].map((n, i) => `${n}\t${property}\tN-${i}`).join('\n'),
  );
  const dialog = page.getByRole('dialog', { name: 'Paste preview' });
  await expect(dialog.getByTestId('paste-counts')).toContainText('2 new records');
  // declining the new records leaves only the update of the last row
  const create = dialog.getByRole('checkbox', { name: 'The paste goes past the last row. Create 2 new records?' });
  await create.uncheck();
  await expect(dialog.getByRole('button', { name: 'Apply 1 valid row' })).toBeVisible();
  await create.check();
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/facilities/bulk'),
  );
  await dialog.getByRole('button', { name: 'Apply 3 valid rows' }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByText('4 records')).toBeVisible();
  expect((await fetchAll(page, prefix)).map((f) => f.number_internal)).toEqual([`${prefix}-0`, 'N-0', 'N-1', 'N-2']);

  await (await cellOf(page, dataRows(page).first(), 'Name')).click();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(page.getByText('2 records')).toBeVisible();
  await expect
    .poll(async () => (await fetchAll(page, prefix)).map((f) => f.number_internal))
    .toEqual([`${prefix}-0`, `${prefix}-1`]);
});

test('undo leaves a record someone else changed since alone and says so; Shift+click selects a range', async ({
  page,
}) => {
  const prefix = `Conflict${Date.now() % 1_000_000}`;
  await signInTo(page, '/facilities');
  await seed(page, prefix, 3, (i) => ({ manufacturer: `Maker ${i}` }));
  await openFacilities(page, prefix, 3);

  await (await cellOf(page, dataRows(page).first(), 'Manufacturer')).click();
  await (await cellOf(page, dataRows(page).nth(2), 'Manufacturer')).click({ modifiers: ['Shift'] });
  await expect(page.locator('.hw-range-cell')).toHaveCount(3);
  const cleared = bulkPatch(page);
  await page.keyboard.press('Delete');
  expect((await cleared).status()).toBe(200);

  // someone else writes the middle record in the meantime
  const middle = (await fetchAll(page, prefix))[1]!;
  await api(page, 'PATCH', `facilities/${middle.uuid}`, { manufacturer: 'Someone' });

  const undone = bulkPatch(page);
  await page.keyboard.press('ControlOrMeta+z');
  expect((await undone).status()).toBe(200);
  await expect(page.getByText('1 record was changed by someone else since and was left alone.')).toBeVisible();
  expect((await fetchAll(page, prefix)).map((f) => f.manufacturer)).toEqual(['Maker 0', 'Someone', 'Maker 2']);
});

test('bulk edit skips records the user may not change with the permission message; Ctrl+X cuts a range', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const prefix = `Locked${Date.now() % 1_000_000}`;
  await signInTo(page, '/facilities');
  await seed(page, prefix, 4, (i) => ({ unit_price: '100.00', manufacturer: `Maker ${i}` }));
  const [a, b] = await fetchAll(page, prefix);
  await api(page, 'POST', 'facilities/bulk-archive', { rows: [{ uuid: a!.uuid }, { uuid: b!.uuid }] });

  // the archived two, selected and edited: the server skips both and says why
  await page.getByText('Archived', { exact: true }).click();
  await openFacilities(page, prefix, 2);
  for (let i = 0; i < 2; i++) await dataRows(page).nth(i).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Edit selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit 2 selected records' });
  await dialog.getByLabel('Field').selectOption({ label: 'Unit price' });
  await dialog.getByLabel('Value').fill('5');
  const saved = bulkPatch(page);
  await dialog.getByRole('button', { name: 'Apply to 2 records' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Change 2 records' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('2 records lack the right permission and were skipped.')).toBeVisible();
  const archived = await api<{ data: Facility[] }>(page, 'GET', `facilities?search=${prefix}&archived=1`);
  expect(archived.data.map((f) => f.unit_price)).toEqual(['100.00', '100.00']);

  // the active two: Ctrl+X puts the manufacturers on the clipboard and clears them in one step
  await page.getByText('Archived', { exact: true }).click();
  await expect(dataRows(page).first()).toContainText(`${prefix} 002`);
  await expect(dataRows(page)).toHaveCount(2);
  // each key waits for the grid's own state: the clicked cell focused, then the range over both cells
  const top = await cellOf(page, dataRows(page).first(), 'Manufacturer');
  await top.click();
  await expect(top).toHaveClass(/ag-cell-focus/);
  await page.keyboard.press('Shift+ArrowDown');
  await expect(await cellOf(page, dataRows(page).nth(1), 'Manufacturer')).toHaveClass(/hw-range-cell/);
  await expect(top).toHaveClass(/hw-range-cell/);
  const cut = bulkPatch(page);
  await page.keyboard.press('ControlOrMeta+x');
  expect((await cut).status()).toBe(200);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Maker 2\r\nMaker 3');
  expect((await fetchAll(page, prefix)).map((f) => f.manufacturer)).toEqual([null, null]);
});

test('a range over more than 500 rows is cut at 500, and the footer says so and names rows not loaded', async ({
  page,
}) => {
  await page.setViewportSize({ width: 2200, height: 900 }); // the Lifetime column in view (the grid draws only those)
  await signInTo(page, '/facilities');
  const first = page.locator('.ag-row[row-index="0"] [col-id="lifetime"]');
  await first.click();
  // Ctrl+End goes to the last loaded row; each time the next block loads
  const lastDrawn = () =>
    page.evaluate(() =>
      Math.max(...[...document.querySelectorAll('.ag-row[row-index]')].map((r) => Number(r.getAttribute('row-index')))),
    );
  // each press waits for the grid to draw further rows (a block loading or loaded), never for a time; with the row
  // count known, the first press reaches the end
  for (let i = 0; i < 10 && (await lastDrawn()) < 520; i++) {
    const before = await lastDrawn();
    await page.keyboard.press('ControlOrMeta+End');
    await expect.poll(lastDrawn).toBeGreaterThan(before);
  }
  const index = await lastDrawn();
  expect(index).toBeGreaterThanOrEqual(503);
  // a few rows above the last drawn one: the last can sit under the grid's horizontal scroll bar
  const target = page.locator(`.ag-row[row-index="${index - 3}"] [col-id="lifetime"]`);
  await target.click({ modifiers: ['Shift'] });
  const summary = page.getByTestId('range-summary');
  await expect(summary).toContainText('The range is limited to 500 rows.');
  // Ctrl+End jumped over blocks the grid never loaded: those rows are named, never silently counted
  await expect(summary).toContainText(/\d+ rows? in the range (is|are) not loaded/);
});

test('an inline cell edit and an archive are undo steps too', async ({ page }) => {
  const prefix = `Steps${Date.now() % 1_000_000}`;
  await signInTo(page, '/facilities');
  await seed(page, prefix, 2, (i) => ({ manufacturer: `Maker ${i}` }));
  await openFacilities(page, prefix, 2);

  // an inline edit, then Ctrl+Z in the grid
  const cell = await cellOf(page, dataRows(page).first(), 'Manufacturer');
  const edited = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes('/api/v1/facilities/'),
  );
  await cell.dblclick();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Edited');
  await page.keyboard.press('Enter');
  expect((await edited).status()).toBe(200);
  await expect(cell).toHaveText('Edited');
  await cell.click();
  const undone = bulkPatch(page);
  await page.keyboard.press('ControlOrMeta+z');
  expect((await undone).status()).toBe(200);
  await expect(cell).toHaveText('Maker 0');

  // archiving from the drawer offers Undo in its notice, which restores the record
  const name = `${prefix} 001`;
  await dataRows(page)
    .nth(1)
    .getByRole('button', { name: `Open ${name}` })
    .click();
  await expect(page.getByRole('heading', { name, level: 4 })).toBeVisible();
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();
  expect(await fetchAll(page, prefix)).toHaveLength(1);
  const restored = page.waitForResponse((r) => r.url().endsWith('/api/v1/facilities/bulk-restore'));
  await page.locator('.bp6-toast').getByRole('button', { name: 'Undo' }).click();
  expect((await restored).status()).toBe(200);
  await expect
    .poll(async () => (await fetchAll(page, prefix)).map((f) => f.manufacturer))
    .toEqual(['Maker 0', 'Maker 1']);
});
