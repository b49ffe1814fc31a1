// Completing a sign-in (docs/domain/browser-app.md, "Signing in and out"): load the user, set the session flag and the language,
// choose the next page.
import type { User } from '../entities/account';
import { fetchUser } from '../api/account.api';
import { isLanguage, setLanguage } from '../i18n';
import { setLoggedIn } from '../state/session';
import { safeRedirect, withRedirect } from './paths';

/** After a successful login, 2FA challenge or registration: load the user and set the flag. */
export async function completeLogin(user?: User): Promise<User> {
  const current = user ?? (await fetchUser());
  // The cache code loads with the first protected page; the login form does not need it.
  const [{ queryClient }, { queryKeys }] = await Promise.all([import('../api/query-client'), import('../api/queries')]);
  queryClient.setQueryData(queryKeys.user, current);
  setLoggedIn(true);
  if (isLanguage(current.locale)) await setLanguage(current.locale);
  return current;
}

/** Where to go after login: the terms first when they are not accepted (docs/domain/browser-app.md, "Signing in and out"). */
export function afterLoginPath(user: User, redirect: string | null): string {
  const target = safeRedirect(redirect) ?? '/';
  if (!user.terms_accepted) return withRedirect('/terms', target === '/' ? null : target);
  return target;
}
