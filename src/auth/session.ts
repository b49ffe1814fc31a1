// Signing out (docs/domain/browser-app.md, "Signing in and out"): POST /logout, its message, then forget the session state and the
// cache.
import { logout } from '../api/account.api';
import { notify } from '../components/notices';
import { i18n } from '../i18n';
import { resetSessionState } from '../state/reset';
import { loggingOutAtom } from '../state/session';
import { store } from '../state/store';
import { needsAuth } from './paths';

type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

/** POST /logout, show its message, then forget everything; go to /login when the page needs a login. */
export async function logoutAndReset(navigate: Navigate, currentPath: string): Promise<void> {
  // changes made offline and not sent yet: warned first (docs/decisions.md, "Installable and offline")
  const { confirmLogout } = await import('../offline/logout-check');
  if (!(await confirmLogout())) return;
  store.set(loggingOutAtom, true);
  try {
    const reply = await logout();
    notify.success(reply?.message ?? i18n.t('auth.logout.done'));
  } catch {
    // A failed server logout (e.g. the session had already expired) still signs out locally.
  }
  resetSessionState();
  if (!needsAuth(currentPath)) {
    store.set(loggingOutAtom, false);
    return;
  }
  try {
    await navigate('/login', { replace: true });
  } catch (error) {
    store.set(loggingOutAtom, false);
    throw error;
  }
  // Otherwise the flag stays until /login is on screen (SessionHandlers in src/app/session-handlers.ts): the
  // router renders the new location in a transition, after the protected page has seen the signed-out state.
}
