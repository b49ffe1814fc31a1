// Attributes journey (docs/domain/attributes.md): the demo admin adds a selection attribute to facilities (through the
// API; the form is tried in the unit and API tests), finds it on the attributes page and on the facilities' own page
// (whose New form is a facility's), and the facilities grid shows it as a column headed by its label; option labels
// pasted into it are stored as the options' values, the column sorts by them, and the attribute is archived at the
// end.
import { expect, test } from './fixtures';
import { apiGet, apiPost, signInTo } from './support';
import { api, cellOf, dataRows, openFacilities, paste, seed, bulkPatch } from './sheet-support';

test('a selection attribute added to facilities is a grid column that takes a paste and sorts', async ({ page }) => {
  await page.setViewportSize({ width: 2200, height: 1000 });
  const stamp = Date.now().toString(36);
  const prefix = `Attr${stamp}`;
  await signInTo(page, '/settings/templates/attributes');
  await expect(page.getByRole('heading', { name: 'Attributes', level: 1 })).toBeVisible();
  const [group] = await apiGet<{ uuid: string }[]>(page, 'settings-groups?slim=1');
  const key = `centre_${stamp}`;
  const label = `Cost centre ${stamp}`;
  const made = await apiPost<{ uuid: string }>(page, 'attributes', {
    settings_group_uuid: group!.uuid,
    model: 'facility',
    key,
    type: 'select',
    searchable: true,
    labels: { 'en-us': label, de: `Kostenstelle ${stamp}` },
    options: [
      { value: 'north', labels: { 'en-us': 'North wing', de: 'Nordflügel' } },
      { value: 'south', labels: { 'en-us': 'South wing', de: 'Südflügel' } },
    ],
  });
  try {
    // the attributes page lists it
    await page.reload();
    await expect(page.getByRole('gridcell', { name: key })).toBeVisible();
    // the facilities' own page lists the facilities' attributes, and a new one there is a facility's
    await page.goto('/settings/templates/facilities');
    await expect(page.getByRole('gridcell', { name: key })).toBeVisible();
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await expect(page.getByLabel('Module (required)')).toHaveValue('facility');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: 'New Attribute' })).toBeHidden();

    await seed(page, prefix, 3);
    await page.goto('/facilities');
    await openFacilities(page, prefix, 3);
    // the grid draws only the columns in view: the keyboard takes the first row to its last column
    await (await cellOf(page, dataRows(page).first(), 'Manufacturer')).click();
    await page.keyboard.press('End');
    const header = page.getByRole('columnheader', { name: label, exact: true });
    await expect(header).toBeVisible();

    // option labels pasted into the column are stored as the options' values
    await (await cellOf(page, dataRows(page).first(), label)).click();
    await paste(page, 'South wing\r\nNorth wing\r\nSouth wing\r\n');
    const dialog = page.getByRole('dialog', { name: 'Paste preview' });
    await expect(dialog.getByText('Checking with the server…')).toBeHidden();
    await expect(dialog.getByTestId('paste-counts')).toContainText('3 changes');
    const saved = bulkPatch(page);
    await dialog.getByRole('button', { name: 'Apply 3 valid rows' }).click();
    expect((await saved).status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(await cellOf(page, dataRows(page).first(), label)).toHaveText('South wing');

    const stored = await api<{ data: { name: string; attributes: Record<string, unknown> }[] }>(
      page,
      'GET',
      `facilities?search=${prefix}&sort_by=attributes.${key}&per_page=10`,
    );
    // sorted by the value (records of one value in uuid order)
    expect(stored.data.map((f) => f.attributes[key])).toEqual(['north', 'south', 'south']);
    expect(stored.data[0]!.name).toBe(`${prefix} 001`);

    // the column sorts in the grid as the list does
    await header.click();
    await expect(dataRows(page).first()).toContainText(`${prefix} 001`);
  } finally {
    await apiPost(page, `attributes/${made.uuid}/archive`, {});
  }
});
