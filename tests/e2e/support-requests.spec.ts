// Support requests (docs/domain/support-requests.md): a user opens the support form from the user menu on the page
// they are on, which the form fills in, and sends a request; the operator (the demo admin, a superuser, their
// two-factor sign-in turned on here and off again at the end) finds it in the grid with the requester's name,
// answers it in the drawer, and the user reads the answer in their own list.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiPost, DEMO, lastMail, openUserMenu, registerVerified, signIn, totpAt } from './support';

const dataRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('gridcell') });

test('a user asks from the user menu, the operator answers in the drawer, the user reads the answer', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const subject = `Export ${stamp} does not start`;
  const email = `rita.${stamp}@example.com`;
  await registerVerified(page, email, 'Support');

  // the form opens from the shell on the page the user is on, which it fills in
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Support' }).click();
  await expect(page).toHaveURL(/\/support-requests$/);
  await expect(page.getByRole('heading', { name: 'New Support request' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Page/ })).toHaveValue('/profile');
  await page.getByLabel(/^Subject/).fill(subject);
  await page.getByLabel(/^Description/).fill('Clicking <b>Export</b> does nothing.');
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/v1\/support-requests$/.test(r.url()),
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const reply = await created;
  expect(reply.status()).toBe(201);
  const { uuid } = ((await reply.json()) as { data: { uuid: string } }).data;
  await expect(dataRows(page).filter({ hasText: subject })).toContainText('Open');

  // the operator: every request in the grid with who asked, answered in the drawer
  const operator = await browser.newPage();
  await operator.goto(`/login?redirect=${encodeURIComponent('/settings')}`);
  await signIn(operator);
  await operator.waitForURL((url) => url.pathname === '/settings');
  try {
    await turnOnTwoFactor(operator);
    await operator.goto('/support-requests');
    const row = dataRows(operator).filter({ hasText: subject });
    await expect(row).toContainText('Rita Support');
    await operator.goto(`/support-requests?record=${uuid}`);
    await expect(operator.getByRole('heading', { name: subject, level: 4 })).toBeVisible();
    await operator.getByLabel('Your answer').fill('Choose the columns first, then Export.');
    await operator.getByRole('button', { name: 'Send answer' }).click();
    await expect(operator.getByText('The answer has been sent.')).toBeVisible();
    await expect(operator.getByRole('region', { name: 'Answer' })).toContainText('Choose the columns first');

    // the requester's mail links to the request
    const mail = await lastMail(page.request, email);
    expect(mail.subject).toBe(`Your support request has been answered: ${subject}`);
    expect(mail.link).toMatch(/\/support-requests\?record=[0-9a-f-]{36}$/);

    // the user reads the answer in their list and in the request the mail opens
    await page.reload();
    await expect(dataRows(page).filter({ hasText: subject })).toContainText('Answered');
    await page.goto(new URL(mail.link).pathname + new URL(mail.link).search);
    await expect(page.getByRole('heading', { name: subject, level: 4 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Answer' })).toContainText('Choose the columns first, then Export.');
    await expect(page.getByLabel('Your answer')).toHaveCount(0);
  } finally {
    await turnOffTwoFactor(operator);
    await operator.close();
  }
});

/** The demo admin's two-factor sign-in, turned on (a superuser answers only with it). */
async function turnOnTwoFactor(page: Page) {
  await apiPost(page, 'user/confirm-password', { password: DEMO.password });
  await apiPost(page, 'user/two-factor-authentication', {});
  const { secretKey } = (await (await page.request.get('/api/v1/user/two-factor-secret-key')).json()) as {
    secretKey: string;
  };
  await apiPost(page, 'user/confirmed-two-factor-authentication', { code: totpAt(secretKey) });
}

/** The demo admin's two-factor sign-in turned off again (the demo's state put back). */
async function turnOffTwoFactor(page: Page) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await page.request.delete('/api/v1/user/two-factor-authentication', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(res.status()).toBeLessThan(300);
}
