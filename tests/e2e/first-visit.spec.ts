// A new user's first visits: a second tab of a signed-in browser is signed in (the guard asks the server when the
// tab has no flag; docs/domain/browser-app.md, "Routes and guards"); pages opened directly show no missing texts.
import { expect, test } from './fixtures';
import { apiGet, DEMO, signIn, signInTo } from './support';

for (const remember of [false, true]) {
  test(`a second tab opens a protected page signed in (remember me ${remember ? 'on' : 'off'})`, async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    if (remember) await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/');

    const second = await context.newPage();
    await second.goto('/tickets');
    await expect(second.getByRole('heading', { name: 'Tickets' })).toBeVisible();
    await expect(second).toHaveURL('/tickets');
  });
}

test('a guarantee reminder link opens its page in a new tab of a signed-in browser, in another browser after signing in', async ({
  page,
  context,
  browser,
}) => {
  await page.goto('/login');
  await signIn(page);
  await expect(page).toHaveURL('/');
  // the reminder mail links the record page (server/models/guarantee.ts)
  const [guarantee] = await apiGet<{ uuid: string; title: string }[]>(page, 'guarantees?per_page=1');
  const link = `/guarantees/${guarantee!.uuid}`;
  const mailTab = await context.newPage();
  await mailTab.goto(link);
  await expect(mailTab.getByRole('heading', { name: guarantee!.title })).toBeVisible();
  await expect(mailTab).toHaveURL(link);

  // a browser without the session: the login first, then the link
  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto(link);
  await expect(visitor).toHaveURL(`/login?redirect=${encodeURIComponent(link)}`);
  await signIn(visitor);
  await expect(visitor.getByRole('heading', { name: guarantee!.title })).toBeVisible();
  await expect(visitor).toHaveURL(link);
  await other.close();
});

test('landing directly on /settings/invitations asks for no missing text while the record texts load', async ({
  page,
}) => {
  await page.goto('/login');
  await signIn(page);
  await expect(page).toHaveURL('/');
  const missing: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && m.text().startsWith('[i18n] missing key')) missing.push(m.text());
  });
  // The record texts arrive last: held until the grid layer has loaded (no script pending but them) and the
  // browser has been idle twice, when the shell warms a throwaway grid (grids/preload.ts).
  const pending = new Set<string>();
  const seen: string[] = [];
  const track = (add: boolean) => (request: { url: () => string; resourceType: () => string }) => {
    if (request.resourceType() !== 'script') return;
    if (!add) return void pending.delete(request.url());
    seen.push(request.url());
    pending.add(request.url());
  };
  page.on('request', track(true));
  page.on('requestfinished', track(false));
  page.on('requestfailed', track(false));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = '';
  await page.route(/\/assets\/resources-records-[^/]*\.js$/, async (route) => {
    held = route.request().url();
    await released;
    await route.continue();
  });
  await page.goto('/settings/invitations');
  await expect
    .poll(
      () =>
        Boolean(held) &&
        seen.some((url) => /\/data-grid-[^/]*\.js$/.test(url)) &&
        [...pending].every((url) => url === held),
    )
    .toBe(true);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))),
  );
  release();
  await expect(page.getByRole('heading', { name: 'Invitations' }).first()).toBeVisible();
  expect(missing).toEqual([]);
});

test('/properties, the API word, leads to the properties module and its record pages', async ({ page }) => {
  await page.goto('/login');
  await signIn(page);
  await expect(page).toHaveURL('/');
  await page.goto('/properties?view=table');
  await expect(page).toHaveURL('/property?view=table');
  await expect(page.getByRole('heading', { name: 'Properties' }).first()).toBeVisible();
  const [property] = await apiGet<{ uuid: string; name: string }[]>(page, 'properties?per_page=1');
  await page.goto(`/properties/${property!.uuid}`);
  await expect(page).toHaveURL(`/property/${property!.uuid}`);
  await expect(page.getByRole('heading', { name: property!.name, level: 1 })).toBeVisible();
});

test("a grid's column filter and quick search survive a reload, and stay with their table", async ({ page }) => {
  await page.setViewportSize({ width: 2600, height: 900 }); // the Status column in view
  await signInTo(page, '/facilities');
  const listRequest = (check: (url: string) => boolean) =>
    page.waitForRequest((r) => r.url().includes('/api/v1/facilities?') && check(decodeURIComponent(r.url())));
  const rows = page.getByRole('row').filter({ has: page.getByRole('gridcell') });
  await expect(rows.first()).toBeVisible();

  const status = page.getByRole('columnheader', { name: 'Status', exact: true });
  await status.focus();
  await page.keyboard.press('ControlOrMeta+Enter');
  const values = page.getByRole('group', { name: 'Values' });
  const onlyActive = listRequest((url) => url.includes('filter[status][]=active'));
  await values.getByRole('checkbox', { name: 'Active', exact: true }).check();
  await onlyActive;
  await page.keyboard.press('Escape');
  const searched = listRequest((url) => url.includes('filter[status][]=active') && url.includes('search=Lift'));
  await page.getByRole('searchbox', { name: 'Search' }).fill('Lift');
  await searched;

  const again = listRequest((url) => url.includes('filter[status][]=active') && url.includes('search=Lift'));
  await page.reload();
  await again;
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('Lift');

  // another table starts unfiltered
  const contracts = page.waitForRequest((r) => r.url().includes('/api/v1/contracts?'));
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Contracts' }).click();
  expect(decodeURIComponent((await contracts).url())).not.toContain('search=');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
});
