// What a 401 means for the app (docs/domain/browser-app.md, "Signing in and out"): sign out locally without calling the server, then
// go to /login?redirect=<current path> unless the page is public or an auth page, or a logout is running.
import { useEffect } from 'react';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { setUnauthorizedHandler } from '../api/http';
import { loginPath, needsAuth } from '../auth/paths';
import { loggingOutAtom, setLoggedIn } from '../state/session';
import { store } from '../state/store';

/** The router's navigate, kept by <SessionHandlers /> (the declarative router has no object to call). */
let navigate: NavigateFunction | null = null;

export function installSessionHandlers(): void {
  setUnauthorizedHandler(() => {
    if (store.get(loggingOutAtom)) return;
    // The flag first (protected pages react at once), then the rest of the session state and the cache.
    setLoggedIn(false);
    void import('../state/reset').then(({ resetSessionState }) => resetSessionState());
    // BrowserRouter's location is the window's.
    const { pathname, search } = window.location;
    if (!needsAuth(pathname)) return;
    const to = loginPath(pathname + search);
    if (navigate) void navigate(to, { replace: true });
    else window.location.replace(to);
  });
}

/**
 * Rendered inside the router: hands its navigate to the 401 handler, and ends a logout once a page without
 * login is shown, so the protected page it left cannot add ?redirect= while it unmounts (docs/domain/browser-app.md,
 * "Routes and guards").
 */
export function SessionHandlers(): null {
  const routerNavigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    navigate = routerNavigate;
  }, [routerNavigate]);
  useEffect(() => {
    if (!needsAuth(pathname) && store.get(loggingOutAtom)) store.set(loggingOutAtom, false);
  }, [pathname]);
  return null;
}
