// A record's public page (docs/domain/public-pages.md): an admin enables a facility's page with three fields in the
// drawer and reads the link shown once; an auditor opens it in a browser of their own at phone width and sees
// exactly those fields; after a confirmed reset the old link shows the "does not work" page and the new one works.
import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet, apiPost, signInTo } from './support';

/** The auditor: no session, a phone's width, US English. */
const auditor = async (browser: Browser) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-US' });
  return { context, page: await context.newPage() };
};

test('an admin shares a facility through its public page and resets the link', async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  await signInTo(page, '/facilities');
  const [property] = await apiGet<{ uuid: string }[]>(page, 'properties?per_page=1');
  const name = `Heizkessel ${stamp}`;
  const facility = await apiPost<{ uuid: string }>(page, 'facilities', {
    property_uuid: property!.uuid,
    name,
    manufacturer: 'Hoval',
    serial_number: `SN-${stamp}`,
    model: 'UltraGas 2',
    description: 'Not for outsiders',
  });

  // the admin ticks three fields in the drawer's panel and enables the page
  await page.goto(`/facilities?record=${facility.uuid}`);
  const panel = page.getByRole('region', { name: 'Public page' });
  const fields = panel.getByRole('group', { name: 'Fields shown' });
  for (const label of ['Name', 'Manufacturer', 'Serial number'])
    await fields.getByRole('checkbox', { name: label, exact: true }).check();
  await panel.getByRole('button', { name: 'Enable public page' }).click();
  const shown = panel.getByRole('textbox', { name: 'Public link' });
  await expect(shown).toHaveValue(/\/public\/facilities\/[A-Za-z0-9_-]{43}$/);
  const link = new URL(await shown.inputValue()).pathname;
  await expect(panel.getByRole('button', { name: 'Copy' })).toBeVisible();

  // the auditor: no login, a phone; exactly the three fields (in the model's order), not the others
  const reader = await auditor(browser);
  await reader.page.goto(link);
  await expect(reader.page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(reader.page.locator('dt')).toHaveText(['Name', 'Serial number', 'Manufacturer']);
  await expect(reader.page.locator('dd')).toHaveText([name, `SN-${stamp}`, 'Hoval']);
  await expect(reader.page.getByText('UltraGas 2')).toHaveCount(0);
  await expect(reader.page.getByText('Not for outsiders')).toHaveCount(0);
  // readable on a phone: nothing wider than the screen
  expect(await reader.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // reopened, the drawer no longer shows the link: it offers a reset, which asks first
  await page.reload();
  await expect(panel.getByText('The link was shown once, when it was made.')).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Public link' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Reset link' }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('cannot be undone');
  await alert.getByRole('button', { name: 'Reset link' }).click();
  await expect(shown).toHaveValue(/\/public\/facilities\/[A-Za-z0-9_-]{43}$/);
  const fresh = new URL(await shown.inputValue()).pathname;
  expect(fresh).not.toBe(link);

  // the old link is dead at once, the new one works
  await reader.page.goto(link);
  await expect(reader.page.getByRole('heading', { name: 'This link does not work (any more)' })).toBeVisible();
  await expect(reader.page.getByText(name)).toHaveCount(0);
  await reader.page.goto(fresh);
  await expect(reader.page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(reader.page.locator('dt')).toHaveText(['Name', 'Serial number', 'Manufacturer']);
  await reader.context.close();
});
