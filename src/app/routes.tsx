// The routes table (docs/domain/browser-app.md, "Routes and guards"): history mode, base /. The pages come from the
// page manifest (views/pages.ts), each mounted one way: its code loads with its route (src/app/page-loaders.ts) in
// its group's layout. The sign-in pages, with their guards, are declared here. Declarative react-router
// (<Routes>): the data router would add ~15 KB (gzip) to the first screen for loaders and actions this app does not
// use.
import { lazy as reactLazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { lazyScreen, withChunkTimeout } from '../components/lazy-screen';
import { PAGES, RECORD_PAGES, type Page, type PageGroup } from '../../views/pages';
import { loadPage, loadRecordPage, loadedPage } from './page-loaders';
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
// Sign-in pages
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

/**
 * An older path (a page's `aliases`, such as the API's plural `/properties` for the module `/property`) leads to the
 * page, with the rest of the path and the query (docs/domain/browser-app.md, "Routes and guards").
 */
function Alias({ from, to }: { from: string; to: string }) {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={to + pathname.slice(from.length) + search + hash} replace />;
}
const ALIASES = PAGES.flatMap((p) => (p.aliases ?? []).map((from) => ({ from, to: p.path })));

const page = (node: ReactNode) => <Suspense fallback={<PageLoader />}>{node}</Suspense>;

/**
 * Every page of the manifest without Suspense (see lazy-screen.tsx): a page the shell warmed while idle renders at
 * once.
 */
const SCREENS = new Map(
  PAGES.map((p) => [
    p,
    lazyScreen(
      () => loadPage(p),
      () => loadedPage(p),
    ),
  ]),
);
const RECORD_SCREENS = RECORD_PAGES.map((p) => ({ path: p.path, Screen: lazyScreen(() => loadRecordPage(p)) }));

/** The routes of a group's pages below `base` (the layout's path): the base itself is the index. */
function pageRoutes(groups: readonly PageGroup[], base: string) {
  return PAGES.filter((p: Page) => groups.includes(p.group)).map((p) => {
    const Screen = SCREENS.get(p)!;
    const path = p.path === base ? undefined : p.path.slice(base === '/' ? 1 : base.length + 1);
    return path === undefined ? (
      <Route key={p.path} index element={page(<Screen />)} />
    ) : (
      <Route key={p.path} path={path} element={page(<Screen />)} />
    );
  });
}

const SIGNED_IN_ROUTES = pageRoutes(['modules', 'account'], '/');
const SETTINGS_ROUTES = pageRoutes(['settings', 'templates'], '/settings');
const PUBLIC_ROUTES = pageRoutes(['public'], '/');

export function AppRoutes() {
  const { pathname } = useLocation();
  // A failed route (render error, chunk gone after a deploy) shows RouteError until the next navigation.
  return (
    <RouteErrorBoundary resetKey={pathname}>
      {page(
        <Routes>
          <Route path="/" element={<AuthenticatedLayout />}>
            {SIGNED_IN_ROUTES}
            {RECORD_SCREENS.map(({ path, Screen }) => (
              <Route key={`${path}/:uuid`} path={`${path.slice(1)}/:uuid`} element={page(<Screen />)} />
            ))}
            <Route path="settings" element={<SettingsLayout />}>
              {SETTINGS_ROUTES}
            </Route>
          </Route>
          <Route element={<PublicLayout />}>{PUBLIC_ROUTES}</Route>
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
