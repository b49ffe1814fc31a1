// Installable app and its update (docs/decisions.md, "Installable and offline"): the manifest with its PNG icons, the
// app shell precached and served offline, and the "new version" notice after a second build is deployed into the
// served folder: Refresh activates the new service worker and reloads the page once.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { E2E_PORT } from '../../playwright.config';
import { signIn } from './support';

// the service worker serves the app without a network (playwright.config.ts blocks it elsewhere)
test.use({ serviceWorkers: 'allow' });

const SERVED = 'dist/client';
const SECOND = `.tmp/pwa-second-build-${E2E_PORT}`;
const backup = new Map<string, Buffer>();

/** Builds the same sources as a second version and copies it over the served folder (old chunks stay, as on a deploy). */
function deploySecondBuild() {
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', SECOND, '--emptyOutDir', '--logLevel', 'warn'],
    { stdio: 'inherit', env: { ...process.env, APP_BUILD: 'second' } },
  );
  const copy = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(SECOND, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        fs.mkdirSync(path.join(SERVED, rel), { recursive: true });
        copy(rel);
        continue;
      }
      const target = path.join(SERVED, rel);
      if (fs.existsSync(target) && !backup.has(target)) backup.set(target, fs.readFileSync(target));
      fs.copyFileSync(path.join(SECOND, rel), target);
    }
  };
  copy('');
}

/** Opens a route the way a link does (history and popstate), without loading the page again. */
const navigate = (page: Page, to: string) =>
  page.evaluate((path) => {
    history.pushState({}, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);

/** Puts the first build's files back, so that the journeys after the deploy find the app they were built with. */
function restoreFirstBuild() {
  for (const [file, bytes] of backup) fs.writeFileSync(file, bytes);
  backup.clear();
  fs.rmSync(SECOND, { recursive: true, force: true });
}

test.afterAll(restoreFirstBuild);

test('the app installs, opens offline and takes a new version through the Refresh notice', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await page.goto('/login');
  await expect(page.getByLabel('E-mail')).toBeVisible();

  // installable: the manifest names the SVG, 192 and 512 PNGs and a maskable icon
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    display: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
    expect.arrayContaining(['any any', '192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const icon of manifest.icons.filter((i) => i.type === 'image/png')) {
    const res = await page.request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect((await res.body()).subarray(1, 4).toString()).toBe('PNG');
  }

  // the service worker precaches the shell (under 3 MiB) and controls the page after a reload
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  const precached = await page.evaluate(async () => {
    let bytes = 0;
    let entries = 0;
    for (const name of await caches.keys())
      if (name.includes('precache'))
        for (const req of await (await caches.open(name)).keys()) {
          entries++;
          bytes += (await (await (await caches.open(name)).match(req))!.arrayBuffer()).byteLength;
        }
    return { bytes, entries };
  });
  expect(precached.entries).toBeGreaterThan(50);
  expect(precached.bytes).toBeLessThan(3.25 * 1024 * 1024);

  // the shell opens with no network at all
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await context.setOffline(false);

  try {
    // a second build is deployed; the ten-minute check (src/pwa/register-sw.ts) is asked for at once
    deploySecondBuild();
    let loads = 0;
    page.on('load', () => loads++);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    // the new worker precaches the whole shell before it waits: on a busy machine that alone can take a minute, so the
    // journey waits on the registration's own state (a worker waiting; one that fails to install never gets there)
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.waiting)), {
        timeout: 150_000,
      })
      .toBe(true);
    const notice = page.getByText('New Version is available, please refresh.');
    await expect(notice).toBeVisible();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.locator('meta[name="hauswerk-build"]')).toHaveAttribute('content', 'second', { timeout: 15_000 });
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await page.waitForTimeout(5_000); // the fallback reload (4 s) must not fire a second time
    expect(loads).toBe(1);
    await expect(notice).toHaveCount(0);
  } finally {
    restoreFirstBuild(); // the next journey deletes a chunk of the first build
  }
});

test('a screen whose code is gone after a deploy shows the reload message, not a blank page', async ({ page }) => {
  await page.goto('/login');
  await signIn(page);
  await expect(page).toHaveURL('/');
  // the audit log is not precached (docs/decisions.md, "Installable and offline") and not opened yet
  const chunks = fs
    .readdirSync(path.join(SERVED, 'assets'))
    .filter((f) => /^audit-log-view-.*\.js$/.test(f))
    .map((f) => path.join(SERVED, 'assets', f));
  expect(chunks.length).toBeGreaterThan(0);
  const kept = new Map(chunks.map((file) => [file, fs.readFileSync(file)]));
  for (const file of chunks) fs.rmSync(file);
  try {
    await navigate(page, '/settings/audit-log');
    await expect(page.getByText('A new version of the app was installed. Please reload the page.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  } finally {
    for (const [file, bytes] of kept) fs.writeFileSync(file, bytes);
  }
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
});

test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });
  test('a screen whose code does not arrive within 120 s shows the reload message', async ({ page }) => {
    await page.clock.install();
    await page.goto('/login');
    await signIn(page);
    await expect(page).toHaveURL('/');
    let asked = false;
    await page.route('**/assets/audit-log-view-*.js', () => {
      asked = true; // never answered
    });
    await navigate(page, '/settings/audit-log');
    await expect.poll(() => asked).toBe(true);
    // the clock also runs in real time meanwhile (seconds on a loaded machine): 110 s leaves room for that
    await page.clock.fastForward(110_000);
    await expect(page.getByRole('button', { name: 'Reload' })).toHaveCount(0);
    await page.clock.fastForward(11_000);
    await expect(
      page.getByText('The server cannot be reached. Please check your connection and try again.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  });
});
