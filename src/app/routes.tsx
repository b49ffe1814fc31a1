// The routes table (docs/domain/browser-app.md, "Routes and guards"): history mode, base /. Every screen is lazy so each route's
// code splits. Declarative react-router (<Routes>): the data router would add ~15 KB (gzip) to the first screen for
// loaders and actions this app does not use.
import { lazy as reactLazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { lazyScreen, withChunkTimeout } from '../components/lazy-screen';
import { SETTINGS_PAGES, TEMPLATE_PAGES } from '../components/settings-pages';
import { MODULES, RECORD_PAGE_SCREENS, SCREENS } from '../../views/screens';
import { loadGridScreen, loadRecordPage, loadedGridScreen } from '../../views/records/routes';
import { loadRecordTranslations } from '../i18n';
import { GuestOnly } from './guest-only';
import { RouteErrorBoundary } from './route-error';

// Every lazy screen gives up after CHUNK_TIMEOUT (120 s) and shows the route's reload message.
const lazy: typeof reactLazy = (load) => reactLazy(() => withChunkTimeout(load));

// Guards and layouts
const RequireAuth = lazy(() => import('./require-auth').then((m) => ({ default: m.RequireAuth })));
const NotFoundPage = lazy(() => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })));
const AuthenticatedLayout = lazy(() =>
  import('./layouts/authenticated-layout').then((m) => ({ default: m.AuthenticatedLayout })),
);
const SettingsLayout = lazy(() => import('./layouts/settings-layout').then((m) => ({ default: m.SettingsLayout })));
const PublicLayout = lazy(() => import('./layouts/public-layout').then((m) => ({ default: m.PublicLayout })));
const AuthLayout = lazy(() => import('./layouts/auth-layout').then((m) => ({ default: m.AuthLayout })));
// Screens
const HomeView = lazy(() => import('../../views/home-view').then((m) => ({ default: m.HomeView })));
const ModulePlaceholder = lazy(() =>
  import('../../views/module-placeholder').then((m) => ({ default: m.ModulePlaceholder })),
);
const SettingsGroupsView = lazy(() =>
  import('../../views/settings-groups-view').then((m) => ({ default: m.SettingsGroupsView })),
);
const NotificationsView = lazy(() =>
  import('../../views/notifications-view').then((m) => ({ default: m.NotificationsView })),
);
// Members, user groups and permission groups (views/permissions): model names come with the record translations.
const accessPage = <K extends 'UsersView' | 'UserGroupsView' | 'PermissionsView'>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
) => lazy(() => Promise.all([load(), loadRecordTranslations()]).then(([m]) => ({ default: m[name] })));
const ACCESS_PAGES: Record<string, ComponentType> = {
  users: accessPage(() => import('../../views/permissions/users-view'), 'UsersView'),
  'user-groups': accessPage(() => import('../../views/permissions/user-groups-view'), 'UserGroupsView'),
  permissions: accessPage(() => import('../../views/permissions/permissions-view'), 'PermissionsView'),
};
// Invitations (docs/domain/permissions.md, "Invitations"): the admin's settings page and the mailed link's page.
// Their texts (the admin namespace) come with the record translations, off the first screen.
const withTexts = <T,>(load: () => Promise<T>) => Promise.all([load(), loadRecordTranslations()]).then(([m]) => m);
const InvitationsView = lazy(() =>
  withTexts(() => import('../../views/invitations/invitations-view')).then((m) => ({ default: m.InvitationsView })),
);
const InvitationLinkPage = lazy(() =>
  withTexts(() => import('../../views/invitations/invitation-link-page')).then((m) => ({
    default: m.InvitationLinkPage,
  })),
);
// Networks and the audit log (docs/domain/permissions.md, "Networks" and "Audit log"): admins' settings pages.
const NetworksView = lazy(() =>
  withTexts(() => import('../../views/networks/networks-view')).then((m) => ({ default: m.NetworksView })),
);
const AuditLogView = lazy(() =>
  withTexts(() => import('../../views/networks/audit-log-view')).then((m) => ({ default: m.AuditLogView })),
);
const OWN_SETTINGS_PAGES = new Set(['invitations', 'networks', 'audit-log', 'licenses']);
// Licenses and the property deletion link's page (docs/domain/permissions.md, "Licenses", "Property deletion").
const LicensesView = lazy(() =>
  withTexts(() => import('../../views/licenses/licenses-view')).then((m) => ({ default: m.LicensesView })),
);
const PropertyDeleteConfirmPage = lazy(() =>
  withTexts(() => import('../../views/licenses/property-delete-confirm-page')).then((m) => ({
    default: m.PropertyDeleteConfirmPage,
  })),
);
// The map (docs/decisions.md, "The map screen"): Leaflet and supercluster load with this route only, never while idle
// on another screen (the shell warms the screens of views/screens.ts, which therefore does not list it).
const MapView = lazyScreen(() =>
  withTexts(() => import('../../views/map/map-view')).then((m) => ({ default: m.MapView })),
);
const ProfilePage = lazy(() => import('../settings/profile/profile-page').then((m) => ({ default: m.ProfilePage })));
const LoginPage = lazy(() => import('../auth/login-page').then((m) => ({ default: m.LoginPage })));
const TwoFactorPage = lazy(() => import('../auth/two-factor-page').then((m) => ({ default: m.TwoFactorPage })));
const RegisterPage = lazy(() => import('../auth/register-page').then((m) => ({ default: m.RegisterPage })));
const ForgotPasswordPage = lazy(() =>
  import('../auth/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const LogoutPage = lazy(() => import('../auth/logout-page').then((m) => ({ default: m.LogoutPage })));
const EmailVerificationPage = lazy(() =>
  import('../auth/email-verification-page').then((m) => ({ default: m.EmailVerificationPage })),
);
const TermsPage = lazy(() => import('../auth/terms-page').then((m) => ({ default: m.TermsPage })));
// The contractor's order page (no login) needs the record screens' translations (order fields, planning texts).
const PublicOrderPage = lazy(() =>
  Promise.all([
    import('../../views/planning-routes').then((m) => m.loadPublicOrderPage()),
    loadRecordTranslations(),
  ]).then(([m]) => ({
    default: m.PublicOrderPage,
  })),
);

/**
 * The API's plural for the properties module (`/properties`, as in `/api/v1/properties`) leads to the module's
 * own path `/property`, its record pages and query included (docs/domain/browser-app.md, "Routes and guards").
 */
const ALIASES = [{ from: '/properties', to: '/property' }];
function Alias({ from, to }: { from: string; to: string }) {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={to + pathname.slice(from.length) + search + hash} replace />;
}

const page = (node: ReactNode) => <Suspense fallback={<PageLoader />}>{node}</Suspense>;

/** Modules with their own screen; every other module route shows the placeholder. */
const BUILT_MODULES = new Set(['home', 'settingsGroups', 'map']);

/**
 * The screens of the table (views/screens.ts; AG Grid and its translations load with these routes only), without
 * Suspense (see lazy-screen.tsx): the modules users open most.
 */
const GRID_SCREENS = SCREENS.map((screen) => ({
  path: screen.path,
  Screen: lazyScreen(
    () => loadGridScreen(screen),
    () => loadedGridScreen(screen),
  ),
}));
const GRID_PATHS = new Set(SCREENS.map((screen) => screen.path));
const RECORD_PAGES = RECORD_PAGE_SCREENS.map((screen) => ({
  path: screen.path,
  Screen: lazyScreen(() => loadRecordPage(screen)),
}));

export function AppRoutes() {
  const { pathname } = useLocation();
  // A failed route (render error, chunk gone after a deploy) shows RouteError until the next navigation.
  return (
    <RouteErrorBoundary resetKey={pathname}>
      {page(
        <Routes>
          <Route path="/" element={<AuthenticatedLayout />}>
            <Route index element={page(<HomeView />)} />
            {GRID_SCREENS.filter((s) => !s.path.startsWith('/settings/')).map(({ path, Screen }) => (
              <Route key={path} path={path.slice(1)} element={page(<Screen />)} />
            ))}
            {RECORD_PAGES.map(({ path, Screen }) => (
              <Route key={`${path}/:uuid`} path={`${path.slice(1)}/:uuid`} element={page(<Screen />)} />
            ))}
            {MODULES.filter((module) => !BUILT_MODULES.has(module.key) && !GRID_PATHS.has(module.path)).map(
              (module) => (
                <Route
                  key={module.key}
                  path={module.path.slice(1)}
                  element={page(<ModulePlaceholder section="modules" pageKey={module.key} />)}
                />
              ),
            )}
            <Route path="map" element={page(<MapView />)} />
            <Route path="settings-groups" element={page(<SettingsGroupsView />)} />
            <Route path="profile" element={page(<ProfilePage />)} />
            <Route path="notifications" element={page(<NotificationsView />)} />
            <Route path="property-delete-requests/confirm/:token" element={page(<PropertyDeleteConfirmPage />)} />
            <Route path="settings" element={<SettingsLayout />}>
              <Route index element={page(<ModulePlaceholder section="modules" pageKey="settings" />)} />
              {GRID_SCREENS.filter((s) => s.path.startsWith('/settings/')).map(({ path, Screen }) => (
                <Route key={path} path={path.slice('/settings/'.length)} element={page(<Screen />)} />
              ))}
              {Object.entries(ACCESS_PAGES).map(([path, Screen]) => (
                <Route key={path} path={path} element={page(<Screen />)} />
              ))}
              <Route path="invitations" element={page(<InvitationsView />)} />
              <Route path="licenses" element={page(<LicensesView />)} />
              <Route path="networks" element={page(<NetworksView />)} />
              <Route path="audit-log" element={page(<AuditLogView />)} />
              {SETTINGS_PAGES.filter(
                (p) =>
                  !GRID_PATHS.has(`/settings/${p.path}`) &&
                  !(p.path in ACCESS_PAGES) &&
                  !OWN_SETTINGS_PAGES.has(p.path),
              ).map((settingsPage) => (
                <Route
                  key={settingsPage.path}
                  path={settingsPage.path}
                  element={page(<ModulePlaceholder section="settingsPages" pageKey={settingsPage.key} />)}
                />
              ))}
              {TEMPLATE_PAGES.map((template) => (
                <Route
                  key={template.path}
                  path={template.path}
                  element={page(<ModulePlaceholder section="templates" pageKey={template.key} />)}
                />
              ))}
            </Route>
          </Route>
          <Route element={<PublicLayout />}>
            <Route path="public/order/:token" element={page(<PublicOrderPage />)} />
            <Route path="invitations/:token" element={page(<InvitationLinkPage />)} />
            <Route path="notifier/:token" element={page(<ModulePlaceholder section="public" pageKey="notifier" />)} />
            <Route
              path="public/:modelName/:token"
              element={page(<ModulePlaceholder section="public" pageKey="publicPage" />)}
            />
          </Route>
          <Route element={<AuthLayout />}>
            <Route path="login" element={<GuestOnly>{page(<LoginPage />)}</GuestOnly>} />
            <Route path="login/2fa" element={<GuestOnly>{page(<TwoFactorPage />)}</GuestOnly>} />
            <Route path="register" element={<GuestOnly>{page(<RegisterPage />)}</GuestOnly>} />
            <Route path="forgot-password" element={page(<ForgotPasswordPage />)} />
            <Route path="reset-password" element={page(<ResetPasswordPage />)} />
            <Route path="logout" element={page(<LogoutPage />)} />
            <Route
              path="email-verification"
              element={page(<RequireAuth>{page(<EmailVerificationPage />)}</RequireAuth>)}
            />
            <Route path="terms" element={page(<RequireAuth allowPendingTerms>{page(<TermsPage />)}</RequireAuth>)} />
          </Route>
          {ALIASES.map(({ from, to }) => (
            <Route key={from} path={`${from.slice(1)}/*`} element={<Alias from={from} to={to} />} />
          ))}
          <Route path="*" element={page(<NotFoundPage />)} />
        </Routes>,
      )}
    </RouteErrorBoundary>
  );
}
