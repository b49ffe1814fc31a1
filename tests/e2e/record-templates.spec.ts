// Record templates journey (docs/domain/record-templates.md): the demo admin makes a facility template on the
// "Record templates" tab of /settings/templates/facilities, its values entered in the facility's own form (a lifetime out of range first: the
// server's message shows under the field), then creates a facility from it through the grid's "New from template"
// menu, and starts another new facility from it in the drawer's template choice.
import { expect, test } from './fixtures';
import { apiGet, signInTo } from './support';

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
