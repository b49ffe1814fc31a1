// A model's settings page (docs/domain/fields.md, "Model settings"): an admin changes the guarantee reminder days on
// /settings/guarantee, the form drawn from the model's settings block; after a reload they are kept, and a value the
// server refuses shows its message under the field. The demo group's value is put back at the end. A module switched
// off leaves the drawer, the home cards and the settings entries of its records (its settings page stays), and its
// route says so, with a button that switches it on again.
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { apiGet, recordNotices, notices, signInTo } from './support';

/** A model's settings in the demo group changed through the API, as the admin's session sends it. */
async function patchSettings(page: Page, model: string, changes: Record<string, unknown>) {
  const [group] = await apiGet<{ uuid: string }[]>(page, 'settings-groups?slim=1');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await page.request.patch(`/api/v1/settings-groups/${group!.uuid}/model-settings/${model}`, {
    data: changes,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(res.status()).toBe(200);
}

test('an admin changes the guarantee reminder days, which are kept; a bad value shows its message', async ({
  page,
}) => {
  await recordNotices(page);
  const loaded = page.waitForResponse(
    (r) => r.request().method() === 'GET' && /\/model-settings\/guarantee$/.test(new URL(r.url()).pathname),
  );
  await signInTo(page, '/settings/guarantee');
  const first = await loaded;
  const original = ((await first.json()) as { data: { reminder_days: number[] } }).data.reminder_days;
  await expect(page.getByRole('heading', { name: 'Guarantees', level: 1 })).toBeVisible();
  const days = page.getByLabel('Reminders (days before the end)');
  await expect(days).toHaveValue(original.join(', '));
  await expect(page.getByLabel('Module switched on')).toBeChecked();

  try {
    await days.fill('120, 60, 7');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => notices(page)).toContain('Settings saved.');
    await page.reload();
    await expect(page.getByLabel('Reminders (days before the end)')).toHaveValue('120, 60, 7');

    // a stage of 0 days: the server's message under the field, nothing kept
    await page.getByLabel('Reminders (days before the end)').fill('30, 0');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Reminders (days before the end) must be at least 1.')).toBeVisible();
    await expect(page.getByLabel('Reminders (days before the end)')).toHaveAttribute('aria-invalid', 'true');
    await page.reload();
    await expect(page.getByLabel('Reminders (days before the end)')).toHaveValue('120, 60, 7');
  } finally {
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
    const res = await page.request.patch(new URL(first.url()).pathname, {
      data: { reminder_days: original },
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(res.status()).toBe(200);
  }
});

test('a module switched off leaves the drawer, the home cards and its settings entries, and its page says so', async ({
  page,
}) => {
  await recordNotices(page);
  await signInTo(page, '/settings/facility');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const group = (await apiGet<{ name: string }[]>(page, 'settings-groups?slim=1'))[0]!.name;
  const switchOff = page.getByLabel('Module switched on');
  await expect(switchOff).toBeChecked();
  await expect(nav.getByRole('link', { name: 'Facilities', exact: true })).toBeVisible();
  try {
    // facilities off on their settings page: gone from the drawer at once, their settings page stays listed
    await switchOff.uncheck({ force: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => notices(page)).toContain('Settings saved.');
    await expect(nav.getByRole('link', { name: 'Facilities', exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Contracts', exact: true })).toBeVisible();
    const settingsMenu = page.getByRole('navigation', { name: 'Settings navigation' });
    await expect(settingsMenu.getByRole('link', { name: 'Facilities', exact: true })).toBeVisible();

    // units off too (through the API): their settings page, a grid of their records, leaves the settings menu
    await expect(settingsMenu.getByRole('link', { name: 'Units', exact: true })).toBeVisible();
    await patchSettings(page, 'unit', { enabled: false });
    await page.reload();
    await expect(settingsMenu.getByRole('link', { name: 'Units', exact: true })).toHaveCount(0);
    await expect(settingsMenu.getByRole('link', { name: 'Cost groups', exact: true })).toBeVisible();

    // the home cards leave it out
    await page.goto('/');
    const cards = page.locator('.hw-module-cards');
    await expect(cards.getByRole('link', { name: /^Contracts/ })).toBeVisible();
    await expect(cards.getByRole('link', { name: /^Facilities/ })).toHaveCount(0);

    // its route says it is off for this group, without the grid, and an admin switches it on there
    await page.goto('/facilities');
    await expect(page.getByRole('heading', { name: 'Facilities', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: `This module is switched off for ${group}` })).toBeVisible();
    await expect(page.getByRole('main').getByRole('grid')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Open its settings' })).toHaveAttribute('href', '/settings/facility');
    await page.getByRole('button', { name: 'Switch it on' }).click();
    await expect(page.getByRole('main').getByRole('grid')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Facilities', exact: true })).toBeVisible();
  } finally {
    await patchSettings(page, 'facility', { enabled: true });
    await patchSettings(page, 'unit', { enabled: true });
  }
});

test('an admin sets the workspace’s sender name and longest delegation on the General page; a bad one is refused', async ({
  page,
}) => {
  await recordNotices(page);
  const stamp = Date.now().toString(36);
  await signInTo(page, '/settings');
  await expect(page.getByRole('heading', { name: 'General', level: 1 })).toBeVisible();
  const days = page.getByLabel('Longest delegation (days)');
  const sender = page.getByLabel('Sender name');
  const [before, beforeName] = [await days.inputValue(), await sender.inputValue()];
  try {
    await days.fill('-3');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByRole('group', { name: 'Delegation' }).getByText('Longest delegation (days) must be at least 0.'),
    ).toBeVisible();
    await days.fill('90');
    await sender.fill(`Verwaltung ${stamp}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => notices(page)).toContain('The settings have been saved.');
    await page.reload();
    await expect(page.getByLabel('Longest delegation (days)')).toHaveValue('90');
    await expect(page.getByLabel('Sender name')).toHaveValue(`Verwaltung ${stamp}`);
  } finally {
    await page.getByLabel('Longest delegation (days)').fill(before);
    await page.getByLabel('Sender name').fill(beforeName);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => notices(page)).toContain('The settings have been saved.');
  }
});

test('the extensions page switches the contracts module off and on, and the drawer follows', async ({ page }) => {
  await recordNotices(page);
  await signInTo(page, '/settings/extensions');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const contracts = page.getByLabel('Contracts switched on');
  await expect(contracts).toBeChecked();
  await expect(nav.getByRole('link', { name: 'Contracts', exact: true })).toBeVisible();
  try {
    await contracts.uncheck({ force: true });
    await expect.poll(() => notices(page)).toContain('Contracts switched off.');
    await expect(nav.getByRole('link', { name: 'Contracts', exact: true })).toHaveCount(0);
    await expect(contracts).not.toBeChecked();
    await contracts.check({ force: true });
    await expect.poll(() => notices(page)).toContain('Contracts switched on.');
    await expect(nav.getByRole('link', { name: 'Contracts', exact: true })).toBeVisible();
  } finally {
    await patchSettings(page, 'contract', { enabled: true });
  }
});

test('a default value and an extra required field set on /settings/contract show in the new-contract drawer; switched off, contracts leave the navigation and their API answers 404', async ({
  page,
}) => {
  await recordNotices(page);
  await signInTo(page, '/settings/contract');
  await expect(page.getByRole('heading', { name: 'Contracts', level: 1 })).toBeVisible();
  const [existing] = await apiGet<{ uuid: string }[]>(page, 'contracts?per_page=1');
  try {
    // a default notice period and the contract start required, on the model's settings form
    const defaults = page.getByRole('group', { name: 'Default values of new records' });
    await defaults.getByRole('combobox', { name: 'Add a field…' }).selectOption({ label: 'Notice period (months)' });
    await defaults.getByRole('textbox', { name: 'Notice period (months)' }).fill('3');
    await page.getByRole('group', { name: 'Also required' }).getByLabel('Contract start').check({ force: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => notices(page)).toContain('Settings saved.');
    await page.reload();
    await expect(
      page
        .getByRole('group', { name: 'Default values of new records' })
        .getByRole('textbox', { name: 'Notice period (months)' }),
    ).toHaveValue('3');

    // the new-contract drawer starts with the default and marks the field required
    await page.goto('/contracts');
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'New Contract' })).toBeVisible();
    await expect(page.getByLabel(/^Notice period \(months\)/)).toHaveValue('3');
    await expect(page.getByLabel('Contract start (required)')).toBeVisible();
    await page.getByLabel(/^Property/).click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await page.getByLabel(/^Title/).fill('Ohne Beginn');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.bp6-form-helper-text', { hasText: 'Contract start is required.' })).toBeVisible();
    await page.keyboard.press('Escape');

    // switched off: the contracts leave the navigation, and their records answer 404
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Contracts', exact: true })).toBeVisible();
    await patchSettings(page, 'contract', { enabled: false });
    await page.reload();
    await expect(nav.getByRole('link', { name: 'Contracts', exact: true })).toHaveCount(0);
    expect((await page.request.get(`/api/v1/contracts/${existing!.uuid}`)).status()).toBe(404);
    expect(((await (await page.request.get('/api/v1/contracts')).json()) as { data: unknown[] }).data).toEqual([]);
    await patchSettings(page, 'contract', { enabled: true });
    expect((await page.request.get(`/api/v1/contracts/${existing!.uuid}`)).status()).toBe(200);
  } finally {
    await patchSettings(page, 'contract', { enabled: true, default_values: {}, required_fields: [] });
  }
});
