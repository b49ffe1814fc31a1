// Login, registration and the other account pages: one centered card.
import { Card, Elevation } from '@blueprintjs/core';
import { Suspense } from 'react';
import { useTranslation } from '../../i18n';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { AppLogo } from './app-logo';
import { LanguageSelect } from './language-select';

export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="hw-auth">
      <main className="hw-auth-main">
        <div className="hw-auth-brand">
          <AppLogo size={40} />
          <span className="hw-auth-title">{t('app.name')}</span>
        </div>
        <Card elevation={Elevation.TWO} className="hw-auth-card">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Card>
        <footer className="hw-auth-footer">
          <LanguageSelect />
        </footer>
      </main>
    </div>
  );
}
