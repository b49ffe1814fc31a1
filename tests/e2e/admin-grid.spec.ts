// The user groups grid (docs/decisions.md, "Administration tables in grids"): the demo admin pastes a member, by
// e-mail as a spreadsheet holds it, into a user group's Members cell; the paste preview checks it, Apply saves it,
// the cell shows the member's name as a chip, and the change is in the audit log and in the group's History panel
// (who, which field, before → after). The group is made through the API with a unique name.
import { expect, test } from './fixtures';
import { DEMO, apiGet, apiPost, signInTo } from './support';
import { cellOf, dataRows, paste } from './sheet-support';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
});

test('a member pasted by e-mail into a user group is saved, and shows in the audit log and the History', async ({
  page,
}) => {
  const name = `Caretakers ${Date.now() % 1_000_000}`;
  await signInTo(page, '/');
  const me = await apiGet<{ name: string }>(page, 'user');
  const [group] = await apiGet<{ uuid: string }[]>(page, 'settings-groups?slim=1');
  const made = await apiPost<{ uuid: string }>(page, 'user-groups', { settings_group_uuid: group!.uuid, name });

  await page.goto('/settings/user-groups');
  await expect(page.getByRole('heading', { name: 'User groups', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await expect(page.getByText('1 record', { exact: true })).toBeVisible();
  const row = dataRows(page).filter({ hasText: name });
  await expect(row).toHaveCount(1);
  const members = await cellOf(page, row, 'Members');
  await expect(members).toHaveText('');

  // a spreadsheet's cell with the member's e-mail (in another case than stored), pasted on the focused cell
  await members.click();
  await paste(page, `${DEMO.email.toUpperCase()}\r\n`);
  const dialog = page.getByRole('dialog', { name: 'Paste preview' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Checking with the server…')).toBeHidden();
  const counts = dialog.getByTestId('paste-counts');
  await expect(counts).toContainText('1 change');
  await expect(counts).toContainText('0 errors');
  const saved = page.waitForResponse(
    (r) =>
      r.request().method() === 'PATCH' && /\/api\/v1\/user-groups(\?|$)/.test(r.url()) && !r.url().includes('dry_run'),
  );
  await dialog.getByRole('button', { name: 'Apply 1 valid row' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(members.locator('.hw-refs-chip')).toHaveText([me.name]);
  const stored = await apiGet<{ member_uuids: string[] }>(page, `user-groups/${made.uuid}`);
  expect(stored.member_uuids).toHaveLength(1);

  // the audit log: the newest entry is this change, by the admin, the members before → after by name
  await page.goto('/settings/audit-log');
  const entry = page.getByRole('row').filter({ hasText: 'User group changed' }).filter({ hasText: name }).first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(me.name);
  await expect(entry).toContainText(DEMO.email);
  await expect(entry.getByRole('definition').filter({ hasText: '→' })).toHaveText(`– → ${me.name}`);
  await expect(entry.getByRole('term').filter({ hasText: 'Members' }).first()).toBeVisible();

  // the group's History panel on its record page: who changed it and which field, before → after
  await page.goto(`/settings/user-groups/${made.uuid}`);
  const history = page.getByRole('region', { name: 'History' });
  const change = history.getByRole('listitem').filter({ hasText: 'Changed' }).first();
  await expect(change).toContainText(`by ${me.name}`);
  await expect(change.getByRole('listitem').filter({ hasText: 'Members: –' })).toHaveText(`Members: – → ${me.name}`);
  await expect(history.getByRole('listitem').filter({ hasText: 'Created' })).toContainText(`by ${me.name}`);
  // and the drawer's members picker shows the member picked
  await expect(page.getByRole('button', { name: `Members: ${me.name}` })).toBeVisible();
});
