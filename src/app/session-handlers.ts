// What a 401 means for the app (spec §8): sign out locally without calling the server, then go to
// /login?redirect=<current path> unless the page is public or an auth page, or a logout is running.
import { setUnauthorizedHandler } from '../api/http';
import { loginPath, needsAuth } from '../auth/paths';
import { loggingOutAtom, setLoggedIn } from '../state/session';
import { store } from '../state/store';
import type { router as appRouter } from './routes';

export function installSessionHandlers(router: typeof appRouter): void {
  setUnauthorizedHandler(() => {
    if (store.get(loggingOutAtom)) return;
    // The flag first (protected pages react at once), then the rest of the session state and the cache.
    setLoggedIn(false);
    void import('../state/reset').then(({ resetSessionState }) => resetSessionState());
    const { pathname, search } = router.state.location;
    if (needsAuth(pathname)) void router.navigate(loginPath(pathname + search), { replace: true });
  });
}
