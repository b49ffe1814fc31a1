// Public pages reached by a token link (docs/domain/browser-app.md, "Routes and guards"): no login, no navigation.
import { Suspense } from 'react';
import { useTranslation } from '../../i18n';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { AppLogo } from './app-logo';
import { LanguageSelect } from './language-select';

export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="hw-public">
      <header className="hw-public-header">
        <AppLogo />
        <span className="hw-public-title">{t('app.name')}</span>
        <span className="hw-spacer" />
        <LanguageSelect />
      </header>
      <main className="hw-public-main">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
