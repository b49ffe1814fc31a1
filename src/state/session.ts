// Session flags (docs/domain/browser-app.md, "Signing in and out"): "logged in" lives in session storage and is confirmed
// by GET /user.
import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { flagStorage } from './storage';
import { store } from './store';

export const LOGGED_IN_KEY = 'hauswerk.loggedIn';

export const loggedInAtom = atomWithStorage<boolean>(
  LOGGED_IN_KEY,
  false,
  flagStorage(() => sessionStorage),
  { getOnInit: true },
);

/** True while a logout runs: protected routes go to /login without ?redirect= (docs/domain/browser-app.md, "Routes and guards"). */
export const loggingOutAtom = atom(false);

export function isLoggedIn(): boolean {
  return store.get(loggedInAtom);
}

export function setLoggedIn(value: boolean): void {
  store.set(loggedInAtom, value);
}
