// Permissions journey (docs/domain/permissions.md): the demo admin makes a user group with the second member (in the
// user groups grid's drawer) and a permission group that grants only viewing facilities to it; that member then
// sees Facilities but not Contracts in the main navigation, and a facility's drawer offers no Delete. Runs on a
// server of its own that has the second member (member-server.ts).
import type { ChildProcess } from 'node:child_process';
import { expect, test } from './fixtures';
import { MEMBER, MEMBER_URL, startServerWithMember, stopServer } from './member-server';
import { apiGet, apiPost, signIn, signInTo, totpAt } from './support';

let server: ChildProcess | undefined;
test.use({ baseURL: MEMBER_URL });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServerWithMember();
});
test.afterAll(async () => {
  if (server) await stopServer(server);
});

test('a member granted only viewing facilities sees Facilities, not Contracts, and cannot delete', async ({ page }) => {
  test.setTimeout(120_000); // two sign-ins and eight screens, as the access rules journey
  // the user group is made in the user groups grid's drawer, its member picked there
  await signInTo(page, '/settings/user-groups');
  await expect(page.getByRole('heading', { name: 'User groups', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New User group' })).toBeVisible();
  await page.getByLabel(/^Name/).fill('Caretakers');
  await page.getByRole('button', { name: /^Members:/ }).click();
  await page.getByRole('checkbox', { name: MEMBER.name }).check();
  await expect(page.getByRole('button', { name: `Members: ${MEMBER.name}` })).toBeVisible();
  await page.getByLabel(/^Name/).click(); // the list closes
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'New User group' })).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Caretakers' })).toContainText(MEMBER.name);

  await page.goto('/settings/permissions');
  await page.getByRole('textbox', { name: 'Name of the permission group' }).fill('Facility viewers');
  await page.getByRole('button', { name: 'Add permission group' }).click();
  await expect(page.getByRole('region', { name: 'Facility viewers' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Facilities: View' }).check();
  await page.getByRole('button', { name: /^Applies to the user groups/ }).click();
  await page.getByRole('checkbox', { name: 'Caretakers' }).check();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Facility viewers saved')).toBeVisible();

  // the admin still sees every module; the member's user groups are on the members page
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Contracts' })).toBeVisible();
  await page.goto('/settings/users');
  await expect(page.getByRole('row', { name: new RegExp(MEMBER.email) })).toContainText('Caretakers');

  await page.goto('/logout');
  await page.waitForURL(/\/login/);
  await signIn(page, MEMBER.email, MEMBER.password);
  await page.waitForURL((url) => url.pathname === '/');
  await expect(nav.getByRole('link', { name: 'Facilities' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Contracts' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Properties' })).toHaveCount(0);

  const [facility] = await apiGet<{ uuid: string; name: string; links: Record<string, string> }[]>(
    page,
    'facilities?per_page=1',
  );
  expect(facility!.links.delete).toBeUndefined();
  await page.goto(`/facilities?record=${facility!.uuid}`);
  await expect(page.getByRole('heading', { name: facility!.name, level: 4 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);

  // the members page is the admins', and so is the user groups grid (a note instead of the grid)
  await page.goto('/settings/users');
  await expect(page.getByText('Only the admins of this settings group manage')).toBeVisible();
  await page.goto('/settings/user-groups');
  await expect(page.getByText('Only the admins of this settings group manage')).toBeVisible();
  await expect(page.getByRole('main').getByRole('grid')).toHaveCount(0);
});

test('an admin sees a member locked out of two-factor sign-in and unlocks them', async ({ page, browser }) => {
  // the member turns on two-factor sign-in, then ten wrong codes over two password logins lock it
  const member = await browser.newPage({ baseURL: MEMBER_URL });
  await member.goto('/login');
  await signIn(member, MEMBER.email, MEMBER.password);
  await member.waitForURL((url) => url.pathname === '/');
  await apiPost(member, 'user/two-factor-authentication', {});
  const key = await member.request.get('/api/v1/user/two-factor-secret-key');
  const { secretKey } = (await key.json()) as { secretKey: string };
  await apiPost(member, 'user/confirmed-two-factor-authentication', { code: totpAt(secretKey) });
  const valid = new Set([-1, 0, 1].map((step) => totpAt(secretKey, step)));
  const wrong = ['000000', '111111', '222222'].find((code) => !valid.has(code))!;
  const send = async (path: string, data: unknown) => {
    const xsrf = (await member.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
    return member.request.post(`/api/v1/${path}`, {
      data,
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' },
    });
  };
  expect((await send('logout', {})).status()).toBeLessThan(300);
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) {
    if (i % 5 === 0) await member.request.get('/api/v1/sanctum/csrf-cookie');
    if (i % 5 === 0)
      expect((await send('login', { email: MEMBER.email, password: MEMBER.password })).status()).toBe(200);
    statuses.push((await send('two-factor-challenge', { code: wrong })).status());
  }
  expect(statuses.at(-1)).toBe(429);

  await signInTo(page, '/settings/users');
  const row = page.getByRole('row', { name: new RegExp(MEMBER.email) });
  await expect(row.getByText('Locked', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /admin@demo/ }).getByText('Locked', { exact: true })).toHaveCount(0);
  await row.getByRole('button', { name: `Unlock two-factor sign-in of ${MEMBER.name}` }).click();
  await expect(page.getByText('Two-factor sign-in is unlocked.')).toBeVisible();
  await expect(row.getByText('Locked', { exact: true })).toHaveCount(0);

  // the member signs in with a right code again
  await member.request.get('/api/v1/sanctum/csrf-cookie');
  expect((await send('login', { email: MEMBER.email, password: MEMBER.password })).status()).toBe(200);
  expect((await send('two-factor-challenge', { code: totpAt(secretKey, 1) })).status()).toBe(204);
  await member.close();
});
