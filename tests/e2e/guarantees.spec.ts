// Guarantees journey: the grid lists the demo workspace's guarantees; an active one opens in the drawer and on its
// record page, and is claimed there (the Claim button follows the record's `claim` link).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet, signInTo } from './support';

interface Rec {
  uuid: string;
  title: string;
  status: string;
  end_date: string;
  links: Record<string, string>;
}

const dataRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('gridcell') });

test('the demo guarantees are listed, and an active one is claimed on its record page', async ({ page }) => {
  await signInTo(page, '/guarantees');
  await expect(page.getByRole('heading', { name: 'Guarantees' }).first()).toBeVisible();
  await expect(dataRows(page).first()).toContainText('Garantie');
  expect(await dataRows(page).count()).toBeGreaterThan(5);

  const [active] = await apiGet<Rec[]>(page, 'guarantees?filter[status]=active&sort_by=end_date&per_page=1');
  expect(active!.links.claim).toBeTruthy();
  await page.goto(`/guarantees?record=${active!.uuid}`);
  await expect(page.getByRole('heading', { name: active!.title, level: 4 })).toBeVisible();
  await page.getByRole('link', { name: 'Open as page' }).click();
  await expect(page).toHaveURL(new RegExp(`/guarantees/${active!.uuid}$`));
  await expect(page.getByRole('heading', { name: active!.title })).toBeVisible();

  await page.getByRole('button', { name: 'Claim', exact: true }).click();
  await expect(page.getByText('The guarantee has been claimed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Claim', exact: true })).toHaveCount(0);
  await expect.poll(async () => (await apiGet<Rec>(page, `guarantees/${active!.uuid}`)).status).toBe('claimed');
});
