// Saved grid views: the "unsaved changes" chip, Save as new view, the view in the URL surviving a reload,
// Reset back to the saved query, and the standard view.
import { expect, test } from './fixtures';
import { signInTo } from './support';

test('a query saved as a view comes back after a reload, Reset undoes a change, the standard view clears it', async ({
  page,
}) => {
  await signInTo(page, '/property');
  const search = page.getByRole('searchbox', { name: 'Search' });
  const chip = page.getByText('Unsaved changes');
  const views = page.getByRole('button', { name: 'Views' });
  const city = page.getByRole('columnheader', { name: 'City', exact: true });
  await expect(views).toHaveText('Standard view');

  // a sort alone is the table's remembered state; a search is a query worth saving
  await city.click();
  await expect(city).toHaveAttribute('aria-sort', 'ascending');
  await expect(chip).toHaveCount(0);
  await search.fill('a');
  await expect(chip).toBeVisible();

  await page.getByRole('button', { name: 'Save as new view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as new view' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  // an empty name is refused before anything is sent
  await expect(dialog.getByLabel('Name of the view')).toHaveJSProperty('validity.valueMissing', true);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name of the view').fill('Cities with a');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(views).toHaveText('Cities with a');
  await expect(page).toHaveURL(/[?&]view=[0-9a-f-]{36}/);
  await expect(chip).toHaveCount(0);

  await page.reload();
  await expect(views).toHaveText('Cities with a');
  await expect(search).toHaveValue('a');
  await expect(city).toHaveAttribute('aria-sort', 'ascending');
  await expect(chip).toHaveCount(0);

  await city.click();
  await expect(city).toHaveAttribute('aria-sort', 'descending');
  await expect(chip).toBeVisible();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(city).toHaveAttribute('aria-sort', 'ascending');
  await expect(chip).toHaveCount(0);

  await views.click();
  await page.getByRole('option', { name: 'Standard view' }).click();
  await expect(views).toHaveText('Standard view');
  await expect(search).toHaveValue('');
  await expect(page).not.toHaveURL(/view=/);
  await views.click();
  await expect(page.getByRole('option', { name: 'Cities with a' })).toBeVisible();
});
