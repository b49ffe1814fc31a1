// The code of the pages of the manifest (views/pages.ts), owned by the router: only src/app imports this module, so
// the manifest stays data and nothing below the app reaches the screens' chunks (no import cycles, docs/domain/
// browser-app.md, "Routes and guards"). Dynamic imports only: each page's code, AG Grid and the grid layer load with
// its route (or while the shell is idle), never with the first screen.
import { createElement, type ComponentType, type ReactElement } from 'react';
import { loadRecordTranslations } from '../i18n';
import type { EntityName } from '../entities/registry';
import type { GridDefinition } from '../../grids/define-grid';
import type { DrawerExtension } from '../../views/records/drawer-extension';
import type { PublicPageModel } from '../domain/public-pages';
import { PAGES, type GridPage, type Page } from '../../views/pages';

/** Every grid definition file (one chunk each); a grid page names its file. */
const GRID_FILES = import.meta.glob<Record<string, unknown>>('../../grids/*.grid.ts');
export const gridFile = (page: GridPage) => `../../grids/${page.grid}.grid.ts`;

const isGrid = (value: unknown): value is GridDefinition =>
  Boolean(value) && typeof value === 'object' && 'entity' in (value as object) && 'columns' in (value as object);

/** The grid definition of a grid page: the export of its file whose model is the page's. */
export async function loadGrid(page: GridPage): Promise<GridDefinition> {
  const load = GRID_FILES[gridFile(page)];
  if (!load) throw new Error(`${page.path}: no grid file grids/${page.grid}.grid.ts`);
  const grid = Object.values(await load()).find((value) => isGrid(value) && value.entity.name === page.model);
  if (!grid) throw new Error(`${page.path}: grids/${page.grid}.grid.ts has no grid of ${page.model}`);
  return grid as GridDefinition;
}

/** The planning screens' code loads through one small module (views/planning-routes.ts) that knows their chunks. */
const planning = () => import('../../views/planning-routes');
const planningExtension = (model: 'task' | 'ticket' | 'order') => () =>
  planning()
    .then((m) => m.loadPlanningExtensions())
    .then((m) => m.PLANNING_EXTENSIONS[model]!);

/** A model's extension with the public page panel for the admins (docs/domain/public-pages.md). */
const withPublicPage = (model: PublicPageModel, own?: () => Promise<DrawerExtension>) => (): Promise<DrawerExtension> =>
  Promise.all([import('../../views/public-pages/public-page-panel'), own?.()]).then(([m, extension]) =>
    m.withPublicPage(model, extension),
  );

/** What a model adds to its record drawer and record page (views/records/drawer-extension.ts). */
export const DRAWER_EXTENSIONS: Partial<Record<EntityName, () => Promise<DrawerExtension>>> = {
  // the user groups of a property (restricted access), for admins
  property: withPublicPage('property', () =>
    import('../../views/permissions/property-user-groups').then((m) => m.propertyExtension),
  ),
  facility: withPublicPage('facility'),
  // a user group's members picked from the settings group's members
  user_group: () => import('../../views/permissions/user-group-extension').then((m) => m.userGroupExtension),
  contract: withPublicPage('contract', () =>
    import('../../views/contracts/contract-panels').then((m) => m.contractExtension),
  ),
  guarantee: withPublicPage('guarantee', () =>
    import('../../views/records/action-buttons').then((m) => m.actionButtons('guarantee', ['claim'])),
  ),
  bill: () => import('../../views/finance/bill-panels').then((m) => m.billExtension),
  counter: () => import('../../views/measurements/readings-panel').then((m) => m.counterExtension),
  document: withPublicPage('document', () =>
    import('../../views/documents/document-panels').then((m) => m.documentExtension),
  ),
  ticket: withPublicPage('ticket', planningExtension('ticket')),
  task: planningExtension('task'),
  // done and skip as the event's links allow (docs/decisions.md, "The task events grid")
  task_event: () =>
    import('../../views/records/action-buttons').then((m) => m.actionButtons('task_event', ['done', 'skip'])),
  order: planningExtension('order'),
  // recipients, Run now and the runs with their files (docs/domain/scheduled-exports.md)
  scheduled_export: () =>
    import('../../views/scheduled-exports/scheduled-export-panels').then((m) => m.scheduledExportExtension),
  // the mail's placeholders and a preview (docs/domain/email-templates.md)
  email_template: () =>
    import('../../views/email-templates/email-template-extension').then((m) => m.emailTemplateExtension),
  account_email_template: () =>
    import('../../views/email-templates/email-template-extension').then((m) => m.accountEmailTemplateExtension),
  attribute: () => import('../../views/templates/attribute-extension').then((m) => m.attributeExtension),
  // a record template's values as the form of a new record of its module
  record_template: () =>
    import('../../views/templates/record-template-extension').then((m) => m.recordTemplateExtension),
  // the operator's answer, answering, close and reopen (docs/domain/support-requests.md)
  support_request: () => import('../../views/support/support-request-panels').then((m) => m.supportRequestExtension),
};

type Load = () => Promise<ComponentType>;
/** A view that needs the record screens' translations (model names, fields, the admin and planning texts). */
const withTexts =
  (load: Load): Load =>
  () =>
    Promise.all([load(), loadRecordTranslations()]).then(([component]) => component);

/** The code of each view page, by path (a unit test keeps it and the manifest's view pages one set). */
export const VIEWS: Readonly<Record<string, Load>> = {
  '/': () => import('../../views/home-view').then((m) => m.HomeView),
  '/calendar': withTexts(() =>
    planning()
      .then((m) => m.loadCalendarView())
      .then((m) => m.CalendarView),
  ),
  '/charts': withTexts(() => import('../../views/charts/charts-view').then((m) => m.ChartsView)),
  '/renewal': withTexts(() => import('../../views/renewal/renewal-view').then((m) => m.RenewalView)),
  // Leaflet and supercluster load with this route only (docs/decisions.md, "The map screen")
  '/map': withTexts(() => import('../../views/map/map-view').then((m) => m.MapView)),
  '/settings-groups': () => import('../../views/settings-groups-view').then((m) => m.SettingsGroupsView),
  // members and permission groups (views/permissions; user groups are a grid page)
  // the workspace's own settings (docs/domain/fields.md, "Workspace settings")
  '/settings': withTexts(() =>
    import('../../views/workspace-settings/workspace-settings-view').then((m) => m.WorkspaceSettingsView),
  ),
  '/settings/users': withTexts(() => import('../../views/permissions/users-view').then((m) => m.UsersView)),
  '/settings/permissions': withTexts(() =>
    import('../../views/permissions/permissions-view').then((m) => m.PermissionsView),
  ),
  // docs/domain/permissions.md, "Invitations", "Networks", "Audit log", "Licenses", "Property deletion"
  '/settings/invitations': withTexts(() =>
    import('../../views/invitations/invitations-view').then((m) => m.InvitationsView),
  ),
  '/settings/networks': withTexts(() => import('../../views/networks/networks-view').then((m) => m.NetworksView)),
  '/settings/audit-log': withTexts(() => import('../../views/networks/audit-log-view').then((m) => m.AuditLogView)),
  // the history of the settings group's imports (docs/spreadsheet-api.md, "Import history")
  '/settings/imports': withTexts(() =>
    import('../../views/imports/import-history-view').then((m) => m.ImportHistoryView),
  ),
  // outgoing webhooks (docs/domain/webhooks.md)
  '/settings/connectors': withTexts(() =>
    import('../../views/connectors/connectors-view').then((m) => m.ConnectorsView),
  ),
  // every module's `enabled` in one place (docs/domain/fields.md, "Model settings")
  '/settings/extensions': withTexts(() =>
    import('../../views/extensions/extensions-view').then((m) => m.ExtensionsView),
  ),
  '/settings/licenses': withTexts(() => import('../../views/licenses/licenses-view').then((m) => m.LicensesView)),
  '/profile': () => import('../settings/profile/profile-page').then((m) => m.ProfilePage),
  '/notifications': () => import('../../views/notifications-view').then((m) => m.NotificationsView),
  '/property-delete-requests/confirm/:token': withTexts(() =>
    import('../../views/licenses/property-delete-confirm-page').then((m) => m.PropertyDeleteConfirmPage),
  ),
  // the contractor's order page (no login): order fields and planning texts
  '/public/order/:token': withTexts(() =>
    planning()
      .then((m) => m.loadPublicOrderPage())
      .then((m) => m.PublicOrderPage),
  ),
  // a record's public page (no login): field labels and values come translated from the server
  '/public/:modelName/:token': withTexts(() =>
    import('../../views/public-pages/public-record-page').then((m) => m.PublicRecordPage),
  ),
  '/invitations/:token': withTexts(() =>
    import('../../views/invitations/invitation-link-page').then((m) => m.InvitationLinkPage),
  ),
};

/** A page's icon: the modules' come with the signed-in shell (the drawer), the others with the settings menu. */
const iconOf = (page: Page): Promise<ReactElement> =>
  page.group === 'modules'
    ? import('../components/module-icons').then((m) => m.moduleIcon(page.icon))
    : import('../components/page-icons').then((m) => m.pageIcon(page.icon));

/** A grid page: the generic screen's code, its grid definition, drawer extras and icon, in parallel. */
async function gridScreen(page: GridPage): Promise<ComponentType> {
  const [{ gridScreenView }, grid, extension, planningView, icon] = await Promise.all([
    import('../../views/records/grid-screen'),
    loadGrid(page),
    DRAWER_EXTENSIONS[page.model]?.(),
    page.calendar &&
      planning()
        .then((m) => m.loadPlanningModuleView())
        .then((m) => m.PlanningModuleView),
    iconOf(page),
    loadRecordTranslations(),
  ]);
  // the page's other grids behind tabs (`GridPage.tabs`), each with its drawer extras
  const tabs = await Promise.all(
    (page.tabs ?? []).map(async (tab) => {
      const [tabGrid, tabExtension] = await Promise.all([
        loadGrid({ ...page, model: tab.model, grid: tab.grid }),
        DRAWER_EXTENSIONS[tab.model]?.(),
      ]);
      return { tab, grid: tabGrid, extension: tabExtension };
    }),
  );
  return gridScreenView(page, { grid, extension, planning: planningView || undefined, icon, tabs });
}

/** A page's component by its kind (a new kind fails to compile until it is handled here). */
function pageComponent(page: Page): Promise<ComponentType> {
  switch (page.kind) {
    case 'grid':
      return gridScreen(page);
    case 'view': {
      const load = VIEWS[page.path];
      return load ? load() : Promise.reject(new Error(`${page.path}: no view in src/app/page-loaders.ts`));
    }
    case 'modelSettings':
      return withTexts(() =>
        import('../../views/model-settings/model-settings-page').then((m) => m.modelSettingsPage(page)),
      )();
    case 'placeholder':
      return import('../../views/module-placeholder').then((m) => m.placeholderFor(page));
    default:
      return page satisfies never;
  }
}

const loading = new Map<Page, Promise<ComponentType>>();
const loaded = new Map<Page, ComponentType>();

/**
 * For `lazyScreen`: one component per page however often it is asked for (a failed load is tried again). The shell
 * calls it when idle (`warmPages`), so a later click renders the page at once (`loadedPage`).
 */
export function loadPage(page: Page): Promise<{ default: ComponentType }> {
  let component = loading.get(page);
  if (!component) {
    component = pageComponent(page);
    loading.set(page, component);
    component.catch(() => loading.delete(page));
  }
  return component.then((done) => {
    loaded.set(page, done);
    return { default: done };
  });
}

/** The page when its code (and translations) have loaded already. */
export const loadedPage = (page: Page): ComponentType | null => loaded.get(page) ?? null;

/** The pages the shell loads while idle: every grid page and the views marked `warm`. */
export const WARM_PAGES: readonly Page[] = PAGES.filter(
  (page) => page.kind === 'grid' || (page.kind === 'view' && page.warm),
);

/** The record page of a grid page's model (`<path>/:uuid`), with its drawer extras. */
export async function loadRecordPage(page: GridPage): Promise<{ default: ComponentType }> {
  const [{ RecordPage }, { entityByName }, extension] = await Promise.all([
    import('../../views/records/record-page'),
    import('../entities/registry'),
    DRAWER_EXTENSIONS[page.model]?.(),
    loadRecordTranslations(),
  ]);
  const entity = entityByName(page.model)!;
  return { default: () => createElement(RecordPage, { entity, listPath: page.path, extension }) };
}
