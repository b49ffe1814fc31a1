// Invitations journey (docs/domain/permissions.md, "Invitations"): the demo admin pastes addresses on
// /settings/invitations (a malformed one is named and nothing is sent), sends to a colleague, and the list shows the
// open invitation; one sent by mistake is revoked, and an allowed domain keeps other
// addresses out; the colleague opens the mailed link signed out, registers from there, comes back to the link,
// accepts and lands in the app in the settings group just joined. The answered link then says so.
import { expect, test } from './fixtures';
import { lastMail, signInTo } from './support';

test('an admin invites a colleague who registers from the link, accepts and lands in the workspace', async ({
  page,
  request,
}) => {
  const email = `kim.${Date.now()}@example.com`;
  await signInTo(page, '/settings/invitations');
  await expect(page.getByRole('heading', { name: 'Invitations', level: 1 })).toBeVisible();
  const groupName = (await page.getByRole('heading', { name: /^Invite to "/ }).textContent())!.slice(11, -1);

  const addresses = page.getByRole('textbox', { name: 'E-mail addresses' });
  await addresses.fill(`not-an-address\n${email}`);
  await page.getByRole('button', { name: 'Send 2 invitations' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'These addresses cannot be invited' });
  await expect(refused).toContainText('not-an-address');
  await expect(refused).not.toContainText(email);

  await addresses.fill(email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('1 invitation sent.')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await expect(row).toContainText('Open');
  await expect(row.getByRole('button', { name: `Revoke the invitation to ${email}` })).toBeVisible();

  // an invitation sent by mistake is revoked; only the allowed domains can be invited while the list is not empty
  const other = `lou.${Date.now()}@example.com`;
  await addresses.fill(other);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByRole('button', { name: `Revoke the invitation to ${other}` }).click();
  await expect(page.getByText(`The invitation to ${other} has been revoked.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(other.replace(/\./g, '\\.')) })).toContainText('Revoked');
  const domains = page.getByRole('textbox', { name: 'Allowed e-mail domains' });
  await domains.fill('example.com');
  await page.getByRole('button', { name: 'Save domains' }).click();
  await expect(page.getByText('The allowed e-mail domains have been saved.')).toBeVisible();
  await addresses.fill('max@elsewhere.org');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(refused).toContainText('max@elsewhere.org');
  await domains.fill('');
  await page.getByRole('button', { name: 'Save domains' }).click();
  await expect(domains).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Save domains' })).toBeDisabled();

  const mail = await lastMail(request, email);
  const link = new URL(mail.link).pathname;
  expect(link).toMatch(/^\/invitations\/[^/]+$/);

  // the colleague, signed out, opens the link
  await page.goto('/logout');
  await page.waitForURL(/\/login/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: `${groupName} invites you` })).toBeVisible();
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register\?redirect=/);
  await page.getByLabel('First name').fill('Kim');
  await page.getByLabel('Last name').fill('Keller');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a good password');
  await page.getByLabel('Confirm password').fill('a good password');
  await page.getByLabel('I accept the terms of use').check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await page.waitForURL((url) => url.pathname === link);
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByText('Welcome, Kim')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Settings group' })).toContainText(groupName);

  await page.goto(link);
  await expect(page.getByText('This invitation has already been accepted.')).toBeVisible();
});
