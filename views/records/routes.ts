// The grid screens for the router (src/app/routes.tsx). Dynamic imports only: AG Grid and the grid layer load
// with these routes, never with the first screen. Paths as in the product spec (settings pages below /settings).
import { createElement, type ComponentType } from 'react';
import { loadRecordTranslations } from '../../src/i18n';
import type { DrawerExtension } from './drawer-extension';

export interface GridRoute {
  path: string;
  load: () => Promise<Record<string, unknown>>;
  /** The named export of the loaded module that renders the screen (takes no props). */
  exportName: string;
}

/** The planning screens load through one small module (planning-routes.ts) that knows their chunks. */
const planning = (name: 'loadTasksView' | 'loadTicketsView' | 'loadOrdersView' | 'loadCalendarView') => () =>
  import('../planning-routes').then((m) => m[name]() as Promise<Record<string, unknown>>);

export const GRID_ROUTES: readonly GridRoute[] = [
  { path: '/property', load: () => import('../properties-view'), exportName: 'PropertiesView' },
  { path: '/partitions', load: () => import('../partitions-view'), exportName: 'PartitionsView' },
  { path: '/areas', load: () => import('../areas-view'), exportName: 'AreasView' },
  { path: '/facilities', load: () => import('../facilities-view'), exportName: 'FacilitiesView' },
  { path: '/contracts', load: () => import('../contracts-view'), exportName: 'ContractsView' },
  { path: '/contacts', load: () => import('../contacts-view'), exportName: 'ContactsView' },
  { path: '/documents', load: () => import('../documents-view'), exportName: 'DocumentsView' },
  { path: '/tasks', load: planning('loadTasksView'), exportName: 'TasksView' },
  { path: '/tickets', load: planning('loadTicketsView'), exportName: 'TicketsView' },
  { path: '/orders', load: planning('loadOrdersView'), exportName: 'OrdersView' },
  { path: '/calendar', load: planning('loadCalendarView'), exportName: 'CalendarView' },
  { path: '/settings/units', load: () => import('../catalogue-view'), exportName: 'UnitsView' },
  { path: '/settings/cost-groups', load: () => import('../catalogue-view'), exportName: 'CostGroupsView' },
  { path: '/settings/renewal/groups', load: () => import('../catalogue-view'), exportName: 'RenewalGroupsView' },
];

const loadedScreens = new Map<GridRoute, ComponentType>();

/**
 * For `lazyScreen`: the screen's code with the record translations. The shell calls it when idle, so a later
 * click renders the screen at once (`loadedGridScreen`).
 */
export async function loadGridScreen(route: GridRoute): Promise<{ default: ComponentType }> {
  const [module] = await Promise.all([route.load(), loadRecordTranslations()]);
  const screen = module[route.exportName] as ComponentType;
  loadedScreens.set(route, screen);
  return { default: screen };
}

/** The screen when its code and translations have loaded already. */
export const loadedGridScreen = (route: GridRoute): ComponentType | null => loadedScreens.get(route) ?? null;

export interface RecordPageRoute {
  path: string;
  model: string;
  /** The model's drawer additions (its own editor and panels) load with its page. */
  extension?: () => Promise<DrawerExtension>;
}

const planningExtension = (model: string) => () =>
  import('../planning-routes').then((m) => m.loadPlanningExtensions()).then((m) => m.PLANNING_EXTENSIONS[model]!);

/** Each module's record page (`/<module>/:uuid`), next to its grid. */
export const RECORD_PAGE_ROUTES: readonly RecordPageRoute[] = [
  { path: '/property', model: 'property' },
  { path: '/partitions', model: 'partition' },
  { path: '/areas', model: 'area' },
  { path: '/facilities', model: 'facility' },
  { path: '/contacts', model: 'contact' },
  {
    path: '/documents',
    model: 'document',
    extension: () => import('../documents/document-panels').then((m) => m.documentExtension),
  },
  { path: '/tasks', model: 'task', extension: planningExtension('task') },
  { path: '/tickets', model: 'ticket', extension: planningExtension('ticket') },
  { path: '/orders', model: 'order', extension: planningExtension('order') },
];

/** For `React.lazy`: the record page of one model. */
export async function loadRecordPage(route: RecordPageRoute): Promise<{ default: ComponentType }> {
  const [{ RecordPage }, { entityByName }, extension] = await Promise.all([
    import('./record-page'),
    import('../../src/entities/registry'),
    route.extension?.(),
    loadRecordTranslations(),
  ]);
  const entity = entityByName(route.model)!;
  return { default: () => createElement(RecordPage, { entity, listPath: route.path, extension }) };
}
