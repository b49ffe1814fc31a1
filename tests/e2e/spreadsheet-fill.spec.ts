// The fill handle and a paste into rows the grid has not loaded, in the facilities grid: the handle sits at the
// range's corner, dragged down it fills (a two-row block repeats) as one undo step, dragged right it carries the
// value across, Escape cancels; 200 lines pasted near the end of the loaded block read the rows they reach and
// offer to create the ones past the last row.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInTo } from './support';
import { api, bulkPatch, cellOf, dataRows, fetchAll, openFacilities, paste, seed } from './sheet-support';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 2200, height: 1000 });
});

const handle = (page: Page) => page.locator('.hw-fill-handle');

/** Drags the fill handle to the middle of `target` in small steps, as a hand would. */
async function dragHandle(page: Page, target: Locator, release = true) {
  const from = (await handle(page).boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  if (release) await page.mouse.up();
}

test('the fill handle fills down (a two-row number block continues as a series) and right, as one undo step each', async ({
  page,
}) => {
  const prefix = `Handle${Date.now() % 1_000_000}`;
  await signInTo(page, '/facilities');
  await seed(page, prefix, 6, (i) => ({
    manufacturer: `Maker ${i}`,
    lifetime: 10 + (i % 2),
    number_internal: `N-${i}`,
  }));
  await openFacilities(page, prefix, 6);

  // the handle sits on the bottom-right corner of the focused cell
  const first = await cellOf(page, dataRows(page).first(), 'Manufacturer');
  await first.click();
  await expect(handle(page)).toBeVisible();
  const cell = (await first.boundingBox())!;
  const box = (await handle(page).boundingBox())!;
  expect(Math.abs(box.x + box.width / 2 - (cell.x + cell.width))).toBeLessThan(3);
  expect(Math.abs(box.y + box.height / 2 - (cell.y + cell.height))).toBeLessThan(3);

  // dragged to the fourth row: an outline while dragging, then one bulk request
  await dragHandle(page, await cellOf(page, dataRows(page).nth(3), 'Manufacturer'), false);
  await expect(page.locator('.hw-fill-outline')).toBeVisible();
  const filled = bulkPatch(page);
  await page.mouse.up();
  expect((await filled).status()).toBe(200);
  await expect(page.locator('.hw-fill-outline')).toBeHidden();
  await expect(page.getByText('Fill-down of 3 cells saved')).toBeVisible();
  await expect(await cellOf(page, dataRows(page).nth(3), 'Manufacturer')).toHaveText('Maker 0');
  await expect(page.locator('.hw-range-cell')).toHaveCount(4); // the range grew to the filled cells
  expect((await fetchAll(page, prefix)).map((f) => f.manufacturer)).toEqual([
    'Maker 0',
    'Maker 0',
    'Maker 0',
    'Maker 0',
    'Maker 4',
    'Maker 5',
  ]);

  // one Ctrl+Z takes the whole fill back
  const undone = bulkPatch(page);
  await page.keyboard.press('ControlOrMeta+z');
  expect((await undone).status()).toBe(200);
  await expect(await cellOf(page, dataRows(page).nth(3), 'Manufacturer')).toHaveText('Maker 3');

  // a two-row block of numbers in equal steps continues down as a series: lifetimes 10, 11 → 12 … 15
  const lifetime = await cellOf(page, dataRows(page).first(), 'Lifetime (years)');
  await lifetime.click();
  await expect(lifetime).toBeFocused(); // as a hand waits to see the cell focused before Shift+↓
  await page.keyboard.press('Shift+ArrowDown');
  await expect(page.locator('.hw-range-cell')).toHaveCount(2);
  const block = bulkPatch(page);
  await dragHandle(page, await cellOf(page, dataRows(page).nth(5), 'Lifetime (years)'));
  expect((await block).status()).toBe(200);
  expect((await fetchAll(page, prefix)).map((f) => f.lifetime)).toEqual([10, 11, 12, 13, 14, 15]);

  // dragged right: the internal number is carried into the manufacturer of the same row
  await (await cellOf(page, dataRows(page).nth(1), 'Internal number')).click();
  const right = bulkPatch(page);
  await dragHandle(page, await cellOf(page, dataRows(page).nth(1), 'Manufacturer'));
  expect((await right).status()).toBe(200);
  await expect(page.getByText('Fill-right of 1 cell saved')).toBeVisible();
  expect((await fetchAll(page, prefix))[1]).toMatchObject({ number_internal: 'N-1', manufacturer: 'N-1' });

  // Escape while dragging cancels: nothing is sent
  let sent = 0;
  page.on('request', (r) => void (r.method() === 'PATCH' && sent++));
  await (await cellOf(page, dataRows(page).first(), 'Manufacturer')).click();
  await dragHandle(page, await cellOf(page, dataRows(page).nth(4), 'Manufacturer'), false);
  await page.keyboard.press('Escape');
  await expect(page.locator('.hw-fill-outline')).toBeHidden();
  await page.mouse.up();
  await page.waitForTimeout(300);
  expect(sent).toBe(0);
  expect((await fetchAll(page, prefix))[4]!.manufacturer).toBe('Maker 4');
});

test('200 lines pasted near the end of the loaded rows read the rows they reach and create those past the end', async ({
  page,
}) => {
  const prefix = `Reach${Date.now() % 1_000_000}`;
  await signInTo(page, '/facilities');
  await seed(page, prefix, 250);
  const property = (await api<{ data: { uuid: string }[] }>(page, 'GET', 'properties?per_page=1')).data[0]!.uuid;
  await openFacilities(page, prefix, 250);

  // row 96 (index 95), near the end of the first block of 100 rows; rows from 200 on are in a block never loaded
  await (await cellOf(page, dataRows(page).first(), 'Name')).click();
  const anchor = page.locator('.ag-row[row-index="95"] [col-id="name"]');
  for (let i = 0; i < 12 && !(await anchor.isVisible()); i++) await page.keyboard.press('PageDown');
  await anchor.click();

  // Name, Property (its uuid), Internal number for rows 95…294: 155 existing rows, 45 past the last one
  const lines = Array.from(
    { length: 200 },
    (_, i) => `${prefix} X${String(95 + i).padStart(3, '0')}\t${property}\t${prefix}-N${95 + i}`,
  );
  await paste(page, lines.join('\r\n'));

  const dialog = page.getByRole('dialog', { name: 'Paste preview' });
  await expect(dialog).toBeVisible();
  const counts = dialog.getByTestId('paste-counts');
  await expect(dialog.getByText('Checking with the server…')).toBeHidden();
  await expect(counts).toContainText('310 changes'); // 155 rows × (name, internal number)
  await expect(counts).toContainText('45 new records');
  await expect(counts).toContainText('0 errors');
  await expect(dialog).not.toContainText('not loaded'); // rows 200… were never in the grid, the paste read them
  await expect(
    dialog.getByRole('checkbox', { name: 'The paste goes past the last row. Create 45 new records?' }),
  ).toBeChecked();

  const saved = bulkPatch(page);
  await dialog.getByRole('button', { name: 'Apply 200 valid rows' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();

  const stored = await fetchAll(page, prefix);
  expect(stored).toHaveLength(295);
  const numbers = new Set(stored.map((f) => f.number_internal));
  for (let i = 95; i < 295; i++) expect(numbers.has(`${prefix}-N${i}`)).toBe(true);
  // rows 0…94 were not touched
  expect(stored.filter((f) => f.number_internal === null).map((f) => f.name)).toEqual(
    Array.from({ length: 95 }, (_, i) => `${prefix} ${String(i).padStart(3, '0')}`),
  );
});
