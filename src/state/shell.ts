// Shell UI state: the left drawer starts open on the modules tab (docs/domain/browser-app.md, "Languages, formats and display") and
// remembers itself per session.
import { atomWithStorage } from 'jotai/utils';
import { booleanStorage, plainStorage } from './storage';

export const DRAWER_TABS = ['modules', 'settings'] as const;
export type DrawerTab = (typeof DRAWER_TABS)[number];

/** Below this width the drawer covers the page, so there it starts closed (a phone opens it with the menu button). */
const NARROW = '(max-width: 699px)';
const startsOpen = typeof window === 'undefined' || !window.matchMedia?.(NARROW).matches;

export const drawerOpenAtom = atomWithStorage<boolean>(
  'hauswerk.drawerOpen',
  startsOpen,
  booleanStorage(() => sessionStorage),
  { getOnInit: true },
);

export const drawerTabAtom = atomWithStorage<DrawerTab>(
  'hauswerk.drawerTab',
  'modules',
  plainStorage(() => sessionStorage, DRAWER_TABS),
  { getOnInit: true },
);
