// The page manifest (docs/domain/browser-app.md, "Routes and guards"): every screen of the app, declared once: a
// module, a settings or template page, a page of the signed-in user, a public token page. Derived from it: the
// routes (src/app/routes.tsx), the drawer's module list and the home cards, the settings menu, the record pages and
// the links between records (records/model-paths.ts), the icons and the idle warm-up. Data only, part of the first
// screen: no code is imported here; the router owns the loaders (src/app/page-loaders.ts). Sign-in pages, with their
// own guards, are the routes table's.

import type { EntityName } from '../src/entities/registry';
import type { AttributeModel } from '../src/domain/attributes';
import type { CalendarKind } from '../src/domain/calendar-kinds';

/**
 * Where a page sits: the drawer's modules (and the home cards), the settings menu's two sections, the signed-in
 * user's own pages (no menu) and the public token pages (public layout, no login).
 */
export type PageGroup = 'modules' | 'settings' | 'templates' | 'account' | 'public';

interface PageBase {
  /** The route; `:name` segments are parameters. Unique; the page's identity (the router's loaders use it). */
  path: string;
  group: PageGroup;
  /** Key of the page in its group's texts: modules.<key>, modules.settingsPages.<key>, modules.templates.<key>. */
  key: string;
  /** i18n key of the title (menu entry, page header, document title). */
  title: string;
  /**
   * A Blueprint icon name. Module icons load with the first screen (src/components/module-icons.tsx), the others
   * with the settings menu (src/components/settings-icons.tsx).
   */
  icon: string;
  /** `false`: not listed in its group's menu (reached by a link). The menus keep the manifest's order. */
  nav?: false;
  /** Older paths that lead here, with the rest of the path and the query. */
  aliases?: readonly string[];
  /** `true`: listed in its menu for superusers only (a superusers' table no one else reads). */
  superusers?: true;
}

/** A model's records in the generic grid screen with the record drawer (views/records/grid-screen.tsx). */
export interface GridPage extends PageBase {
  kind: 'grid';
  model: EntityName;
  /** The file of its grid definition, grids/<grid>.grid.ts (the export whose model this is). */
  grid: string;
  /** The grid switches to the deadline calendar of these entries (the planning screens). */
  calendar?: CalendarKind;
  /** `false`: no record page `<path>/:uuid`. */
  recordPage?: false;
  /** The page holds the model's records with these values only: its list and exports are filtered by them and a new
   * record takes them (one model's attributes on /settings/templates/<model>). */
  where?: Readonly<Record<string, string>>;
  /** More grids on the page, each behind a tab beside the page's own (`ownTab` names that one): a model's
   * attributes and its record templates on /settings/templates/<model>. */
  tabs?: readonly GridTab[];
  /** The text key of the page's own tab, when it has `tabs`. */
  ownTab?: string;
  /** Opened with `?new=1&from=<path>` (the shell's Support entry), the page's New form starts with this field set
   * to that path: where the user came from. */
  fromField?: string;
}

/** A grid on a page with tabs (`GridPage.tabs`): its key in the URL (`?tab=`), its text key, model, grid file and
 * fixed values as a grid page's. */
export interface GridTab {
  key: string;
  title: string;
  model: EntityName;
  grid: string;
  where?: Readonly<Record<string, string>>;
}

/** A screen of its own: its loader is the router's (src/app/page-loaders.ts, VIEWS). */
export interface ViewPage extends PageBase {
  kind: 'view';
  /** Loaded while the shell is idle, so the first click renders it at once (not the map: Leaflet waits). */
  warm?: true;
}

/** Not built yet: the placeholder (views/module-placeholder.tsx) with the page's title and icon. */
export interface PlaceholderPage extends PageBase {
  kind: 'placeholder';
}

/** A model's own settings (docs/domain/fields.md, "Model settings"): one generic form drawn from the `settings`
 * block of its definition (views/model-settings). */
export interface ModelSettingsPage extends PageBase {
  kind: 'modelSettings';
  model: EntityName;
}

export type Page = GridPage | ViewPage | PlaceholderPage | ModelSettingsPage;

type Extra<P extends Page> = Omit<P, keyof PageBase | 'kind'> &
  Partial<Pick<PageBase, 'nav' | 'aliases' | 'superusers'>>;

// One constructor per group and kind: the title keys follow the group's texts.
const modulePage = (key: string, path: string, icon: string) => ({
  key,
  path,
  icon,
  group: 'modules' as const,
  title: `modules.${key}`,
});
const settings = (key: string, path: string, icon: string) => ({
  key,
  path: `/settings/${path}`,
  icon,
  group: 'settings' as const,
  title: `modules.settingsPages.${key}`,
});
const grid = <B extends PageBase>(base: B, extra: Extra<GridPage>): GridPage => ({ ...base, kind: 'grid', ...extra });
const view = <B extends PageBase>(base: B, extra: Extra<ViewPage> = {}): ViewPage => ({
  ...base,
  kind: 'view',
  ...extra,
});
const placeholder = <B extends PageBase>(base: B, extra: Extra<PlaceholderPage> = {}): PlaceholderPage => ({
  ...base,
  kind: 'placeholder',
  ...extra,
});
const modelSettings = <B extends PageBase>(base: B, extra: Extra<ModelSettingsPage>): ModelSettingsPage => ({
  ...base,
  kind: 'modelSettings',
  ...extra,
});
/** A model's templates: its attributes (docs/domain/attributes.md) and, behind a tab, its record templates
 * (docs/domain/record-templates.md), each grid of that model only. */
const template = (key: string, model: AttributeModel) =>
  grid(
    {
      key,
      path: `/settings/templates/${key}`,
      icon: 'duplicate',
      group: 'templates',
      title: `modules.templates.${key}`,
    },
    {
      model: 'attribute',
      grid: 'administration',
      recordPage: false,
      where: { model },
      ownTab: 'admin.recordTemplates.attributesTab',
      tabs: [
        {
          key: 'records',
          title: 'admin.recordTemplates.tab',
          model: 'record_template',
          grid: 'administration',
          where: { model },
        },
      ],
    },
  );
const own = (group: 'account' | 'public', key: string, path: string, icon: string, title: string) => ({
  key,
  path,
  icon,
  group,
  title,
  nav: false as const,
});

export const PAGES: readonly Page[] = [
  // the drawer's modules and the home cards, in this order
  view(modulePage('home', '/', 'home')),
  grid(modulePage('property', '/property', 'office'), {
    model: 'property',
    grid: 'properties',
    aliases: ['/properties'],
  }),
  grid(modulePage('partitions', '/partitions', 'grid-view'), { model: 'partition', grid: 'partitions' }),
  grid(modulePage('areas', '/areas', 'polygon-filter'), { model: 'area', grid: 'areas' }),
  grid(modulePage('facilities', '/facilities', 'wrench'), { model: 'facility', grid: 'facilities' }),
  grid(modulePage('contracts', '/contracts', 'document'), { model: 'contract', grid: 'contracts' }),
  grid(modulePage('guarantees', '/guarantees', 'shield'), { model: 'guarantee', grid: 'guarantees' }),
  grid(modulePage('documents', '/documents', 'folder-open'), { model: 'document', grid: 'documents' }),
  grid(modulePage('contacts', '/contacts', 'people'), { model: 'contact', grid: 'contacts' }),
  grid(modulePage('budgets', '/budgets', 'bank-account'), { model: 'budget', grid: 'budgets' }),
  grid(modulePage('bills', '/bills', 'dollar'), { model: 'bill', grid: 'bills' }),
  grid(modulePage('expenses', '/expenses', 'th-list'), { model: 'expense', grid: 'expenses' }),
  grid(modulePage('counters', '/counters', 'dashboard'), { model: 'counter', grid: 'counters' }),
  grid(modulePage('measurements', '/measurements', 'timeline-line-chart'), {
    model: 'measurement',
    grid: 'measurements',
  }),
  grid(modulePage('tickets', '/tickets', 'issue'), { model: 'ticket', grid: 'tickets', calendar: 'ticket' }),
  grid(modulePage('tasks', '/tasks', 'tick-circle'), { model: 'task', grid: 'tasks', calendar: 'task_event' }),
  grid(modulePage('taskEvents', '/task-events', 'timeline-events'), { model: 'task_event', grid: 'task-events' }),
  grid(modulePage('orders', '/orders', 'clipboard'), { model: 'order', grid: 'orders', calendar: 'order' }),
  view(modulePage('calendar', '/calendar', 'calendar'), { warm: true }),
  view(modulePage('charts', '/charts', 'timeline-line-chart'), { warm: true }),
  view(modulePage('map', '/map', 'map')),
  view(modulePage('renewal', '/renewal', 'timeline-bar-chart')),
  // the shell's Support entry opens the New form with the path the user was on (docs/domain/support-requests.md)
  grid(modulePage('supportRequests', '/support-requests', 'lifesaver'), {
    model: 'support_request',
    grid: 'support-requests',
    fromField: 'page',
  }),
  view(modulePage('settingsGroups', '/settings-groups', 'applications')),

  // the settings menu, in this order (paths as docs/domain/browser-app.md lists them)
  view({ ...settings('settings', '', 'cog'), path: '/settings', title: 'modules.settingsPages.general' }),
  modelSettings(settings('property', 'property', 'office'), { model: 'property' }),
  modelSettings(settings('partition', 'partition', 'grid-view'), { model: 'partition' }),
  modelSettings(settings('area', 'area', 'polygon-filter'), { model: 'area' }),
  modelSettings(settings('facility', 'facility', 'wrench'), { model: 'facility' }),
  modelSettings(settings('contract', 'contract', 'document'), { model: 'contract' }),
  modelSettings(settings('guarantee', 'guarantee', 'shield'), { model: 'guarantee' }),
  modelSettings(settings('document', 'document', 'folder-open'), { model: 'document' }),
  modelSettings(settings('contact', 'contact', 'people'), { model: 'contact' }),
  modelSettings(settings('budget', 'Budget', 'bank-account'), { model: 'budget' }),
  modelSettings(settings('bill', 'bill', 'dollar'), { model: 'bill' }),
  modelSettings(settings('measurement', 'measurement', 'timeline-line-chart'), { model: 'measurement' }),
  modelSettings(settings('ticket', 'ticket', 'issue'), { model: 'ticket' }),
  modelSettings(settings('task', 'task', 'tick-circle'), { model: 'task' }),
  modelSettings(settings('order', 'oder', 'shopping-cart'), { model: 'order', aliases: ['/settings/order'] }),
  grid(settings('articles', 'articles', 'box'), { model: 'article', grid: 'catalogues', recordPage: false }),
  grid(settings('materials', 'materials', 'cube'), { model: 'material', grid: 'catalogues', recordPage: false }),
  grid(settings('costGroups', 'cost-groups', 'layers'), { model: 'cost_group', grid: 'catalogues', recordPage: false }),
  grid(settings('discounts', 'discounts', 'percentage'), { model: 'discount', grid: 'catalogues', recordPage: false }),
  grid(settings('taxes', 'taxes', 'calculator'), { model: 'tax', grid: 'catalogues', recordPage: false }),
  grid(settings('serviceRates', 'service-rates', 'time'), {
    model: 'service_rate',
    grid: 'catalogues',
    recordPage: false,
  }),
  grid(settings('units', 'units', 'numerical'), { model: 'unit', grid: 'catalogues', recordPage: false }),
  grid(settings('renewalGroups', 'renewal/groups', 'refresh'), {
    model: 'renewal_group',
    grid: 'catalogues',
    recordPage: false,
  }),
  grid(settings('renewalComponentTypes', 'renewal/component-types', 'time'), {
    model: 'component_type',
    grid: 'catalogues',
    recordPage: false,
  }),
  grid(settings('renewalPropertyGroups', 'renewal/property-groups', 'refresh'), {
    model: 'property_group',
    grid: 'catalogues',
    recordPage: false,
  }),
  grid(settings('constructionCostIndexes', 'renewal/construction-cost-indexes', 'numerical'), {
    model: 'construction_cost_index',
    grid: 'catalogues',
    recordPage: false,
  }),
  grid(settings('filterGroups', 'filter-groups', 'filter'), {
    model: 'filter_group',
    grid: 'administration',
    recordPage: false,
  }),
  placeholder(settings('forms', 'forms', 'form')),
  placeholder(settings('notifier', 'notifier', 'notifications')),
  placeholder(settings('pages', 'pages', 'globe')),
  placeholder(settings('pageThemes', 'page-themes', 'style')),
  placeholder(settings('pageFonts', 'page-fonts', 'font')),
  view(settings('users', 'users', 'person')),
  // a grid of the records engine with the History panel; the members picked in the drawer (docs/decisions.md,
  // "Administration tables in grids")
  grid(settings('userGroups', 'user-groups', 'people'), { model: 'user_group', grid: 'administration' }),
  view(settings('permissions', 'permissions', 'lock')),
  view(settings('invitations', 'invitations', 'envelope')),
  view(settings('networks', 'networks', 'globe-network')),
  view(settings('auditLog', 'audit-log', 'history')),
  view(settings('licenses', 'licenses', 'key')),
  // the account mails' wording per language, the superusers' (docs/domain/email-templates.md, "Account mails")
  grid(settings('accountEmails', 'account-emails', 'envelope'), {
    model: 'account_email_template',
    grid: 'administration',
    recordPage: false,
    superusers: true,
  }),
  view(settings('connectors', 'connectors', 'exchange')),
  view(settings('imports', 'imports', 'import')),
  // scheduled exports of saved views (docs/domain/scheduled-exports.md)
  grid(settings('exports', 'exports', 'export'), {
    model: 'scheduled_export',
    grid: 'scheduled-exports',
    recordPage: false,
  }),
  view(settings('extensions', 'extensions', 'widget')),
  placeholder(settings('faq', 'faq', 'help')),

  // the settings menu's templates, in this order
  // the fields a settings group adds to a model (docs/domain/attributes.md)
  grid(
    {
      key: 'attributes',
      path: '/settings/templates/attributes',
      icon: 'properties',
      group: 'templates' as const,
      title: 'modules.templates.attributes',
    },
    { model: 'attribute', grid: 'administration', recordPage: false },
  ),
  template('property', 'property'),
  template('partition', 'partition'),
  template('areas', 'area'),
  template('facilities', 'facility'),
  template('documents', 'document'),
  template('contacts', 'contact'),
  template('contracts', 'contract'),
  template('guarantees', 'guarantee'),
  template('measurements', 'measurement'),
  template('tickets', 'ticket'),
  template('tasks', 'task'),
  template('budgets', 'budget'),
  template('bills', 'bill'),
  // each mail's wording per language (docs/domain/email-templates.md)
  grid(
    {
      key: 'emails',
      path: '/settings/templates/emails',
      icon: 'envelope',
      group: 'templates' as const,
      title: 'modules.templates.emails',
    },
    { model: 'email_template', grid: 'administration', recordPage: false },
  ),

  // the signed-in user's own pages, reached by links (user menu, notifications bell, a mailed link)
  view(own('account', 'profile', '/profile', 'person', 'shell.profile')),
  view(own('account', 'notifications', '/notifications', 'notifications', 'notifications.title')),
  view(
    own(
      'account',
      'propertyDeletion',
      '/property-delete-requests/confirm/:token',
      'trash',
      'admin.propertyDeletion.confirmTitle',
    ),
  ),

  // public token pages: the public layout, no login
  view(own('public', 'order', '/public/order/:token', 'globe', 'planning.public.title')),
  view(own('public', 'invitation', '/invitations/:token', 'envelope', 'admin.invitations.link.title')),
  placeholder(own('public', 'notifier', '/notifier/:token', 'globe', 'modules.public.notifier')),
  view(own('public', 'publicPage', '/public/:modelName/:token', 'globe', 'modules.public.publicPage')),
];

export const isGridPage = (page: Page): page is GridPage => page.kind === 'grid';

/** The pages of a group in menu order (only those listed in its menu). */
export const navPages = (group: PageGroup): readonly Page[] =>
  PAGES.filter((page) => page.group === group && page.nav !== false);

/** The module list: the drawer's modules tab and the home cards. */
export const MODULE_PAGES = navPages('modules');

export const GRID_PAGES: readonly GridPage[] = PAGES.filter(isGridPage);

/** The grid pages with a record page (`<path>/:uuid`). */
export const RECORD_PAGES: readonly GridPage[] = GRID_PAGES.filter((page) => page.recordPage !== false);

/** The module (not settings) grid page of a model, if it has one. */
export const modulePageOf = (model: string): GridPage | undefined =>
  GRID_PAGES.find((page) => page.model === model && page.group === 'modules');

/** The settings page of a model's own settings (`enabled` among them), if it has one. */
export const modelSettingsPageOf = (model: string): ModelSettingsPage | undefined =>
  PAGES.find((page): page is ModelSettingsPage => page.kind === 'modelSettings' && page.model === model);

/**
 * Whether a menu lists a page while some models are switched off in the selected settings group (docs/domain/
 * fields.md, "Model settings"): a grid page of a switched-off model is left out, every other page stays (a model's
 * own settings page too, so it can be switched on again).
 */
export const listedWith =
  (disabled: ReadonlySet<string>, superuser = false) =>
  (page: Page) =>
    (page.superusers !== true || superuser) && (page.kind !== 'grid' || !disabled.has(page.model));

export const pageAt = (path: string): Page | undefined => PAGES.find((page) => page.path === path);
