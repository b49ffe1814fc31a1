// Contracts journeys: a task is put under a contract in its drawer; archiving the contract lists its tasks and
// archives only the ones picked (and Undo brings them back); cancelling after the latest cancellation date asks to
// confirm; extending shows up in the history.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet, apiPost, signInTo } from './support';

interface Rec {
  uuid: string;
  title: string;
  status: string;
  archived_at: string | null;
  contract_uuid?: string | null;
  contract_end_date?: string | null;
  latest_cancellation_date?: string | null;
  settings_group_uuid: string;
}

const dataRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('gridcell') });
const today = () => new Date().toISOString().slice(0, 10);

/** Opens a contract's drawer from the grid's quick search. */
async function openContract(page: Page, title: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(title);
  await expect(dataRows(page)).toHaveCount(1);
  await dataRows(page)
    .getByRole('button', { name: `Open ${title}` })
    .click();
  await expect(page.getByRole('heading', { name: title, level: 4 })).toBeVisible();
}

test('archiving a contract offers its tasks and archives the ones picked', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const title = `Lift service ${stamp}`;
  await signInTo(page, '/contracts');
  const [property] = await apiGet<Rec[]>(page, 'properties?per_page=1&sort_by=name');
  const contract = await apiPost<Rec>(page, 'contracts', {
    property_uuid: property!.uuid,
    title,
    contract_type: 'maintenance',
    contract_start_date: today(),
    contract_duration: 24,
    notice_period: 3,
  });
  const task = (name: string, body: Record<string, unknown> = {}) =>
    apiPost<Rec>(page, 'tasks', {
      property_uuid: property!.uuid,
      title: `${name} ${stamp}`,
      start_date: today(),
      repeat_type: 'monthly',
      ...body,
    });
  const checkLift = await task('Check lift', { contract_uuid: contract.uuid });
  const oilRopes = await task('Oil ropes', { contract_uuid: contract.uuid });
  const cleanPit = await task('Clean pit');

  // the third task is put under the contract in its own drawer (the lookup offers the property's contracts)
  await page.goto(`/tasks?record=${cleanPit.uuid}`);
  await expect(page.getByRole('heading', { name: cleanPit.title, level: 4 })).toBeVisible();
  await page.getByLabel(/^Contract/).click();
  await page.getByRole('combobox', { name: 'Search…' }).fill(title);
  await page.getByRole('listbox').getByRole('option', { name: title }).click();
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/v1/tasks/'));
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  expect((await apiGet<Rec>(page, `tasks/${cleanPit.uuid}`)).contract_uuid).toBe(contract.uuid);

  // the contract's drawer lists its tasks; archiving asks which tasks go along
  await page.goto('/contracts');
  await openContract(page, title);
  await expect(page.getByRole('region', { name: 'Tasks' })).toContainText(checkLift.title);
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: `Archive “${title}”` });
  await expect(dialog).toContainText('3 tasks are tied to this record');
  const choices = dialog.getByRole('group', { name: '3 tasks are tied to this record' });
  for (const t of [checkLift, oilRopes, cleanPit]) await expect(choices.getByLabel(t.title)).toBeChecked();
  await choices.getByLabel(oilRopes.title).uncheck();
  const archived = page.waitForResponse((r) => r.url().endsWith(`/api/v1/contracts/${contract.uuid}/archive`));
  await dialog.getByRole('button', { name: 'Archive with 2 tasks' }).click();
  expect((await archived).request().postDataJSON()).toEqual({
    task_uuids: expect.arrayContaining([checkLift.uuid, cleanPit.uuid]),
  });
  await expect(page.getByText('Archived, with 2 tasks')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();

  expect((await apiGet<Rec>(page, `contracts/${contract.uuid}`)).archived_at).not.toBeNull();
  expect((await apiGet<Rec>(page, `tasks/${checkLift.uuid}`)).archived_at).not.toBeNull();
  expect((await apiGet<Rec>(page, `tasks/${cleanPit.uuid}`)).archived_at).not.toBeNull();
  expect((await apiGet<Rec>(page, `tasks/${oilRopes.uuid}`)).archived_at).toBeNull();

  // Undo in the notice restores the contract and the two tasks
  await page.locator('.bp6-toast').getByRole('button', { name: 'Undo' }).click();
  await expect
    .poll(async () =>
      (
        await Promise.all(
          [`contracts/${contract.uuid}`, `tasks/${checkLift.uuid}`, `tasks/${cleanPit.uuid}`].map((p) =>
            apiGet<Rec>(page, p),
          ),
        )
      ).map((r) => r.archived_at),
    )
    .toEqual([null, null, null]);
});

test('cancelling after the latest cancellation date asks to confirm; extending is kept in the history', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  await signInTo(page, '/contracts');
  const [property] = await apiGet<Rec[]>(page, 'properties?per_page=1&sort_by=name');
  // ends in two months with three months' notice: the latest cancellation date has passed
  const soon = new Date();
  soon.setUTCMonth(soon.getUTCMonth() + 2);
  const late = await apiPost<Rec>(page, 'contracts', {
    property_uuid: property!.uuid,
    title: `Cleaning ${stamp}`,
    contract_end_date: soon.toISOString().slice(0, 10),
    notice_period: 3,
  });
  expect(late.latest_cancellation_date! < today()).toBe(true);
  await openContract(page, late.title);
  await page.getByRole('button', { name: 'Cancel contract' }).click();
  const cancel = page.getByRole('dialog', { name: `Cancel “${late.title}”` });
  await expect(cancel).toContainText('after the latest cancellation date');
  await cancel.getByRole('button', { name: 'Cancel anyway' }).click();
  await expect(page.getByText('Contract cancelled')).toBeVisible();
  await expect.poll(async () => (await apiGet<Rec>(page, `contracts/${late.uuid}`)).status).toBe('cancelled');
  await expect(page.getByRole('button', { name: 'Cancel contract' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const running = await apiPost<Rec>(page, 'contracts', {
    property_uuid: property!.uuid,
    title: `Heating ${stamp}`,
    contract_end_date: '2030-06-30',
    notice_period: 3,
    extension_period: 12,
  });
  await openContract(page, running.title);
  await expect(page.getByRole('region', { name: 'Extensions' })).toContainText('Not extended yet.');
  await page.getByRole('button', { name: 'Extend', exact: true }).click();
  const extend = page.getByRole('dialog', { name: `Extend “${running.title}”` });
  await expect(extend).toContainText('The end date moves from 30.06.2030 to 30.06.2031.');
  await extend.getByRole('button', { name: 'Extend', exact: true }).click();
  await expect(page.getByText('Contract extended')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Extensions' })).toContainText('30.06.2030 → 30.06.2031 (+12 months)');
  expect(await apiGet<Rec>(page, `contracts/${running.uuid}`)).toMatchObject({
    status: 'extended',
    contract_end_date: '2031-06-30',
    latest_cancellation_date: '2031-03-28', // 2031-03-30 is a Sunday
  });
});

test('a contract has a record page with its panels and actions', async ({ page }) => {
  const stamp = Date.now().toString(36);
  await signInTo(page, '/contracts');
  const [property] = await apiGet<Rec[]>(page, 'properties?per_page=1&sort_by=name');
  const contract = await apiPost<Rec>(page, 'contracts', {
    property_uuid: property!.uuid,
    title: `Elevator ${stamp}`,
    contract_end_date: '2031-03-31',
    notice_period: 3,
    extension_period: 12,
  });
  await openContract(page, contract.title);
  await page.getByRole('link', { name: 'Open as page' }).click();
  await expect(page).toHaveURL(new RegExp(`/contracts/${contract.uuid}$`));
  await expect(page.getByRole('heading', { name: contract.title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Extensions' })).toContainText('Not extended yet.');
  await page.reload();
  await expect(page.getByRole('heading', { name: contract.title })).toBeVisible();
  await page.getByRole('button', { name: 'Extend', exact: true }).click();
  const extend = page.getByRole('dialog', { name: `Extend “${contract.title}”` });
  await extend.getByRole('button', { name: 'Extend', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Extensions' })).toContainText('31.03.2031 → 31.03.2032');
  await expect
    .poll(async () => (await apiGet<Rec>(page, `contracts/${contract.uuid}`)).contract_end_date)
    .toBe('2032-03-31');
});
