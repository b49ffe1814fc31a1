// Session flags (docs/domain/browser-app.md, "Signing in and out"): "logged in" lives in session storage and is confirmed
// by GET /user. A tab without the flag (a second tab, a link opened from a mail) has not been told yet: the guard
// asks the server once (docs/domain/browser-app.md, "Routes and guards").
import { atom } from 'jotai';
import { atomWithStorage, type RESET } from 'jotai/utils';
import { flagStorage } from './storage';
import { store } from './store';

export const LOGGED_IN_KEY = 'hauswerk.loggedIn';

const storedLoggedInAtom = atomWithStorage<boolean>(
  LOGGED_IN_KEY,
  false,
  flagStorage(() => sessionStorage),
  { getOnInit: true },
);

/** False until this page has been told whether the session is valid: a sign-in, a sign-out, a 401, or GET /user. */
export const sessionKnownAtom = atom(false);

export const loggedInAtom = atom(
  (get) => get(storedLoggedInAtom),
  (_get, set, value: boolean | typeof RESET) => {
    set(storedLoggedInAtom, value);
    set(sessionKnownAtom, true);
  },
);

/** True while a logout runs: protected routes go to /login without ?redirect= (docs/domain/browser-app.md, "Routes and guards"). */
export const loggingOutAtom = atom(false);

export function isLoggedIn(): boolean {
  return store.get(loggedInAtom);
}

export function setLoggedIn(value: boolean): void {
  store.set(loggedInAtom, value);
}
