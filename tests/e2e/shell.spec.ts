// The shell: language switch, dark mode across a reload, the left drawer, the settings-group switcher.
import { expect, test } from './fixtures';
import { openUserMenu, signIn } from './support';

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await signIn(page);
  await expect(page).toHaveURL('/');
});

test('switching the language changes the shell text and is kept on the profile', async ({ page }) => {
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await openUserMenu(page);
  await page.getByRole('option', { name: 'Deutsch', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  // back to English for the other journeys
  await openUserMenu(page);
  await page.getByRole('option', { name: 'English (US)', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});

test('dark mode survives a reload', async ({ page }) => {
  await openUserMenu(page);
  await page.getByRole('option', { name: 'On', exact: true }).click();
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  await page.reload();
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  await openUserMenu(page);
  await page.getByRole('option', { name: 'Off', exact: true }).click();
  await expect(page.locator('body')).not.toHaveClass(/bp6-dark/);
});

test('the drawer starts open on the modules and leads to a module', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Facilities' }).click();
  await expect(page).toHaveURL('/facilities');
  await expect(page.getByRole('heading', { name: 'Facilities' })).toBeVisible();
});

test('the settings group of the demo is selected in the switcher', async ({ page }) => {
  await expect(page.getByText('Demo Immobilien AG').first()).toBeVisible();
});

test('the settings list shows once: beside the settings page, or in the drawer when its Settings tab is chosen', async ({
  page,
}) => {
  await page.goto('/settings/invitations');
  const invitations = page.getByRole('link', { name: 'Invitations', exact: true });
  await expect(page.getByRole('navigation', { name: 'Settings navigation' })).toBeVisible();
  await expect(invitations).toHaveCount(1);
  const drawer = page.getByRole('navigation', { name: 'Main navigation' });
  await drawer.getByRole('tab', { name: 'Settings' }).click();
  await expect(drawer.getByRole('link', { name: 'Invitations', exact: true })).toBeVisible();
  await expect(invitations).toHaveCount(1);
  await drawer.getByRole('tab', { name: 'Modules' }).click();
  await expect(page.getByRole('navigation', { name: 'Settings navigation' })).toBeVisible();
  await expect(invitations).toHaveCount(1);
});
