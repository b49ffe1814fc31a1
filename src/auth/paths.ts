// Which paths need a login (docs/domain/browser-app.md, "Routes and guards") and which redirect targets are safe.

/** The auth layout's pages that work without a login. */
export const GUEST_PATHS = ['/login', '/login/2fa', '/register', '/forgot-password', '/reset-password', '/logout'];
// /invitations/{token}: the mailed invitation link (docs/domain/permissions.md, "Invitations")
const PUBLIC_PREFIXES = ['/notifier/', '/public/', '/invitations/'];

export function isGuestPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return GUEST_PATHS.includes(path);
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** Everything except the guest and public pages needs a login (/terms and /email-verification too). */
export function needsAuth(pathname: string): boolean {
  return !isGuestPath(pathname) && !isPublicPath(pathname);
}

/** A same-origin path for ?redirect=, or null: must start with '/', not '//' or '/\', and not be a guest page. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if ([...value].some((char) => char.charCodeAt(0) < 32)) return null;
  const pathname = value.split(/[?#]/)[0] ?? '/';
  if (isGuestPath(pathname)) return null;
  return value;
}

/** '/login?redirect=…' for the wanted path and search. */
export function loginPath(wanted?: string | null): string {
  const target = safeRedirect(wanted);
  return target && target !== '/' ? `/login?redirect=${encodeURIComponent(target)}` : '/login';
}

/** Carries ?redirect= from one auth page to the next. */
export function withRedirect(path: string, redirect: string | null): string {
  const target = safeRedirect(redirect);
  return target ? `${path}?redirect=${encodeURIComponent(target)}` : path;
}
