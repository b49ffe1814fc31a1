// The shell of the signed-in area: navbar (app name, settings group, notifications, user menu) and the drawer.
import { Alignment, Button, Navbar, NavbarDivider, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { Applications, Menu, MenuClosed, Notifications, User as UserIcon } from '@blueprintjs/icons';
import { useAtom } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { Link, Outlet } from 'react-router';
import { useCurrentUser } from '../../api/queries';
import { PageLoader } from '../../components/page-loader';
import { isLanguage, setLanguage, useTranslation } from '../../i18n';
import { drawerOpenAtom } from '../../state/shell';
import { RequireAuth } from '../require-auth';
import { AppLogo } from './app-logo';
import { Drawer } from './drawer';
import { WARM_PAGES, loadPage } from '../page-loaders';

// The navbar's popover widgets load right after the shell, keeping menus and popovers off the first screen.
const SettingsGroupSwitcher = lazy(() =>
  import('../../components/settings-group-switcher').then((m) => ({ default: m.SettingsGroupSwitcher })),
);
const SystemNotificationsBell = lazy(() =>
  import('../../components/system-notifications-bell').then((m) => ({ default: m.SystemNotificationsBell })),
);
const FavoritesMenu = lazy(() => import('./favorites-menu').then((m) => ({ default: m.FavoritesMenu })));
const UserMenu = lazy(() => import('../../components/user-menu').then((m) => ({ default: m.UserMenu })));

function Shell() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const [open, setOpen] = useAtom(drawerOpenAtom);

  // The profile's language wins over the one chosen before login.
  const locale = user?.locale;
  useEffect(() => {
    if (isLanguage(locale)) void setLanguage(locale);
  }, [locale]);

  // Most modules are grids: warm the grid layer and the pages marked for it (the manifest's grid pages and warm
  // views, src/app/page-loaders.ts) once the first screen has settled.
  const signedIn = Boolean(user);
  useEffect(() => {
    if (!signedIn) return;
    const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    const cancel = globalThis.cancelIdleCallback ?? clearTimeout;
    const handle = idle(
      () => {
        void import('../../../grids/preload').then((m) => m.preloadGrids()).catch(() => undefined);
        // the module screens' own code is small (AG Grid is a chunk of its own); loaded, a screen renders with the
        // click that opens it
        for (const page of WARM_PAGES) void loadPage(page).catch(() => undefined);
      },
      { timeout: 2000 },
    );
    return () => cancel(handle as never);
  }, [signedIn]);

  const closeOnNarrow = () => {
    if (globalThis.matchMedia?.('(max-width: 768px)').matches) setOpen(false);
  };

  return (
    <div className="hw-shell">
      <Navbar className="hw-navbar">
        <NavbarGroup align={Alignment.START}>
          <Button
            variant="minimal"
            icon={open ? <MenuClosed /> : <Menu />}
            aria-label={t('shell.toggleNavigation')}
            aria-expanded={open}
            aria-controls="hw-drawer"
            onClick={() => setOpen(!open)}
          />
          <NavbarHeading className="hw-brand">
            <Link to="/" className="hw-brand-link">
              <AppLogo />
              <span className="hw-hide-narrow">{t('app.name')}</span>
            </Link>
          </NavbarHeading>
          <NavbarDivider />
          <Suspense
            fallback={
              <Button variant="minimal" disabled icon={<Applications />} aria-label={t('settingsGroups.switcher')} />
            }
          >
            <SettingsGroupSwitcher />
          </Suspense>
        </NavbarGroup>
        <NavbarGroup align={Alignment.END}>
          <Suspense
            fallback={
              <>
                <Button variant="minimal" disabled icon={<Notifications />} aria-label={t('notifications.title')} />
                <Button variant="minimal" disabled icon={<UserIcon />} aria-label={t('shell.userMenu')} />
              </>
            }
          >
            <FavoritesMenu />
            <SystemNotificationsBell />
            {user && <UserMenu user={user} />}
          </Suspense>
        </NavbarGroup>
      </Navbar>
      <div className="hw-body">
        {open && (
          <div id="hw-drawer" className="hw-drawer-wrap">
            <Drawer onNavigate={closeOnNarrow} />
          </div>
        )}
        <main className="hw-main" id="main">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

export function AuthenticatedLayout() {
  return (
    <RequireAuth>
      <Shell />
    </RequireAuth>
  );
}
