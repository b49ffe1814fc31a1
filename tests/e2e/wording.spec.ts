// Messages and logs in the user's words, in de-ch (docs/decisions.md, "Field names in messages" and "Audit log
// details"; the glossary in src/locales/README.md): a 422 names the field's label ("Liegenschaft ist
// erforderlich."), the audit log shows a network rule by its labels and translated values, and the menu says
// "Liegenschaften" as the forms do.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet, apiPost, openUserMenu, signInTo } from './support';

async function send(page: Page, method: 'POST' | 'DELETE', path: string, body?: unknown) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  return page.request.fetch(`/api/v1/${path}`, {
    method,
    data: body,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' },
  });
}

test('in de-ch, a 422 names the field by its label and the audit log reads as labels and values', async ({ page }) => {
  await signInTo(page, '/');
  // the language chosen in the user menu, as a user does: the screens switch and the profile keeps it
  await openUserMenu(page);
  await page.getByRole('option', { name: 'Deutsch (Schweiz)', exact: true }).click();
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav).toBeVisible();
  await expect.poll(async () => (await apiGet<{ locale: string }>(page, 'user')).locale).toBe('de-ch');
  try {
    const [group] = await apiGet<{ uuid: string }[]>(page, 'settings-groups');

    // a task without its property and start date: the labels, and the second error said in words
    const refused = await send(page, 'POST', 'tasks', { title: 'Filter wechseln' });
    expect(refused.status()).toBe(422);
    const body = (await refused.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe('Liegenschaft ist erforderlich. (und ein weiterer Fehler)');
    expect(body.errors.property_uuid).toEqual(['Liegenschaft ist erforderlich.']);
    expect(body.errors.start_date).toEqual(['Startdatum ist erforderlich.']);

    // a network rule written, then read in the audit log
    const rule = await apiPost<{ uuid: string }>(page, 'networks', {
      settings_group_uuid: group!.uuid,
      cidr: '10.0.0.0/8',
      action: 'deny',
      description: 'Gastnetz',
    });
    try {
      await page.goto('/settings/audit-log');
      await expect(page.getByRole('heading', { name: 'Änderungsprotokoll', level: 1 })).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: 'Netzwerk hinzugefügt' }).first();
      await expect(row).toContainText('IP-Adresse oder Bereich (CIDR)');
      await expect(row).toContainText('10.0.0.0/8');
      await expect(row).toContainText('Regel');
      await expect(row).toContainText('Sperren');
      await expect(row).not.toContainText('cidr:');
      await expect(row).not.toContainText('deny');

      // one word for a property, in the menu as in the forms
      await page.getByRole('tab', { name: 'Module' }).click();
      await expect(nav).toContainText('Liegenschaften');
      await expect(nav).not.toContainText('Immobilie');
    } finally {
      expect((await send(page, 'DELETE', `networks/${rule.uuid}`)).status()).toBeLessThan(300);
    }
  } finally {
    // back to English for the other journeys
    await openUserMenu(page);
    await page.getByRole('option', { name: 'English (US)', exact: true }).click();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  }
});
