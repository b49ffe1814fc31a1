// Favorites journey (docs/domain/preferences.md, "Favorites"): a property is starred beside its title on its record
// page; the star in the navbar lists it, and a click on it opens the record again. The star is taken away at the end.
import { expect, test } from './fixtures';
import { apiGet, apiPost, signInTo } from './support';

test('a starred property is in the favorites menu and opens from it', async ({ page }) => {
  await signInTo(page, '/property');
  const [property] = await apiGet<{ uuid: string; name: string }[]>(page, 'properties?per_page=1&sort_by=name');
  await page.goto(`/property/${property!.uuid}`);
  await expect(page.getByRole('heading', { name: property!.name }).first()).toBeVisible();
  const add = page.getByRole('button', { name: 'Add to favorites' });
  await add.click();
  const remove = page.getByRole('button', { name: 'Remove from favorites' });
  await expect(remove).toHaveAttribute('aria-pressed', 'true');
  try {
    await page.goto('/');
    await page.getByRole('button', { name: 'Favorites' }).click();
    const menu = page.getByRole('menu', { name: 'Favorites' });
    await menu.getByRole('menuitem', { name: new RegExp(property!.name) }).click();
    await expect(page).toHaveURL(new RegExp(`/property/${property!.uuid}$`));
    await expect(page.getByRole('heading', { name: property!.name }).first()).toBeVisible();
  } finally {
    await page.goto(`/property/${property!.uuid}`);
    await page.getByRole('button', { name: 'Remove from favorites' }).click();
    await expect(page.getByRole('button', { name: 'Add to favorites' })).toBeVisible();
  }
});

test('a saved view starred from the views menu is in the favorites menu and opens from it', async ({ page }) => {
  await signInTo(page, '/facilities');
  const [group] = await apiGet<{ uuid: string }[]>(page, 'settings-groups');
  const name = `Kessel ${Date.now().toString(36)}`;
  const view = await apiPost<{ uuid: string }>(page, 'grid-views', {
    settings_group_uuid: group!.uuid,
    name,
    table_name: 'facility',
    shared: false,
    query: {},
  });
  try {
    await page.goto(`/facilities?view=${view.uuid}`);
    await page.getByRole('button', { name: 'Views', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Add to favorites' }).click();
    await expect(page.getByRole('menuitem', { name: 'Remove from favorites' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/');
    await page.getByRole('button', { name: 'Favorites' }).click();
    await page
      .getByRole('menu', { name: 'Favorites' })
      .getByRole('menuitem', { name: new RegExp(name) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/facilities\\?view=${view.uuid}$`));
    await expect(page.getByRole('button', { name: 'Views', exact: true })).toContainText(name);
  } finally {
    await page.request.delete(`/api/v1/grid-views/${view.uuid}`, {
      headers: {
        'X-XSRF-TOKEN': decodeURIComponent(
          (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value,
        ),
        'X-Requested-With': 'XMLHttpRequest',
      },
    });
  }
});
