// Dialogs that cannot hurt by default and say what they did (docs/decisions.md, "Bulk edit changes nothing by
// default", "Dialogs say what they did", "The selected toggle in dark mode"), all in dark mode: bulk edit opens with
// no field and no value chosen and counts against the chosen value, a change of several records asks once and its
// notice names the count; a ticket, a task and an order made in the drawer are named in their notice; a ticket made
// offline is not claimed as created, and its replay says it was saved; the selected segment of Table/Calendar and of
// the calendar's Month/Week stands out from its neighbours.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { cacheWritten, navigate, workerReady } from './offline-support';
import { notices, recordNotices, signInTo } from './support';
import { api, bulkPatch, dataRows, fetchAll, openFacilities, seed } from './sheet-support';

// the service worker serves the app without a network (playwright.config.ts blocks it elsewhere)
test.use({ serviceWorkers: 'allow' });

test.use({ colorScheme: 'dark' });

interface Facility {
  uuid: string;
  name: string;
  status: string;
  manufacturer: string | null;
}

test('bulk edit changes nothing until a value is chosen, asks once for several records and names the count', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const prefix = `Safe${Date.now() % 1_000_000}`;
  // a success notice leaves after 2.4 s, which a loaded machine can spend before the check looks: every notice shown
  // is recorded
  await recordNotices(page);
  const noticed = (text: string) =>
    expect.poll(async () => (await notices(page)).some((n) => n.includes(text)), { message: text }).toBe(true);
  await signInTo(page, '/facilities');
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  await seed(page, prefix, 3, (i) => ({ manufacturer: `Maker ${i}` }));
  await openFacilities(page, prefix, 3);
  for (let i = 0; i < 3; i++)
    await dataRows(page)
      .nth(i)
      .getByRole('checkbox', { name: /toggle row selection/ })
      .check();
  let patches = 0;
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && /\/api\/v1\/facilities(\?|$)/.test(r.url()) && !r.url().includes('dry_run'))
      patches++;
  });

  await page.getByRole('button', { name: 'Edit selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit 3 selected records' });
  const apply = dialog.getByRole('button', { name: /^Apply/ });
  // opened: no field chosen, nothing counted, nothing to apply
  await expect(dialog.getByLabel('Field')).toHaveValue('');
  await expect(dialog.getByLabel('Field').locator('option:checked')).toHaveText('Choose a field…');
  await expect(dialog.getByLabel('Value')).toHaveCount(0);
  await expect(dialog.getByTestId('bulk-summary')).toHaveCount(0);
  await expect(apply).toBeDisabled();

  // a field without a value changes nothing: the name is never blanked by default
  await dialog.getByLabel('Field').selectOption({ label: 'Name' });
  await expect(dialog.getByLabel('Value')).toHaveValue('');
  await expect(dialog.getByTestId('bulk-summary')).toHaveCount(0);
  await expect(apply).toBeDisabled();

  // Status: no value chosen, no count; the count is the records the chosen value changes
  await dialog.getByLabel('Field').selectOption({ label: 'Status' });
  await expect(dialog.getByLabel('Value').locator('option:checked')).toHaveText('Choose a value…');
  await expect(dialog.getByTestId('bulk-summary')).toHaveCount(0);
  await expect(apply).toBeDisabled();
  await dialog.getByLabel('Value').selectOption({ label: 'Active' });
  await expect(dialog.getByTestId('bulk-summary')).toHaveText('0 of 3 records change.');
  await expect(apply).toBeDisabled();
  await dialog.getByLabel('Value').selectOption({ label: 'Inactive' });
  await expect(dialog.getByTestId('bulk-summary')).toHaveText('3 of 3 records change.');

  // several records: asked once, naming the count; declined, nothing is written
  await apply.click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Change Status of 3 records? Ctrl+Z undoes it.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog).toBeVisible();
  expect(patches).toBe(0);
  expect((await fetchAll(page, prefix)).map((f) => (f as unknown as Facility).status)).toEqual([
    'active',
    'active',
    'active',
  ]);

  // accepted: one request, and the notice names the count
  await apply.click();
  const saved = bulkPatch(page);
  await confirm.getByRole('button', { name: 'Change 3 records' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await noticed('Bulk edit of Status (3 records) saved');
  expect(patches).toBe(1);
  expect((await fetchAll(page, prefix)).map((f) => (f as unknown as Facility).status)).toEqual([
    'inactive',
    'inactive',
    'inactive',
  ]);

  // emptying a field is an explicit operation of its own, counted like any other value
  await page.getByRole('button', { name: 'Edit selected' }).click();
  await dialog.getByLabel('Field').selectOption({ label: 'Manufacturer' });
  await expect(apply).toBeDisabled();
  await dialog.getByLabel('Operation').selectOption({ label: 'Clear the field' });
  await expect(dialog.getByTestId('bulk-summary')).toHaveText('3 of 3 records change.');
  await apply.click();
  const cleared = bulkPatch(page);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Change 3 records' }).click();
  expect((await cleared).status()).toBe(200);
  await noticed('Bulk edit of Manufacturer (3 records) saved');
  expect((await fetchAll(page, prefix)).map((f) => f.manufacturer)).toEqual([null, null, null]);

  // one of them changed meanwhile by someone else: the notice says how many were changed, then why one was not
  const [first] = await fetchAll(page, prefix);
  await api(page, 'PATCH', `facilities/${first!.uuid}`, { manufacturer: 'Someone else' });
  await page.getByRole('button', { name: 'Edit selected' }).click();
  await dialog.getByLabel('Field').selectOption({ label: 'Manufacturer' });
  await dialog.getByLabel('Value').fill('Acme');
  await expect(dialog.getByTestId('bulk-summary')).toHaveText('3 of 3 records change.');
  await apply.click();
  const partial = bulkPatch(page);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Change 3 records' }).click();
  expect((await partial).status()).toBe(200);
  await noticed('2 records changed. 1 record was changed by someone else since and was left alone.');
  expect((await fetchAll(page, prefix)).map((f) => f.manufacturer)).toEqual(['Someone else', 'Acme', 'Acme']);
});

/** "New" on a grid screen: fills the title field (and `more`), picks the first property, saves. */
async function create(page: Page, model: string, titleLabel: RegExp, title: string, more?: () => Promise<void>) {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const heading = page.getByRole('heading', { name: `New ${model}` });
  await expect(heading).toBeVisible();
  await page.getByLabel(titleLabel).fill(title);
  await page.getByLabel(/^Property/).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await more?.();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(heading).toBeHidden();
}

test('a ticket, a task and an order made in the drawer are named in their notice', async ({ page }) => {
  const tag = Date.now().toString(36);
  await signInTo(page, '/tickets');
  await create(page, 'Ticket', /^Subject/, `Leak ${tag}`);
  await expect(page.getByText(`Ticket “Leak ${tag}” created`)).toBeVisible();

  await navigate(page, '/tasks');
  await page.getByRole('button', { name: 'Table' }).click();
  const today = new Date();
  const typed = [today.getDate(), today.getMonth() + 1].map((n) => String(n).padStart(2, '0')).join('.');
  await create(page, 'Task', /^Title/, `Gutters ${tag}`, () =>
    page.getByLabel(/^Start date/).fill(`${typed}.${today.getFullYear()}`),
  );
  await expect(page.getByText(`Task “Gutters ${tag}” created`)).toBeVisible();

  await navigate(page, '/orders');
  await create(page, 'Order', /^Title/, `Roofer ${tag}`);
  await expect(page.getByText(`Order “Roofer ${tag}” created`)).toBeVisible();
});

test('a ticket made offline is kept, not claimed as created, and its replay says it was saved', async ({
  page,
  context,
}) => {
  const subject = `Offline ${Date.now().toString(36)}`;
  // every notice shown, however briefly (a success notice leaves after 2.4 s)
  await recordNotices(page);
  await signInTo(page, '/tickets');
  await expect(dataRows(page).first()).toHaveAttribute('row-id', /\w/);
  // online once: the property lookup the offline form uses is in the session's cache
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByLabel(/^Property/).click();
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  // the first Escape closes the lookup, the second (once the list is gone) the drawer
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'New Ticket' })).toBeHidden();
  await workerReady(page);
  await cacheWritten(page);

  await context.setOffline(true);
  await create(page, 'Ticket', /^Subject/, subject);
  await expect(page.getByText('Kept on this device: it is sent when the connection is back.')).toBeVisible();
  await expect(dataRows(page).filter({ hasText: subject })).toHaveAttribute('row-id', /^offline-\d+$/);

  await context.setOffline(false);
  await expect(page.getByText('1 change made offline was saved.')).toBeVisible();
  await expect(dataRows(page).filter({ hasText: subject })).toHaveAttribute('row-id', /^[0-9a-f-]{36}$/);
  // what the notices said while offline and after: kept, then saved; never "created" before it was sent
  const notices = await page.evaluate(() => (window as unknown as { notices: string[] }).notices);
  expect(notices).toEqual([
    'Kept on this device: it is sent when the connection is back.',
    '1 change made offline was saved.',
  ]);
});

/** WCAG relative luminance of a computed CSS colour (rgb(), rgba() or color(srgb …)). */
function luminance(css: string): number {
  const srgb = /color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/.exec(css);
  const rgb = /rgba?\((\d+), (\d+), (\d+)/.exec(css);
  const channels = srgb ? srgb.slice(1, 4).map(Number) : rgb ? rgb.slice(1, 4).map((c) => Number(c) / 255) : null;
  if (!channels) throw new Error(`colour not understood: ${css}`);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
};

const colours = (button: Locator) =>
  button.evaluate((el) => {
    const style = getComputedStyle(el);
    return { background: style.backgroundColor, text: style.color };
  });

/** The selected segment differs from an unselected one by 3:1 (a state change) and keeps 4.5:1 for its text. */
async function expectSelectedStandsOut(selected: Locator, other: Locator) {
  await expect(selected).toHaveAttribute('aria-pressed', 'true');
  await expect(other).toHaveAttribute('aria-pressed', 'false');
  // no hover or focus colours in the measure
  await selected.page().mouse.move(0, 0);
  await selected.evaluate((el) => (el as HTMLElement).blur());
  const on = await colours(selected);
  const off = await colours(other);
  expect(contrast(on.background, off.background), `${on.background} against ${off.background}`).toBeGreaterThanOrEqual(
    3,
  );
  expect(contrast(on.text, on.background), `${on.text} on ${on.background}`).toBeGreaterThanOrEqual(4.5);
}

test('in dark mode the selected toggle segment stands out: Table/Calendar and Month/Week', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, '/tasks');
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  const views = page.locator('[aria-label="Show as"]');
  await views.getByRole('button', { name: 'Table' }).click();
  await expectSelectedStandsOut(
    views.getByRole('button', { name: 'Table' }),
    views.getByRole('button', { name: 'Calendar' }),
  );

  await views.getByRole('button', { name: 'Calendar' }).click();
  await expectSelectedStandsOut(
    views.getByRole('button', { name: 'Calendar' }),
    views.getByRole('button', { name: 'Table' }),
  );
  const calendarViews = page.locator('[aria-label="Calendar view"]');
  await calendarViews.getByRole('button', { name: 'Month' }).click();
  await expectSelectedStandsOut(
    calendarViews.getByRole('button', { name: 'Month' }),
    calendarViews.getByRole('button', { name: 'Week' }),
  );
  await page.screenshot({ path: '.tmp/toggles-dark.png' });
  // the choice is kept for the user: back to the table for the journeys after this one
  await views.getByRole('button', { name: 'Table' }).click();
  await expect(page.locator('.ag-header-cell[col-id="title"]')).toBeVisible();
});
