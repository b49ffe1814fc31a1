// The /settings section: a side list of its pages beside the page itself, unless the drawer already shows that list
// on its settings tab (docs/domain/browser-app.md, "Routes and guards"): the list is shown once.
import { useAtomValue } from 'jotai';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from '../../i18n';
import { PageLoader } from '../../components/page-loader';
import { drawerOpenAtom, drawerTabAtom } from '../../state/shell';
import { SettingsNav } from './settings-nav';

export function SettingsLayout() {
  const { t } = useTranslation();
  const drawerOpen = useAtomValue(drawerOpenAtom);
  const drawerShowsSettings = useAtomValue(drawerTabAtom) === 'settings' && drawerOpen;
  return (
    <div className="hw-settings">
      {!drawerShowsSettings && (
        <nav className="hw-settings-nav" aria-label={t('shell.settingsNavigation')}>
          <SettingsNav />
        </nav>
      )}
      <section className="hw-settings-content">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </section>
    </div>
  );
}
