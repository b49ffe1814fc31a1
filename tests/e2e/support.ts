// Shared steps of the browser journeys: the demo login, the mail outbox, TOTP codes, the user menu.
import crypto from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { totp } from '../../src/domain/totp';
import { DEMO_PASSWORD } from '../../playwright.config';

export const DEMO = { email: 'admin@demo.hauswerk.ch', password: DEMO_PASSWORD };

export const totpAt = (secret: string, stepOffset = 0) =>
  totp(
    secret,
    Date.now() + stepOffset * 30_000,
    (key, msg) => new Uint8Array(crypto.createHmac('sha1', key).update(msg).digest()),
  );

/** The newest mail to an address in the server's outbox (no SMTP configured in the journeys). */
export async function lastMail(request: APIRequestContext, to: string) {
  for (let i = 0; i < 20; i++) {
    const res = await request.get(`/api/v1/outbox?to=${encodeURIComponent(to)}`);
    const mails = ((await res.json()) as { data: { subject: string; text: string }[] }).data;
    if (mails[0]) return { ...mails[0], link: mails[0].text.match(/https?:\/\/\S+/)![0] };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to}`);
}

export async function signIn(page: Page, email = DEMO.email, password = DEMO.password) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /User menu|Benutzermenü/ }).click();
}

/** Signs in with the demo login on the way to a page (the login page sends back to `path`). */
export async function signInTo(page: Page, path: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page);
  await page.waitForURL((url) => url.pathname === new URL(path, url).pathname);
}

/** Reads through the signed-in session (GET needs no XSRF header); answers the reply's `data`. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`/api/v1/${path}`);
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** Writes through the signed-in session, with the XSRF header the app sends; answers the reply's `data`. */
async function apiWrite<T>(
  page: Page,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
): Promise<T> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await page.request.fetch(`/api/v1/${path}`, {
    method,
    data: body,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  // a route that answers no record (a confirmation, a message) has no `data`
  return ((await res.json()) as { data: T } | null)?.data as T;
}

export const apiPost = <T>(page: Page, path: string, body: unknown) => apiWrite<T>(page, 'POST', path, body);
/** Changes a record through the signed-in session; answers the reply's `data`. */
export const apiPatch = <T>(page: Page, path: string, body: unknown) => apiWrite<T>(page, 'PATCH', path, body);
/** Replaces a resource through the signed-in session (the profile); answers the reply's `data`. */
export const apiPut = <T>(page: Page, path: string, body: unknown) => apiWrite<T>(page, 'PUT', path, body);
/** Ends something of the signed-in user (their two-factor sign-in); answers the reply's `data`. */
export const apiDelete = <T>(page: Page, path: string) => apiWrite<T>(page, 'DELETE', path, undefined);

/**
 * Records every notice (toast) the page shows, however briefly (a success notice leaves after 2.4 s, which a busy
 * machine can let pass between two checks); `notices(page)` answers their texts so far. Call before the page loads.
 */
export async function recordNotices(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { notices: string[] }).notices = seen;
    // a toast shown again under its key is updated in place: every text a toast shows is recorded, once per showing
    const shown = new WeakMap<Element, string>();
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.bp6-toast')) {
        const text = toast.textContent ?? '';
        if (shown.get(toast) !== text) {
          shown.set(toast, text);
          seen.push(text);
        }
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

export const notices = (page: Page) =>
  page.evaluate(() => [...((window as unknown as { notices?: string[] }).notices ?? [])]);

/** A new account (first name Rita), its e-mail verified through the outbox: signed in. */
export async function registerVerified(page: Page, email: string, lastName: string) {
  await page.goto('/register');
  await page.getByLabel('First name').fill('Rita');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a good password');
  await page.getByLabel('Confirm password').fill('a good password');
  await page.getByLabel('I accept the terms of use').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/email-verification/);
  await page.goto((await lastMail(page.request, email)).link);
  await expect(page).toHaveURL(/\/email-verification\?verified=1/);
}
