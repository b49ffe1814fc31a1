// Sign-in journeys: register → verify via the outbox → sign in → 2FA → sign out → sign in with a code;
// redirect rules; not-found; error notices.
import { expect, test } from './fixtures';
import { DEMO, lastMail, openUserMenu, signIn, totpAt } from './support';

test('register, verify the e-mail, turn on two-factor sign-in and sign in again with a code', async ({
  page,
  request,
}) => {
  const email = `rita.${Date.now()}@example.com`;
  await page.goto('/register');
  await page.getByLabel('First name').fill('Rita');
  await page.getByLabel('Last name').fill('Muster');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a good password');
  await page.getByLabel('Confirm password').fill('a good password');
  await page.getByLabel('I accept the terms of use').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/email-verification/);

  const mail = await lastMail(request, email);
  expect(mail.subject).toBe('Verify your e-mail address');
  await page.goto(mail.link);
  await expect(page).toHaveURL(/\/email-verification\?verified=1/);
  await expect(page.getByText('Thank you, your e-mail address has been verified.')).toBeVisible();

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Enable' }).click();
  const key = (await page.getByTestId('two-factor-setup-key').textContent())!.trim();
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByRole('textbox', { name: 'Code' }).fill(totpAt(key));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Two-factor authentication is enabled for your account.')).toBeVisible();

  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('You have been signed out.')).toBeVisible();

  await signIn(page, email, 'a good password');
  await expect(page).toHaveURL(/\/login\/2fa/);
  await page.getByRole('textbox', { name: 'Code' }).fill(totpAt(key, 1)); // the next step: the code used to confirm is spent
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Welcome, Rita')).toBeVisible();
});

test('a protected page sends a visitor to sign in and back; /login when signed in goes home', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL('/login?redirect=%2Fprofile');
  await signIn(page);
  await expect(page).toHaveURL('/profile');
  await page.goto('/login');
  await expect(page).toHaveURL('/');
  await page.goto('/login?redirect=%2Fsettings-groups');
  await expect(page).toHaveURL('/settings-groups');
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('a 422 shows the messages at the fields; a wrong password does not say which part was wrong', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('First name').fill('Tom');
  await page.getByLabel('Last name').fill('Kurz');
  await page.getByLabel('E-mail').fill('tom@example.com');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByLabel('I accept the terms of use').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 8 characters.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/register/);

  await page.goto('/login');
  await signIn(page, DEMO.email, 'not the password');
  await expect(page.getByText('These credentials do not match our records.').first()).toBeVisible();
});

test('a server error shows the red notice with the server message', async ({ page }) => {
  await page.goto('/login');
  await signIn(page);
  await expect(page).toHaveURL('/');
  await page.route('**/api/v1/settings-groups**', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'The database is on a coffee break.' }),
        })
      : route.continue(),
  );
  await page.goto('/settings-groups');
  await page.getByLabel(/name/i).first().fill('Broken AG');
  await page.getByRole('button', { name: /create/i }).click();
  const notice = page.getByText('The database is on a coffee break.');
  await expect(notice).toBeVisible();
  await expect(notice.locator('xpath=ancestor::*[contains(@class, "intent-danger")]').first()).toBeVisible();
});
