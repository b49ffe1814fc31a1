// Numbers as a Swiss user writes them (docs/domain/spreadsheet.md, "Locale-aware parsing"; docs/domain/api.md,
// "Warnings"): in de-ch the task form takes a workload of "2,5", a cell takes "1.234,50", and the budget warning
// names what is left grouped (33'359.69 CHF). The demo login's language is switched to de-ch for the test and back.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet, apiPost, openUserMenu, signInTo } from './support';

interface Rec {
  uuid: string;
  title: string;
  links: Record<string, string>;
  [field: string]: unknown;
}

async function apiSend(page: Page, method: 'PUT' | 'POST', path: string, body: unknown) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await page.request.fetch(`/api/v1/${path}`, {
    method,
    data: body,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as { data: Rec; meta?: { warnings?: { message: string }[] } };
}

/** Switches the signed-in user's language in the user menu; answers a function that switches it back. */
async function speak(page: Page, language: string) {
  const me = await apiGet<Record<string, unknown>>(page, 'user');
  const profile = ['first_name', 'last_name', 'email', 'organisation', 'gender', 'date_format'];
  const body = Object.fromEntries(profile.map((k) => [k, me[k] ?? (k === 'organisation' ? '' : null)]));
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/profile-information') && r.ok());
  await openUserMenu(page);
  await page.getByRole('option', { name: language }).click();
  await saved;
  return () => apiSend(page, 'PUT', 'user/profile-information', { ...body, locale: me.locale });
}

test.describe.configure({ timeout: 120_000 });

test('de-ch: the task form takes 2,5 hours, and the budget warning groups the amount', async ({ page }) => {
  await signInTo(page, '/');
  const back = await speak(page, 'Deutsch (Schweiz)');
  try {
    const [property] = await apiGet<Rec[]>(page, 'properties?per_page=1');
    const task = await apiPost<Rec>(page, 'tasks', {
      property_uuid: property!.uuid,
      title: `Zahlen ${Date.now().toString(36)}`,
      start_date: '2040-01-05',
      workload: '4',
    });
    await page.goto(`/tasks?record=${task.uuid}`);
    await expect(page.getByRole('heading', { name: task.title, level: 4 })).toBeVisible({ timeout: 30_000 });
    const workload = page.getByLabel('Aufwand (Stunden)');
    await workload.fill('2,5');
    await expect(workload).not.toHaveAttribute('aria-invalid', 'true');
    // a refused 2,5 never leaves the form: fail well within the test's time, so the language is switched back
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/v1/tasks/'), {
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Speichern' }).click();
    expect((await saved).status()).toBe(200);
    expect(Number((await apiGet<Rec>(page, `tasks/${task.uuid}`)).workload)).toBe(2.5);

    // the server's warning in the reader's language, grouped
    const budget = await apiPost<Rec>(page, 'budgets', {
      property_uuid: property!.uuid,
      name: `Budget ${Date.now().toString(36)}`,
      year: 2040,
      amount: '33359.69',
      currency: 'CHF',
      exceeded_action: 'warn',
    });
    const bill = await apiSend(page, 'POST', 'bills', {
      property_uuid: property!.uuid,
      title: `Rechnung ${Date.now().toString(36)}`,
      budget_uuid: budget.uuid,
      amount: '40000.00',
    });
    expect(bill.meta?.warnings?.[0]?.message).toMatch(/33['’]359\.69 CHF/);
  } finally {
    await back();
  }
});
