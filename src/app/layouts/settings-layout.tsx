// The /settings section: a side list of its pages beside the page itself.
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from '../../i18n';
import { PageLoader } from '../../components/page-loader';
import { SettingsNav } from './settings-nav';

export function SettingsLayout() {
  const { t } = useTranslation();
  return (
    <div className="hw-settings">
      <nav className="hw-settings-nav" aria-label={t('shell.settingsNavigation')}>
        <SettingsNav />
      </nav>
      <section className="hw-settings-content">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </section>
    </div>
  );
}
