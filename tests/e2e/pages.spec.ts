// The page manifest (views/pages.ts, docs/domain/browser-app.md "Routes and guards"): every page without a token opens
// in the browser under its title, the older paths lead to their pages, and the menus list the manifest's pages in
// its order.
import fs from 'node:fs';
import type { Page as BrowserPage } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './support';
import { PAGES, navPages, type PageGroup } from '../../views/pages';

/** A key's English text (src/locales/en-us/<namespace>.json). */
function english(key: string): string {
  const [namespace, ...path] = key.split('.');
  let value: unknown = JSON.parse(fs.readFileSync(`src/locales/en-us/${namespace}.json`, 'utf8'));
  for (const part of path) value = (value as Record<string, unknown>)[part];
  if (typeof value !== 'string') throw new Error(`no English text for ${key}`);
  return value;
}

/** Client-side navigation, as a link does (a full load per page would take minutes). */
const navigate = (page: BrowserPage, path: string) =>
  page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await signIn(page);
  await expect(page).toHaveURL('/');
});

const GROUPS: PageGroup[][] = [['modules', 'account'], ['settings'], ['templates']];
for (const groups of GROUPS)
  test(`every ${groups.join(' and ')} page opens under its title`, async ({ page }) => {
    test.setTimeout(240_000);
    for (const entry of PAGES.filter((p) => groups.includes(p.group) && !p.path.includes(':'))) {
      await navigate(page, entry.path);
      await expect(page, entry.path).toHaveTitle(`${english(entry.title)} · Hauswerk`);
      await expect(page.getByRole('heading', { name: english('shell.notFound.title') })).toHaveCount(0);
    }
  });

test('older paths lead to their pages, with the rest of the path', async ({ page }) => {
  await page.goto('/settings/order');
  await expect(page).toHaveURL('/settings/oder');
  await expect(page).toHaveTitle(`${english('modules.settingsPages.order')} · Hauswerk`);
  await page.goto('/properties?record=x');
  await expect(page).toHaveURL('/property?record=x');
});

test('the drawer and the settings menu list the manifest pages in its order', async ({ page }) => {
  const drawer = page.getByRole('navigation', { name: 'Main navigation' });
  // the demo's admin may view every module
  await expect(drawer.getByRole('link')).toHaveText(navPages('modules').map((p) => english(p.title)));
  await navigate(page, '/settings');
  const menu = page.getByRole('navigation', { name: 'Settings navigation' });
  await expect(menu.getByRole('link')).toHaveText(
    [...navPages('settings'), ...navPages('templates')].map((p) => english(p.title)),
  );
  await expect(menu.getByRole('link', { name: english('modules.settingsPages.order') })).toHaveAttribute(
    'href',
    '/settings/oder',
  );
});
