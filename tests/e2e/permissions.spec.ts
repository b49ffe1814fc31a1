// Permissions journey (docs/domain/permissions.md): the demo admin makes a user group with the second member and a
// permission group that grants only viewing facilities to it; that member then sees Facilities but not Contracts in
// the main navigation, and a facility's drawer offers no Delete. Runs on a server of its own that has the second
// member (member-server.ts).
import type { ChildProcess } from 'node:child_process';
import { expect, test } from './fixtures';
import { MEMBER, MEMBER_URL, startServerWithMember, stopServer } from './member-server';
import { apiGet, signIn, signInTo } from './support';

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
  await signInTo(page, '/settings/user-groups');
  await expect(page.getByRole('heading', { name: 'User groups', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name of the user group' }).fill('Caretakers');
  await page.getByRole('button', { name: 'Add user group' }).click();
  await page.getByRole('button', { name: /^Members of Caretakers/ }).click();
  await page.getByRole('checkbox', { name: MEMBER.name }).check();
  await expect(page.getByRole('button', { name: `Members of Caretakers: ${MEMBER.name}` })).toBeVisible();
  await page.keyboard.press('Escape');

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

  // the members page is the admins'
  await page.goto('/settings/users');
  await expect(page.getByText('Only the admins of this settings group manage')).toBeVisible();
});
