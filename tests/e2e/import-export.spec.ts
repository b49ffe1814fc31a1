// Import and export in the browser: a workbook made here with exceljs goes through the wizard to its result, the
// error report is downloaded and read back, its fixed rows are imported again; an import is undone; the current
// view (a filter, a sort, a hidden column, the status limiter) is exported to xlsx and csv and the files are read
// back and compared with what the grid shows; an exported workbook re-imports as an update.
import ExcelJS from 'exceljs';
import fs from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInTo } from './support';

const dataRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('gridcell') });
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Table tools' });

async function headerNames(page: Page): Promise<string[]> {
  const tree = await page.getByRole('row').first().ariaSnapshot();
  return [...tree.matchAll(/^\s*- columnheader "((?:[^"\\]|\\.)*)"/gm)].map((m) => JSON.parse(`"${m[1]}"`) as string);
}

/** The grid's rows as the user sees them: one array of cell texts per row, in header order. */
async function gridTable(page: Page): Promise<string[][]> {
  const headers = await headerNames(page);
  const columns = await Promise.all(
    headers.map((name) => page.getByRole('columnheader', { name, exact: true }).getAttribute('aria-colindex')),
  );
  const rows: string[][] = [];
  for (const row of await dataRows(page).all()) {
    const cells: string[] = [];
    for (const col of columns)
      cells.push((await row.locator(`[role="gridcell"][aria-colindex="${col}"]`).innerText()).trim());
    rows.push(cells);
  }
  return rows;
}

async function workbook(rows: (string | number | null)[][], sheet = 'Properties'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheet);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function readDownload(download: Download): Promise<Buffer> {
  return fs.readFile((await download.path())!);
}

/** Uploads a file in the open wizard and walks to the validation step with the server's column match. */
async function uploadAndCheck(dialog: Locator, name: string, buffer: Buffer, mode?: string) {
  await dialog.getByLabel('Choose a file…').setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
  await expect(dialog.getByRole('radiogroup', { name: 'Which sheet holds the data?' })).toBeVisible();
  await expect(dialog.getByText(/columns?:/)).toBeVisible(); // the preview arrived
  await dialog.getByRole('button', { name: 'Next' }).click(); // → header row
  await dialog.getByRole('button', { name: 'Next' }).click(); // → columns
  await expect(dialog.getByLabel('Field for the column Name')).toHaveValue('name');
  await dialog.getByRole('button', { name: 'Next' }).click(); // → mode
  if (mode) await dialog.getByRole('radio', { name: new RegExp(`^${mode}`) }).check();
  await dialog.getByRole('button', { name: 'Check the rows' }).click();
  await expect(dialog.getByRole('status', { name: 'Check results' })).toBeVisible();
}

const counter = (dialog: Locator, text: string) =>
  expect(dialog.getByRole('status', { name: 'Check results' })).toContainText(text);
const result = (dialog: Locator, name: string) =>
  dialog.getByRole('table', { name: 'Import results' }).getByRole('row', { name: new RegExp(`^${name}`) });

async function openWizard(page: Page) {
  await toolbar(page).getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: /^Import / });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function search(page: Page, term: string, count: number) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(term);
  await expect(dataRows(page)).toHaveCount(count);
}

/** Records of the table matching a search, asked from the API. */
async function countOf(page: Page, term: string, plural = 'properties') {
  const reply = await page.request.get(`/api/v1/${plural}?search=${encodeURIComponent(term)}&per_page=100`);
  return ((await reply.json()) as { data: unknown[] }).data.length;
}

test('an xlsx goes through the import wizard; the error report lists the bad rows; fixed, they import too', async ({
  page,
}) => {
  const stamp = `Imp${Date.now() % 1_000_000}`;
  const header = ['Name', 'Internal number', 'City', 'Year of construction'];
  const good = [1, 2, 3, 4, 5].map((n) => [`${stamp} ${n}`, `${stamp}-${n}`, 'Importstadt', 1990 + n]);
  const bad = [
    [`${stamp} 6`, `${stamp}-6`, 'Importstadt', 'neunzehnhundert'],
    [null, `${stamp}-7`, 'Importstadt', 1997],
  ];
  await signInTo(page, '/property');
  await expect(dataRows(page).first()).toBeVisible();
  const dialog = await openWizard(page);
  await uploadAndCheck(dialog, 'properties.xlsx', await workbook([header, ...good, ...bad]));
  await counter(dialog, '5 to create');
  await counter(dialog, '2 with errors');
  await expect(dialog.getByRole('table', { name: 'Rows with errors' }).getByRole('row')).toHaveCount(3);

  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(result(dialog, 'Created')).toContainText('5');
  await expect(result(dialog, 'Failed')).toContainText('2');

  // the error report: the two bad rows with an Error column
  const reportDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download the error report' }).click();
  const report = new ExcelJS.Workbook();
  await report.xlsx.load((await readDownload(await reportDownload)) as never);
  const sheet = report.worksheets[0]!;
  const titles = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const errorCol = titles.findIndex((t) => /error|fehler/i.test(t)) + 1;
  expect(errorCol).toBeGreaterThan(0);
  const reported = [2, 3].map((r) => sheet.getRow(r));
  expect(sheet.actualRowCount).toBe(3);
  for (const row of reported) expect(String(row.getCell(errorCol).value ?? '')).not.toBe('');

  // fix the rows in the report and import it again (the Error column is not matched)
  const nameCol = titles.indexOf('Name') + 1;
  const yearCol = titles.indexOf('Year of construction') + 1;
  reported[0]!.getCell(yearCol).value = 1996;
  reported[1]!.getCell(nameCol).value = `${stamp} 7`;
  const fixed = Buffer.from(await report.xlsx.writeBuffer());
  await dialog.getByRole('button', { name: 'Import another file' }).click();
  await uploadAndCheck(dialog, 'fixed.xlsx', fixed);
  await counter(dialog, '2 to create');
  await counter(dialog, '0 with errors');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(result(dialog, 'Created')).toContainText('2');
  await expect(result(dialog, 'Failed')).toContainText('0');
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await search(page, stamp, 7);
});

test('a wrong cell is fixed in the validation step; "Undo this import" takes the batch back', async ({ page }) => {
  const stamp = `Fix${Date.now() % 1_000_000}`;
  const rows = [
    ['Name', 'Internal number', 'Year of construction'],
    [`${stamp} A`, `${stamp}-A`, 2001],
    [`${stamp} B`, `${stamp}-B`, 99999],
  ];
  await signInTo(page, '/property');
  await expect(dataRows(page).first()).toBeVisible();
  const dialog = await openWizard(page);
  await uploadAndCheck(dialog, 'fix.xlsx', await workbook(rows));
  await counter(dialog, '1 with errors');
  await dialog.getByLabel(/^Correct row 3, Year of construction/).fill('2002');
  await dialog.getByRole('button', { name: 'Check again with 1 correction' }).click();
  await counter(dialog, '2 to create');
  await counter(dialog, '0 with errors');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(result(dialog, 'Created')).toContainText('2');
  expect(await countOf(page, stamp)).toBe(2);

  await dialog.getByRole('button', { name: 'Undo this import' }).click();
  await expect(dialog.getByText('The import was undone.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  expect(await countOf(page, stamp)).toBe(0);
  await search(page, stamp, 0);
});

test("an import is one step of the grid's undo stack: Ctrl+Z takes the whole batch back", async ({ page }) => {
  const stamp = `Undo${Date.now() % 1_000_000}`;
  const rows = [['Name', 'City'], ...[1, 2, 3].map((n) => [`${stamp} ${n}`, 'Rückgängig'])];
  await signInTo(page, '/property');
  await expect(dataRows(page).first()).toBeVisible();
  const dialog = await openWizard(page);
  await uploadAndCheck(dialog, 'undo.xlsx', await workbook(rows));
  await counter(dialog, '3 to create');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(result(dialog, 'Created')).toContainText('3');
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await search(page, stamp, 3);

  await dataRows(page).first().getByRole('gridcell').nth(2).click();
  const undone = page.waitForResponse((r) => r.url().includes('/api/v1/imports/') && r.url().endsWith('/undo'));
  await page.keyboard.press('ControlOrMeta+z');
  expect((await undone).status()).toBe(200);
  await expect(dataRows(page)).toHaveCount(0);
  expect(await countOf(page, stamp)).toBe(0);
});

test('a running import shows its progress and stops on Cancel; what was written can be undone', async ({ page }) => {
  const stamp = `Stop${Date.now() % 1_000_000}`;
  const rows = [
    ['First name', 'Last name', 'City'],
    ...Array.from({ length: 12_000 }, (_, i) => [`N${i}`, stamp, 'Bern']),
  ];
  await signInTo(page, '/contacts');
  await expect(dataRows(page).first()).toBeVisible();
  const dialog = await openWizard(page);
  await dialog.getByLabel('Choose a file…').setInputFiles({
    name: 'many.xlsx',
    mimeType: 'application/octet-stream',
    buffer: await workbook(rows, 'Contacts'),
  });
  await expect(dialog.getByText(/columns?:/)).toBeVisible();
  for (let i = 0; i < 3; i++) await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Check the rows' }).click();
  await counter(dialog, '12,000 to create');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText(/of 12,000 rows processed/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByText(/^Import cancelled/)).toBeVisible({ timeout: 30_000 });
  const created = Number((await result(dialog, 'Created').getByRole('cell').innerText()).replace(/\D/g, ''));
  expect(created).toBeLessThan(12_000);
  expect(await countOf(page, stamp, 'contacts')).toBe(Math.min(created, 100));
  if (created > 0) {
    await dialog.getByRole('button', { name: 'Undo this import' }).click();
    await expect(dialog.getByText('The import was undone.')).toBeVisible();
  }
  expect(await countOf(page, stamp, 'contacts')).toBe(0);
});

test('import and export work from the keyboard', async ({ page }) => {
  await signInTo(page, '/property');
  await expect(dataRows(page).first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).focus();
  // Tab along the toolbar to Import; Enter opens the wizard, the file picker is reachable, Escape closes it
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    if (
      await toolbar(page)
        .getByRole('button', { name: 'Import' })
        .evaluate((el) => el === document.activeElement)
    )
      break;
  }
  await expect(toolbar(page).getByRole('button', { name: 'Import' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Import / });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    if (await dialog.getByLabel('Choose a file…').evaluate((el) => el === document.activeElement)) break;
  }
  await expect(dialog.getByLabel('Choose a file…')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(toolbar(page).getByRole('button', { name: 'Import' })).toBeFocused(); // focus comes back

  // Export: Tab, Enter opens the menu, Tab to csv and Enter
  await page.keyboard.press('Tab');
  await expect(toolbar(page).getByRole('button', { name: 'Export' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Excel workbook (.xlsx)' })).toBeVisible();
  const csv = page.getByRole('menuitem', { name: 'CSV, separated by semicolons (;)' });
  for (let i = 0; i < 4; i++) {
    if (await csv.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(csv).toBeFocused();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
});

test('a large export streams with progress and can be cancelled', async ({ page }) => {
  await signInTo(page, '/facilities');
  await expect(dataRows(page).first()).toBeVisible();
  // a slow line: the file arrives over seconds, so the progress shows
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: 40 * 1024,
    uploadThroughput: -1,
  });
  await toolbar(page).getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'CSV, separated by commas (,)' }).click();
  const progress = toolbar(page).getByRole('status');
  await expect(progress).toContainText(/Exporting… [\d.,]+ KB received/);
  await progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Export cancelled.')).toBeVisible();
  await expect(progress).toBeHidden();

  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: 400 * 1024,
    uploadThroughput: -1,
  });
  const download = page.waitForEvent('download');
  await toolbar(page).getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'CSV, separated by commas (,)' }).click();
  await expect(progress).toContainText('Exporting…');
  const rows = parseCsv((await readDownload(await download)).toString('utf8'), ',');
  const total = await page.request.get('/api/v1/facilities?status_limiter=active&per_page=1');
  const meta = ((await total.json()) as { meta: { total?: number } }).meta;
  expect(rows.length - 1).toBe(meta.total);
});

test('a column matched by hand is remembered for the table and offered the next time', async ({ page }) => {
  const file = await workbook([
    ['Name', 'Ortskürzel XY'],
    ['Remembered', 'Bern'],
  ]);
  await signInTo(page, '/property');
  await expect(dataRows(page).first()).toBeVisible();
  let dialog = await openWizard(page);
  await dialog
    .getByLabel('Choose a file…')
    .setInputFiles({ name: 'own.xlsx', mimeType: 'application/octet-stream', buffer: file });
  await expect(dialog.getByText(/columns?:/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  const own = dialog.getByLabel('Field for the column Ortskürzel XY');
  await expect(own).toHaveValue('');
  await own.selectOption({ label: 'City' });
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith('/api/v1/user/import-mappings/property'),
  );
  await dialog.getByRole('button', { name: 'Next' }).click();
  expect((await saved).status()).toBe(200);
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  dialog = await openWizard(page);
  await dialog
    .getByLabel('Choose a file…')
    .setInputFiles({ name: 'own.xlsx', mimeType: 'application/octet-stream', buffer: file });
  await expect(dialog.getByText(/columns?:/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByLabel('Field for the column Ortskürzel XY')).toHaveValue('city');
  await expect(dialog.getByLabel('Field for the column Name')).toHaveValue('name');
});

test('unreadable and too big files, duplicate headers and an empty sheet get clear messages; the template downloads', async ({
  page,
}) => {
  test.setTimeout(120_000); // a 31 MB upload
  await signInTo(page, '/property');
  await expect(dataRows(page).first()).toBeVisible();
  const dialog = await openWizard(page);
  const input = dialog.getByLabel('Choose a file…');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByRole('alert')).toContainText('neither an Excel workbook');
  // an .xlsx that is not a zip: the server checks the contents
  await input.setInputFiles({
    name: 'fake.xlsx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('x'.repeat(2000)),
  });
  await expect(dialog.getByRole('alert')).toContainText('The file is not an Excel workbook (xlsx) or a CSV file.');
  await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();

  // over the size limit (30 MB): said so, not a network error
  const big = Buffer.alloc(31 * 1024 * 1024, 7);
  big.write('PK\x03\x04', 0, 'latin1');
  await input.setInputFiles({ name: 'huge.xlsx', mimeType: 'application/octet-stream', buffer: big });
  await expect(dialog.getByRole('alert')).toContainText('The file is larger than the import allows.', {
    timeout: 30_000,
  });

  // the template: translated headers and a hidden uuid column
  const template = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download the template' }).click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readDownload(await template)) as never);
  const first = book.worksheets[0]!;
  const titles = (first.getRow(1).values as unknown[]).slice(1).map(String);
  expect(titles).toEqual(expect.arrayContaining(['Name', 'Internal number', 'City', 'Year of construction']));
  const hidden = titles.filter((_, i) => first.getColumn(i + 1).hidden);
  expect(hidden).toHaveLength(1);

  // duplicate headers: named, and the wizard does not go on
  await input.setInputFiles({
    name: 'twice.xlsx',
    mimeType: 'application/octet-stream',
    buffer: await workbook([
      ['Name', 'City', 'name'],
      ['A', 'B', 'C'],
    ]),
  });
  await expect(dialog.getByRole('alert')).toContainText('The column "name" appears more than once in the header row.');
  await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();

  // an empty sheet: said so; the other sheet of the same workbook is fine
  const two = new ExcelJS.Workbook();
  two.addWorksheet('Data').addRows([['Name'], ['Only row']]);
  two.addWorksheet('Empty');
  await dialog.getByRole('button', { name: 'Back' }).click();
  await input.setInputFiles({
    name: 'two.xlsx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(await two.xlsx.writeBuffer()),
  });
  const sheets = dialog.getByRole('radiogroup', { name: 'Which sheet holds the data?' });
  await expect(dialog.getByText('1 column: Name')).toBeVisible();
  await sheets.getByRole('radio', { name: /^Empty/ }).check();
  await expect(dialog.getByRole('alert')).toContainText('The sheet has no rows below the header row.');
  await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
  await sheets.getByRole('radio', { name: /^Data/ }).check();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Next' })).toBeEnabled();
  expect(await countOf(page, 'Only row')).toBe(0);
});

/** A grid text and a file's value are the same cell: numbers compare as numbers (the grid groups digits). */
function sameCell(shown: string, value: unknown): boolean {
  if (typeof value === 'number') return Math.abs(Number(shown.replace(/[^\d.-]/g, '')) - value) < 0.005;
  if (value && typeof value === 'object' && 'richText' in value)
    return (value as { richText: { text: string }[] }).richText.map((r) => r.text).join('') === shown;
  return String(value ?? '').trim() === shown;
}

/** Semicolon or comma separated values with quotes (RFC 4180), after the UTF-8 BOM. */
function parseCsv(text: string, delimiter: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 1; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endCell();
      rows.push(row);
      row = [];
    } else cell += c;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

async function exportAs(page: Page, item: string, open = true): Promise<Buffer> {
  const download = page.waitForEvent('download');
  if (open) await toolbar(page).getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  return readDownload(await download);
}

test('the current view exports to xlsx and csv with the rows and columns on screen; the xlsx re-imports as an update', async ({
  page,
}) => {
  await page.setViewportSize({ width: 2200, height: 1000 });
  await signInTo(page, '/property');
  await expect(dataRows(page).first()).toBeVisible();
  // hide a column, sort by city, filter the name
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('list', { name: 'Columns' }).getByRole('checkbox', { name: 'Street', exact: true }).uncheck();
  await page.keyboard.press('Escape');
  await page.getByRole('columnheader', { name: 'City', exact: true }).click();
  await expect(page.getByRole('columnheader', { name: 'City', exact: true })).toHaveAttribute('aria-sort', 'ascending');
  const filtered = page.waitForResponse((r) => decodeURIComponent(r.url()).includes('filter[name]=a'));
  await page.locator('.ag-header-cell[col-id="name"] .ag-header-cell-filter-button').click();
  await page.getByPlaceholder('Filter…').fill('a');
  await filtered;
  await page.keyboard.press('Escape');
  const headers = await headerNames(page);
  expect(headers).not.toContain('Street');
  const shown = await gridTable(page);
  expect(shown.length).toBeGreaterThan(3);
  const everything = await page.request.get('/api/v1/properties?status_limiter=all&per_page=100');
  const all = ((await everything.json()) as { data: unknown[] }).data.length;
  expect(shown.length).toBeLessThan(all); // the filter and the status limiter narrowed the view

  // xlsx: translated headers in screen order, the same rows in the same order, a hidden uuid column
  const xlsx = await exportAs(page, 'Excel workbook (.xlsx)');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx as never);
  const sheet = book.worksheets[0]!;
  const count = sheet.columnCount;
  const visibleCols = Array.from({ length: count }, (_, i) => i + 1).filter((c) => !sheet.getColumn(c).hidden);
  const hiddenCols = Array.from({ length: count }, (_, i) => i + 1).filter((c) => sheet.getColumn(c).hidden);
  expect(visibleCols.map((c) => String(sheet.getRow(1).getCell(c).value))).toEqual(headers);
  expect(hiddenCols.length).toBe(1);
  expect(sheet.actualRowCount).toBe(shown.length + 1);
  shown.forEach((cells, r) => {
    const row = sheet.getRow(r + 2);
    cells.forEach((text, i) => {
      const value = row.getCell(visibleCols[i]!).value;
      expect(sameCell(text, value), `row ${r + 2}, ${headers[i]}: ${text} vs ${JSON.stringify(value)}`).toBe(true);
    });
  });

  // csv with semicolons and with commas: the same table as text
  for (const [item, delimiter] of [
    ['CSV, separated by semicolons (;)', ';'],
    ['CSV, separated by commas (,)', ','],
  ] as const) {
    const rows = parseCsv((await exportAs(page, item)).toString('utf8'), delimiter);
    const columns = rows[0]!.map((h, i) => ({ h, i })).filter(({ h }) => headers.includes(h));
    expect(columns.map(({ h }) => h)).toEqual(headers);
    expect(rows.length).toBe(shown.length + 1);
    shown.forEach((cells, r) =>
      cells.forEach((text, i) => {
        const value = rows[r + 1]![columns[i]!.i]!;
        const numeric = /^-?[\d',.\s]+$/.test(value) && /\d/.test(value);
        const same = numeric ? sameCell(text, Number(value.replace(/[',\s]/g, ''))) : value === text;
        expect(same, `${item} row ${r + 2}, ${headers[i]}: ${text} vs ${value}`).toBe(true);
      }),
    );
  }

  // only the selected rows
  await dataRows(page).nth(0).getByRole('checkbox').check();
  await dataRows(page).nth(1).getByRole('checkbox').check();
  await toolbar(page).getByRole('button', { name: 'Export' }).click();
  await page.getByRole('option', { name: 'Only the selected rows (2)' }).click();
  const picked = new ExcelJS.Workbook();
  await picked.xlsx.load((await exportAs(page, 'Excel workbook (.xlsx)', false)) as never);
  const pickedSheet = picked.worksheets[0]!;
  expect(pickedSheet.actualRowCount).toBe(3);
  expect(pickedSheet.getRow(2).getCell(1).value).toBe(sheet.getRow(2).getCell(1).value);
  expect(pickedSheet.getRow(3).getCell(1).value).toBe(sheet.getRow(3).getCell(1).value);
  await dataRows(page).nth(0).getByRole('checkbox').uncheck();
  await dataRows(page).nth(1).getByRole('checkbox').uncheck();

  // round trip: change one year in the exported workbook, import it as an update by uuid
  const yearCol = visibleCols[headers.indexOf('Year of construction')]!;
  const target = sheet.getRow(2).getCell(yearCol);
  const before = Number(target.value);
  target.value = before === 2000 ? 2001 : 2000;
  const dialog = await openWizard(page);
  await uploadAndCheck(dialog, 'roundtrip.xlsx', Buffer.from(await book.xlsx.writeBuffer()), 'Update');
  await counter(dialog, '1 to update');
  await counter(dialog, `${shown.length - 1} unchanged`);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(result(dialog, 'Updated')).toContainText('1');
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dataRows(page).first()).toContainText(String(target.value));
  // and the original file puts the year back
  const again = await openWizard(page);
  await uploadAndCheck(again, 'original.xlsx', xlsx, 'Update');
  await counter(again, '1 to update');
  await again.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(result(again, 'Updated')).toContainText('1');
  await again.getByRole('button', { name: 'Close' }).last().click();

  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('button', { name: 'Reset to default' }).click();
});
