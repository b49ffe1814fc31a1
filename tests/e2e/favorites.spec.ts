// Favorites journey (docs/domain/preferences.md, "Favorites"): a property is starred beside its title on its record
// page; the star in the navbar lists it, and a click on it opens the record again. The star is taken away at the end.
import { expect, test } from './fixtures';
import { apiGet, signInTo } from './support';

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
