// The routes table (spec §2): history mode, base /. Every screen is lazy so each route's code splits.
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { MODULES } from '../components/modules';
import { PageLoader } from '../components/page-loader';
import { SETTINGS_PAGES, TEMPLATE_PAGES } from '../components/settings-pages';
import { GuestOnly } from './guest-only';
import { RouteError } from './route-error';

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

const page = (node: ReactNode) => <Suspense fallback={<PageLoader />}>{node}</Suspense>;

/** Modules with their own screen; every other module route shows the placeholder. */
const BUILT_MODULES = new Set(['home', 'settingsGroups']);

export const routes: RouteObject[] = [
  {
    element: page(<Outlet />),
    errorElement: <RouteError />,
    children: [
      {
        path: '/',
        element: <AuthenticatedLayout />,
        children: [
          { index: true, element: page(<HomeView />) },
          ...MODULES.filter((module) => !BUILT_MODULES.has(module.key)).map((module) => ({
            path: module.path.slice(1),
            element: page(<ModulePlaceholder section="modules" pageKey={module.key} />),
          })),
          { path: 'settings-groups', element: page(<SettingsGroupsView />) },
          { path: 'profile', element: page(<ProfilePage />) },
          { path: 'notifications', element: page(<NotificationsView />) },
          {
            path: 'settings',
            element: <SettingsLayout />,
            children: [
              { index: true, element: page(<ModulePlaceholder section="modules" pageKey="settings" />) },
              ...SETTINGS_PAGES.map((settingsPage) => ({
                path: settingsPage.path,
                element: page(<ModulePlaceholder section="settingsPages" pageKey={settingsPage.key} />),
              })),
              ...TEMPLATE_PAGES.map((template) => ({
                path: template.path,
                element: page(<ModulePlaceholder section="templates" pageKey={template.key} />),
              })),
            ],
          },
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          { path: 'notifier/:token', element: page(<ModulePlaceholder section="public" pageKey="notifier" />) },
          {
            path: 'public/:modelName/:token',
            element: page(<ModulePlaceholder section="public" pageKey="publicPage" />),
          },
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          { path: 'login', element: <GuestOnly>{page(<LoginPage />)}</GuestOnly> },
          { path: 'login/2fa', element: <GuestOnly>{page(<TwoFactorPage />)}</GuestOnly> },
          { path: 'register', element: <GuestOnly>{page(<RegisterPage />)}</GuestOnly> },
          { path: 'forgot-password', element: page(<ForgotPasswordPage />) },
          { path: 'reset-password', element: page(<ResetPasswordPage />) },
          { path: 'logout', element: page(<LogoutPage />) },
          { path: 'email-verification', element: page(<RequireAuth>{page(<EmailVerificationPage />)}</RequireAuth>) },
          { path: 'terms', element: page(<RequireAuth allowPendingTerms>{page(<TermsPage />)}</RequireAuth>) },
        ],
      },
      { path: '*', element: page(<NotFoundPage />) },
    ],
  },
];

export const router = createBrowserRouter(routes);
