// The children of /settings and /settings/templates (docs/domain/browser-app.md, "Routes and guards"): i18n key and path below
// /settings. Data only; the icons live in settings-icons.tsx so they load with the settings screens, not the first
// screen.

export interface SettingsPage {
  /** i18n key below modules.settingsPages.* or modules.templates.* */
  key: string;
  /** path below /settings */
  path: string;
}

export const SETTINGS_PAGES: readonly SettingsPage[] = [
  { key: 'property', path: 'property' },
  { key: 'partition', path: 'partition' },
  { key: 'area', path: 'area' },
  { key: 'facility', path: 'facility' },
  { key: 'contract', path: 'contract' },
  { key: 'guarantee', path: 'guarantee' },
  { key: 'document', path: 'document' },
  { key: 'contact', path: 'contact' },
  { key: 'budget', path: 'Budget' },
  { key: 'bill', path: 'bill' },
  { key: 'measurement', path: 'measurement' },
  { key: 'ticket', path: 'ticket' },
  { key: 'task', path: 'task' },
  { key: 'order', path: 'oder' },
  { key: 'articles', path: 'articles' },
  { key: 'materials', path: 'materials' },
  { key: 'costGroups', path: 'cost-groups' },
  { key: 'discounts', path: 'discounts' },
  { key: 'taxes', path: 'taxes' },
  { key: 'serviceRates', path: 'service-rates' },
  { key: 'units', path: 'units' },
  { key: 'renewalGroups', path: 'renewal/groups' },
  { key: 'renewalPropertyGroups', path: 'renewal/property-groups' },
  { key: 'filterGroups', path: 'filter-groups' },
  { key: 'forms', path: 'forms' },
  { key: 'notifier', path: 'notifier' },
  { key: 'pages', path: 'pages' },
  { key: 'pageThemes', path: 'page-themes' },
  { key: 'pageFonts', path: 'page-fonts' },
  { key: 'users', path: 'users' },
  { key: 'userGroups', path: 'user-groups' },
  { key: 'permissions', path: 'permissions' },
  { key: 'invitations', path: 'invitations' },
  { key: 'networks', path: 'networks' },
  { key: 'auditLog', path: 'audit-log' },
  { key: 'licenses', path: 'licenses' },
  { key: 'connectors', path: 'connectors' },
  { key: 'imports', path: 'imports' },
  { key: 'exports', path: 'exports' },
  { key: 'extensions', path: 'extensions' },
  { key: 'faq', path: 'faq' },
];

export const TEMPLATE_KEYS = [
  'attributes',
  'property',
  'partition',
  'areas',
  'facilities',
  'documents',
  'contacts',
  'contracts',
  'guarantees',
  'measurements',
  'tickets',
  'tasks',
  'budgets',
  'bills',
  'emails',
] as const;

export const TEMPLATE_PAGES: readonly SettingsPage[] = TEMPLATE_KEYS.map((key) => ({ key, path: `templates/${key}` }));
