// Shell UI state: the left drawer starts open on the modules tab (spec §9) and remembers itself per session.
import { atomWithStorage } from 'jotai/utils';
import { booleanStorage, plainStorage } from './storage';

export const DRAWER_TABS = ['modules', 'settings'] as const;
export type DrawerTab = (typeof DRAWER_TABS)[number];

export const drawerOpenAtom = atomWithStorage<boolean>(
  'hauswerk.drawerOpen',
  true,
  booleanStorage(() => sessionStorage),
  { getOnInit: true },
);

export const drawerTabAtom = atomWithStorage<DrawerTab>(
  'hauswerk.drawerTab',
  'modules',
  plainStorage(() => sessionStorage, DRAWER_TABS),
  { getOnInit: true },
);
