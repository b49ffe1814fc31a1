// Writing offline (docs/decisions.md, "Installable and offline"): a ticket and a reading created without signal, the
// ticket edited in its grid cell, commented and moved to another state before anything was sent; all of it survives a
// reload and is saved in order when the connection is back. And an offline edit the server refuses (a 422) shows
// at its cell as a refused online edit does, with the value typed, and is listed as not saved.
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures';
import {
  cacheWritten,
  cellOf,
  dataRows,
  editCell,
  navigate,
  propertiesReady,
  storedChanges,
  waitingButton,
  workerReady,
  type ApiProperty,
} from './offline-support';
import { apiGet, apiPost, signInTo } from './support';

// the service worker serves the app without a network (playwright.config.ts blocks it elsewhere)
test.use({ serviceWorkers: 'allow' });

// a long journey of many screens and a reload: each step waits longer than the default on a busy machine
const expect = baseExpect.configure({ timeout: 90_000 });
test.describe.configure({ timeout: 600_000 });

interface Rec {
  uuid: string;
  [field: string]: unknown;
}

/** Opens "New" on a grid screen, picks the property (and the counter) found by `tag`, and leaves the form open. */
async function newRecord(page: Page, model: string, tag: string, counter = false) {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByRole('heading', { name: `New ${model}` })).toBeVisible();
  await page.getByLabel(/^Property/).click();
  await page.locator('[aria-controls="hw-lookup-property"]').fill(tag);
  await page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(tag) })
    .click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  if (counter) {
    await page.getByLabel(/^Counter/).click();
    await page
      .getByRole('listbox')
      .getByRole('option', { name: new RegExp(tag) })
      .click();
    await expect(page.getByRole('listbox')).toHaveCount(0);
  }
}

/** Online: the lookups the offline form will use are asked once, so the session has their answers. */
async function warmUp(page: Page, model: string, tag: string, counter = false) {
  await newRecord(page, model, tag, counter);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: `New ${model}` })).toBeHidden();
}

test('a ticket and a reading created offline, the ticket edited, commented and started, are saved in order', async ({
  page,
  context,
}) => {
  const tag = `Keller${Date.now() % 1_000_000}`;
  await signInTo(page, '/measurements');
  const [group] = await apiGet<Rec[]>(page, 'settings-groups');
  const property = await apiPost<Rec>(page, 'properties', {
    name: `AAA ${tag}`,
    city: 'Bern',
    settings_group_uuid: group!.uuid,
  });
  await apiPost<Rec>(page, 'counters', { property_uuid: property.uuid, counter_id: tag, name: `Meter ${tag}` });
  await expect(dataRows(page).first()).toHaveAttribute('row-id', /\w/);
  await warmUp(page, 'Measurement', tag, true);
  await navigate(page, '/tickets');
  await expect(dataRows(page).first()).toHaveAttribute('row-id', /\w/);
  await warmUp(page, 'Ticket', tag);
  await workerReady(page);
  await cacheWritten(page);
  await page.waitForTimeout(1_200);

  await context.setOffline(true);
  // the ticket: created in the drawer, then its subject changed in the grid before it was ever sent
  await newRecord(page, 'Ticket', tag);
  await page.getByLabel(/^Subject/).fill(`Wasser ${tag}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'New Ticket' })).toBeHidden();
  const created = dataRows(page).filter({ hasText: `Wasser ${tag}` });
  await expect(created).toHaveAttribute('row-id', /^offline-\d+$/);
  const temp = (await created.getAttribute('row-id'))!;
  await expect(waitingButton(page, 1)).toBeVisible();
  await editCell(page, temp, 'Subject', `Wasserschaden ${tag}`);
  await expect(waitingButton(page, 1)).toBeVisible(); // the edit went into the create

  // its drawer: a comment and a transition, queued behind the create
  await (await cellOf(page, temp, 'Subject')).click();
  await page.keyboard.press(' ');
  await expect(page.getByRole('heading', { name: `Wasserschaden ${tag}`, level: 4 })).toBeVisible();
  const comments = page.getByRole('region', { name: 'Comments' });
  await comments.getByLabel('New comment').fill('Leitung im Keller tropft');
  await comments.getByRole('button', { name: 'Add comment' }).click();
  await expect(waitingButton(page, 2)).toBeVisible();
  // the ticket's comments list it as waiting until it is sent
  await expect(comments.getByRole('listitem').filter({ hasText: 'Leitung im Keller tropft' })).toContainText(
    'Waiting to be sent',
  );
  // the buttons of a ticket created offline follow its state
  await page.getByRole('button', { name: 'Start work' }).click();
  await expect(waitingButton(page, 3)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark done' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start work' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // the reading
  await navigate(page, '/measurements');
  await newRecord(page, 'Measurement', tag, true);
  await page.getByLabel(/^Value/).fill('1234.5');
  await page.getByLabel(/^Comment/).fill(`Ablesung ${tag}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'New Measurement' })).toBeHidden();
  await expect(waitingButton(page, 4)).toBeVisible();

  // a reload without signal: everything still waits, the new rows still shown as waiting
  await page.reload();
  await expect(waitingButton(page, 4)).toBeVisible();
  expect(await storedChanges(page)).toBe(4);
  await expect(dataRows(page).filter({ hasText: `Meter ${tag}` })).toHaveAttribute('row-id', /^offline-\d+$/);
  await navigate(page, '/tickets');
  await expect(dataRows(page).filter({ hasText: `Wasserschaden ${tag}` })).toHaveAttribute('row-id', temp);

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: /changes? waiting$/ })).toHaveCount(0);
  await expect.poll(() => storedChanges(page)).toBe(0);
  const [ticket] = await apiGet<Rec[]>(page, `tickets?filter[property_uuid]=${property.uuid}`);
  expect(ticket).toMatchObject({ subject: `Wasserschaden ${tag}`, status: 'in_progress' });
  const saved = await apiGet<Rec[]>(page, `tickets/${ticket!.uuid}/comments`);
  expect(saved.map((c) => c.body)).toEqual(['Leitung im Keller tropft']);
  const [reading] = await apiGet<Rec[]>(page, `measurements?filter[property_uuid]=${property.uuid}`);
  expect(reading).toMatchObject({ comment: `Ablesung ${tag}` });
  expect(Number(reading!.value)).toBe(1234.5);
  // the grid shows the saved ticket in place of the waiting one
  await expect(dataRows(page).filter({ hasText: `Wasserschaden ${tag}` })).toHaveAttribute('row-id', ticket!.uuid);
});

test('an offline edit the server refuses shows at its cell with the value typed, and is listed as not saved', async ({
  page,
  context,
}) => {
  const property: ApiProperty = await propertiesReady(page);
  await context.setOffline(true);
  await editCell(page, property.uuid, 'Year of construction', '3000');
  await expect(waitingButton(page, 1)).toBeVisible();

  await context.setOffline(false);
  const dialog = page.getByRole('dialog', { name: 'Changes made offline' });
  await expect(dialog.getByText('Not saved', { exact: true })).toBeVisible();
  const message = (await dialog.locator('p').filter({ hasText: /2200/ }).textContent())!.trim();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  const cell = await cellOf(page, property.uuid, 'Year of construction');
  await expect(cell).toHaveText('3000');
  await expect(cell).toHaveClass(/hw-cell-error/);
  await expect(page.getByRole('alert').filter({ hasText: 'Year of construction:' })).toContainText(message);
  await cell.hover();
  await expect(page.getByRole('tooltip')).toHaveText(message);
  expect((await apiGet<ApiProperty>(page, `properties/${property.uuid}`)).construction_year).not.toBe(3000);

  // corrected in the cell (online now): saved, and the refused change leaves the list
  await editCell(page, property.uuid, 'Year of construction', '1999');
  await expect
    .poll(async () => (await apiGet<ApiProperty>(page, `properties/${property.uuid}`)).construction_year)
    .toBe(1999);
  await expect(cell).not.toHaveClass(/hw-cell-error/);
  await expect(waitingButton(page, 1)).toHaveCount(0);
  expect(await storedChanges(page)).toBe(0);
});
