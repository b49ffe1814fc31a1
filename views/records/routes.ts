// The grid screens for the router (src/app/routes.tsx). Dynamic imports only: AG Grid and the grid layer load
// with these routes, never with the first screen. Paths as in the product spec (settings pages below /settings).
import type { ComponentType } from 'react';
import { loadRecordTranslations } from '../../src/i18n';

export interface GridRoute {
  path: string;
  load: () => Promise<Record<string, unknown>>;
  /** The named export of the loaded module that renders the screen (takes no props). */
  exportName: string;
}

export const GRID_ROUTES: readonly GridRoute[] = [
  { path: '/property', load: () => import('../properties-view'), exportName: 'PropertiesView' },
  { path: '/partitions', load: () => import('../partitions-view'), exportName: 'PartitionsView' },
  { path: '/areas', load: () => import('../areas-view'), exportName: 'AreasView' },
  { path: '/facilities', load: () => import('../facilities-view'), exportName: 'FacilitiesView' },
  { path: '/contacts', load: () => import('../contacts-view'), exportName: 'ContactsView' },
  { path: '/settings/units', load: () => import('../catalogue-view'), exportName: 'UnitsView' },
  { path: '/settings/cost-groups', load: () => import('../catalogue-view'), exportName: 'CostGroupsView' },
  { path: '/settings/renewal/groups', load: () => import('../catalogue-view'), exportName: 'RenewalGroupsView' },
];

/** For `React.lazy`: `lazy(() => loadGridScreen(route))`. */
export async function loadGridScreen(route: GridRoute): Promise<{ default: ComponentType }> {
  const [module] = await Promise.all([route.load(), loadRecordTranslations()]);
  return { default: module[route.exportName] as ComponentType };
}
