// The one table of screens (docs/domain/browser-app.md, "Routes and guards"): each record screen's path, the model it lists, how
// its grid definition loads and what it adds to the record drawer. Derived from it: the grid routes and the record
// pages (records/routes.ts, src/app/routes.tsx), the links between records (records/model-paths.ts) and the grid
// entries of the module list (MODULES below). Part of the first screen: type imports and dynamic imports only.
import type { ComponentType } from 'react';
import type { EntityName } from '../src/entities/registry';
import type { GridDefinition } from '../grids/define-grid';
import type { CalendarKind } from './calendar/calendar-api';
import type { DrawerExtension } from './records/drawer-extension';

interface ScreenBase {
  /** The title's i18n key below modules.* (modules.settingsPages.* for a path below /settings/), and its icon's. */
  key: string;
  path: string;
}

/** A model's records in the generic grid screen (records/module-grid-view.tsx) with the record drawer. */
export interface GridScreen extends ScreenBase {
  model: EntityName;
  grid: () => Promise<GridDefinition>;
  /** The drawer's own editor and panels (records/drawer-extension.ts), on the record page too. */
  extension?: () => Promise<DrawerExtension>;
  /** The grid switches to the deadline calendar of these entries (the planning screens). */
  calendar?: CalendarKind;
  /** `false`: no record page `<path>/:uuid`. */
  recordPage?: false;
}

/** A screen of its own rather than a model's grid. */
export interface ViewScreen extends ScreenBase {
  view: () => Promise<ComponentType>;
}

export type Screen = GridScreen | ViewScreen;

/** The planning screens' code loads through one small module (planning-routes.ts) that knows their chunks. */
const planning = () => import('./planning-routes');
const planningExtension = (model: 'task' | 'ticket' | 'order') => () =>
  planning()
    .then((m) => m.loadPlanningExtensions())
    .then((m) => m.PLANNING_EXTENSIONS[model]!);

const TABLE = [
  {
    key: 'property',
    path: '/property',
    model: 'property',
    grid: () => import('../grids/properties.grid').then((m) => m.propertiesGrid),
    // the user groups of a property (restricted access), for admins
    extension: () => import('./permissions/property-user-groups').then((m) => m.propertyExtension),
  },
  {
    key: 'partitions',
    path: '/partitions',
    model: 'partition',
    grid: () => import('../grids/partitions.grid').then((m) => m.partitionsGrid),
  },
  { key: 'areas', path: '/areas', model: 'area', grid: () => import('../grids/areas.grid').then((m) => m.areasGrid) },
  {
    key: 'facilities',
    path: '/facilities',
    model: 'facility',
    grid: () => import('../grids/facilities.grid').then((m) => m.facilitiesGrid),
  },
  {
    key: 'contracts',
    path: '/contracts',
    model: 'contract',
    grid: () => import('../grids/contracts.grid').then((m) => m.contractsGrid),
    extension: () => import('./contracts/contract-panels').then((m) => m.contractExtension),
  },
  {
    key: 'guarantees',
    path: '/guarantees',
    model: 'guarantee',
    grid: () => import('../grids/guarantees.grid').then((m) => m.guaranteesGrid),
    extension: () => import('./records/action-buttons').then((m) => m.actionButtons('guarantee', ['claim'])),
  },
  {
    key: 'budgets',
    path: '/budgets',
    model: 'budget',
    grid: () => import('../grids/budgets.grid').then((m) => m.budgetsGrid),
  },
  {
    key: 'bills',
    path: '/bills',
    model: 'bill',
    grid: () => import('../grids/bills.grid').then((m) => m.billsGrid),
    extension: () => import('./finance/bill-panels').then((m) => m.billExtension),
  },
  {
    key: 'expenses',
    path: '/expenses',
    model: 'expense',
    grid: () => import('../grids/expenses.grid').then((m) => m.expensesGrid),
  },
  {
    key: 'counters',
    path: '/counters',
    model: 'counter',
    grid: () => import('../grids/counters.grid').then((m) => m.countersGrid),
    extension: () => import('./measurements/readings-panel').then((m) => m.counterExtension),
  },
  {
    key: 'measurements',
    path: '/measurements',
    model: 'measurement',
    grid: () => import('../grids/measurements.grid').then((m) => m.measurementsGrid),
  },
  {
    key: 'documents',
    path: '/documents',
    model: 'document',
    grid: () => import('../grids/documents.grid').then((m) => m.documentsGrid),
    extension: () => import('./documents/document-panels').then((m) => m.documentExtension),
  },
  {
    key: 'contacts',
    path: '/contacts',
    model: 'contact',
    grid: () => import('../grids/contacts.grid').then((m) => m.contactsGrid),
  },
  {
    key: 'tickets',
    path: '/tickets',
    model: 'ticket',
    grid: () => import('../grids/tickets.grid').then((m) => m.ticketsGrid),
    extension: planningExtension('ticket'),
    calendar: 'ticket',
  },
  {
    key: 'tasks',
    path: '/tasks',
    model: 'task',
    grid: () => import('../grids/tasks.grid').then((m) => m.tasksGrid),
    extension: planningExtension('task'),
    calendar: 'task_event',
  },
  {
    key: 'taskEvents',
    path: '/task-events',
    model: 'task_event',
    grid: () => import('../grids/task-events.grid').then((m) => m.taskEventsGrid),
    // done and skip as the event's links allow (docs/decisions.md, "The task events grid")
    extension: () => import('./records/action-buttons').then((m) => m.actionButtons('task_event', ['done', 'skip'])),
  },
  {
    key: 'orders',
    path: '/orders',
    model: 'order',
    grid: () => import('../grids/orders.grid').then((m) => m.ordersGrid),
    extension: planningExtension('order'),
    calendar: 'order',
  },
  { key: 'charts', path: '/charts', view: () => import('./charts/charts-view').then((m) => m.ChartsView) },
  {
    key: 'calendar',
    path: '/calendar',
    view: () =>
      planning()
        .then((m) => m.loadCalendarView())
        .then((m) => m.CalendarView),
  },
  // settings pages (docs/domain/browser-app.md, "Routes and guards"): the same grid and drawer as the modules
  {
    key: 'units',
    path: '/settings/units',
    model: 'unit',
    grid: () => import('../grids/catalogues.grid').then((m) => m.unitsGrid),
    recordPage: false,
  },
  {
    key: 'costGroups',
    path: '/settings/cost-groups',
    model: 'cost_group',
    grid: () => import('../grids/catalogues.grid').then((m) => m.costGroupsGrid),
    recordPage: false,
  },
  {
    key: 'renewalGroups',
    path: '/settings/renewal/groups',
    model: 'renewal_group',
    grid: () => import('../grids/catalogues.grid').then((m) => m.renewalGroupsGrid),
    recordPage: false,
  },
] as const satisfies readonly Screen[];

export const SCREENS: readonly Screen[] = TABLE;

export const isGridScreen = (screen: Screen): screen is GridScreen => 'model' in screen;
/** Below /settings/: a settings page (its title and icon are the settings page's). */
export const isSettingsScreen = (screen: Screen) => screen.path.startsWith('/settings/');

/** The screens with a record page (`<path>/:uuid`). */
export const RECORD_PAGE_SCREENS: readonly GridScreen[] = SCREENS.filter(isGridScreen).filter(
  (screen) => screen.recordPage !== false,
);

export interface ModuleEntry {
  /** i18n key below modules.* */
  key: string;
  path: string;
}

type ScreenKey = (typeof TABLE)[number]['key'];
/** The module list's entries of these screens, in this order. */
const screens = (...keys: ScreenKey[]): ModuleEntry[] =>
  keys.map((key) => {
    const { path } = SCREENS.find((screen) => screen.key === key)!;
    return { key, path };
  });

/** Every module route, in drawer order (the drawer and the home cards); the screens' entries come from the table. */
export const MODULES: readonly ModuleEntry[] = [
  { key: 'home', path: '/' },
  ...screens('property', 'partitions', 'areas', 'facilities', 'contracts', 'guarantees', 'documents', 'contacts'),
  ...screens('budgets', 'bills', 'expenses'),
  ...screens('counters', 'measurements'),
  ...screens('tickets', 'tasks', 'taskEvents', 'orders', 'calendar', 'charts'),
  { key: 'map', path: '/map' },
  { key: 'supportRequests', path: '/support-requests' },
  { key: 'settingsGroups', path: '/settings-groups' },
];
