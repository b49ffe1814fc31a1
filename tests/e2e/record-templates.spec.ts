// Record templates journey (docs/domain/record-templates.md): the demo admin makes a facility template on the
// "Record templates" tab of /settings/templates/facilities, its values entered in the facility's own form (a lifetime out of range first: the
// server's message shows under the field), then creates a facility from it through the grid's "New from template"
// menu, and starts another new facility from it in the drawer's template choice. A paste whose header row has a
// "Template" column creates its new rows from the template it names (the pasted cells win), an unknown name is an
// error in the preview, and undo takes the new rows back.
import { expect, test } from './fixtures';
import { cellOf, dataRows, fetchAll, openFacilities, paste, seed } from './sheet-support';
import { apiGet, apiPost, signInTo } from './support';

test('a facility template made in the settings fills a new facility from the grid’s New menu and the drawer', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const name = `Gas boiler ${stamp}`;
  await signInTo(page, '/settings/templates/facilities');
  await expect(page.getByRole('heading', { name: 'Facility templates', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Record templates' }).click();
  await expect(page).toHaveURL(/tab=records/);
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New Record template' })).toBeVisible();
  const drawer = page.locator('form').filter({ has: page.getByLabel('Module (required)') });
  // the tab's templates are the facilities'
  await expect(drawer.getByLabel('Module (required)')).toHaveValue('facility');
  await drawer.getByLabel(/^Name/).first().fill(name);
  const values = drawer.getByRole('region', { name: 'Values of new records' });
  await values.getByLabel(/^Manufacturer/).fill('Viessmann');
  await values.getByLabel(/^Lifetime/).fill('500');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(values.getByText(/Lifetime.*200/)).toBeVisible();
  await values.getByLabel(/^Lifetime/).fill('20');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'New Record template' })).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();

  // the facilities grid offers it beside New
  const [property] = await apiGet<{ uuid: string; name: string }[]>(page, 'properties?per_page=1');
  await page.goto('/facilities');
  await page.getByRole('button', { name: 'New from template' }).click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page.getByRole('heading', { name: 'New Facility' })).toBeVisible();
  await expect(page.getByLabel(/^Manufacturer/)).toHaveValue('Viessmann');
  await expect(page.getByLabel(/^Lifetime/)).toHaveValue('20');
  await expect(page.getByLabel('Start from a template')).toHaveValue(/.+/);
  await page.getByLabel(/^Name/).fill(`Boiler ${stamp}`);
  await page.getByLabel(/^Property/).click();
  await page.keyboard.type(property!.name);
  await page.getByRole('listbox').getByRole('option', { name: property!.name }).click();
  await expect(page.getByLabel(/^Property/)).toHaveText(property!.name);
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/facilities'),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByRole('heading', { name: 'New Facility' })).toBeHidden();
  const [made] = await apiGet<{ name: string; manufacturer: string; lifetime: number }[]>(
    page,
    `facilities?search=${encodeURIComponent(`Boiler ${stamp}`)}`,
  );
  expect(made).toMatchObject({ name: `Boiler ${stamp}`, manufacturer: 'Viessmann', lifetime: 20 });

  // a plain New starts empty, and the drawer's choice fills it from the template
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New Facility' })).toBeVisible();
  await expect(page.getByLabel(/^Manufacturer/)).toHaveValue('');
  await page.getByLabel('Start from a template').selectOption({ label: name });
  await expect(page.getByLabel(/^Manufacturer/)).toHaveValue('Viessmann');
  await expect(page.getByLabel(/^Lifetime/)).toHaveValue('20');
});

test('a paste whose header row names a template creates its new rows from it; an unknown name is an error', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1800, height: 900 });
  const stamp = Date.now().toString(36);
  const prefix = `Paste${stamp}`;
  const name = `Condensing boiler ${stamp}`;
  await signInTo(page, '/settings/templates/facilities');
  const [property] = await apiGet<{ uuid: string; settings_group_uuid: string }[]>(page, 'properties?per_page=1');
  await apiPost(page, 'record-templates', {
    settings_group_uuid: property!.settings_group_uuid,
    model: 'facility',
    name,
    values: { manufacturer: 'Viessmann', lifetime: 25, commissioning_year: 2024 },
  });
  await seed(page, prefix, 2);
  await page.goto('/facilities');
  await openFacilities(page, prefix, 2);
  // the grid knows the template (its New menu lists it)
  await page.getByRole('button', { name: 'New from template' }).click();
  await expect(page.getByRole('menuitem', { name })).toBeVisible();
  await page.keyboard.press('Escape');

  // a header row in English and German on the last row: its own line first, then two new rows
  const header = ['Name', 'Property', 'Vorlage', 'Manufacturer', 'Lifetime (years)'].join('\t');
  const own = [`${prefix} 001`, property!.uuid, '', 'Old', '20'].join('\t');
  await (await cellOf(page, dataRows(page).nth(1), 'Name')).click();
  await paste(page, [header, own, [`${prefix} 002`, property!.uuid, 'Steam engine', '', ''].join('\t')].join('\n'));
  const dialog = page.getByRole('dialog', { name: 'Paste preview' });
  await expect(dialog).toContainText('The first line holds the columns’ headers');
  await expect(dialog.getByText('No template “Steam engine” of this module in this settings group.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Template 3' })).toHaveValue('Steam engine');
  await expect(dialog.getByTestId('paste-counts')).toContainText('1 error');
  await expect(dialog.getByRole('button', { name: 'Apply 0 valid rows' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await (await cellOf(page, dataRows(page).nth(1), 'Name')).click();
  await paste(
    page,
    [
      header,
      own,
      [`${prefix} 002`, property!.uuid, name.toUpperCase(), '', ''].join('\t'),
      [`${prefix} 003`, property!.uuid, name, 'Buderus', '30'].join('\t'),
    ].join('\r\n'),
  );
  await expect(dialog.getByTestId('paste-counts')).toContainText('2 new records');
  await expect(dialog.getByTestId('paste-counts')).toContainText('0 errors');
  await expect(dialog.getByRole('columnheader', { name: 'Template' })).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: `${prefix} 002` })).toContainText(name);
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/facilities/bulk'),
  );
  await dialog.getByRole('button', { name: 'Apply 2 valid rows' }).click();
  expect((await created).status()).toBe(201);
  await expect(dialog).toBeHidden();
  await expect(page.getByText('4 records', { exact: true })).toBeVisible();
  const made = (await fetchAll(page, prefix)).map((f) => [f.name, f.manufacturer, f.lifetime, f.commissioning_year]);
  expect(made).toEqual([
    [`${prefix} 000`, 'Old', 20, 2000],
    [`${prefix} 001`, 'Old', 20, 2000],
    [`${prefix} 002`, 'Viessmann', 25, 2024],
    [`${prefix} 003`, 'Buderus', 30, 2024],
  ]);

  // undo takes the new rows back
  await (await cellOf(page, dataRows(page).first(), 'Name')).click();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(page.getByText('2 records', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await fetchAll(page, prefix)).map((f) => f.name))
    .toEqual([`${prefix} 000`, `${prefix} 001`]);
});
