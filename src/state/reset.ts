// One place that forgets everything about the signed-in user (logout and the 401 handler; docs/domain/browser-app.md,
// "Signing in and out").
import { RESET } from 'jotai/utils';
import { queryClient } from '../api/query-client';
import {
  contactSelectionAtom,
  filtersAtom,
  limiterAtom,
  searchesAtom,
  selectedPartitionsAtom,
  selectedPropertiesAtom,
  selectedSettingsGroupAtom,
  selectedUserGroupAtom,
} from './context';
import { loggedInAtom } from './session';
import { store } from './store';

/** Caches kept outside react-query and jotai (grids/ref-titles.tsx) register how they are forgotten. */
const forgetters = new Set<() => void>();
export function onSessionReset(forget: () => void): void {
  forgetters.add(forget);
}

export function resetSessionState(): void {
  store.set(loggedInAtom, RESET);
  store.set(selectedSettingsGroupAtom, RESET);
  store.set(selectedPropertiesAtom, RESET);
  store.set(selectedPartitionsAtom, RESET);
  store.set(selectedUserGroupAtom, RESET);
  store.set(filtersAtom, RESET);
  store.set(searchesAtom, RESET);
  store.set(limiterAtom, {});
  store.set(contactSelectionAtom, { uuid: null, column: null });
  // Only the cache: the QueryClient itself stays mounted.
  queryClient.clear();
  // and its copy for offline reading (src/offline/session-cache.ts), also when that code never loaded on this page
  try {
    sessionStorage.removeItem('hauswerk.sessionCache');
  } catch {
    // storage blocked: nothing was stored
  }
  for (const forget of forgetters) forget();
}
