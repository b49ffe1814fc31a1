// The module routes of the authenticated area (docs/rules.md, "Routes and guards") with their i18n key (modules.<key>).
// Data only: icons live in module-icons.tsx, so the routes table does not carry them.

export interface ModuleEntry {
  /** i18n key below modules.* */
  key: string;
  path: string;
}

/** Every module route, in drawer order. */
export const MODULES: readonly ModuleEntry[] = [
  { key: 'home', path: '/' },
  { key: 'property', path: '/property' },
  { key: 'partitions', path: '/partitions' },
  { key: 'areas', path: '/areas' },
  { key: 'facilities', path: '/facilities' },
  { key: 'contracts', path: '/contracts' },
  { key: 'guarantees', path: '/guarantees' },
  { key: 'documents', path: '/documents' },
  { key: 'contacts', path: '/contacts' },
  { key: 'budgets', path: '/budgets' },
  { key: 'bills', path: '/bills' },
  { key: 'measurements', path: '/measurements' },
  { key: 'tickets', path: '/tickets' },
  { key: 'tasks', path: '/tasks' },
  { key: 'orders', path: '/orders' },
  { key: 'calendar', path: '/calendar' },
  { key: 'map', path: '/map' },
  { key: 'supportRequests', path: '/support-requests' },
  { key: 'settingsGroups', path: '/settings-groups' },
];
