// The home dashboard: a greeting, the selected settings group, the key figures and two small charts (home/dashboard.tsx,
// loaded lazily with the record screens' texts, so they stay off the first screen) and a card per module.
import { Callout, Card, Classes, H1, Intent } from '@blueprintjs/core';
import { Applications } from '@blueprintjs/icons';
import { cloneElement, lazy, Suspense, type ReactElement } from 'react';
import { useTranslation } from '../src/i18n';
import { Link } from 'react-router';
import { useCurrentUser } from '../src/api/queries';
import { DEFAULT_MODULE_ICON, MODULE_ICONS } from '../src/components/module-icons';
import { useSelectedSettingsGroup } from '../src/components/use-settings-group';
import { useDocumentTitle } from '../src/components/use-document-title';
import { MODULES } from './screens';
import { loadDashboard } from './records/routes';

const Dashboard = lazy(loadDashboard);

export function HomeView() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const { current, isLoading } = useSelectedSettingsGroup();

  useDocumentTitle(t('modules.home'));

  return (
    <div className="hw-page">
      <header className="hw-home-header">
        <H1>{t('shell.home.greeting', { name: user?.first_name ?? '' })}</H1>
        <p className={Classes.TEXT_MUTED}>
          <Applications />{' '}
          {current
            ? t('shell.home.currentGroup', { name: current.name })
            : isLoading
              ? t('common.loading')
              : t('settingsGroups.none')}
        </p>
      </header>
      {user?.needs_attention && (
        <Callout intent={Intent.WARNING} className="hw-home-callout">
          {t('shell.home.attention')} <Link to="/profile">{t('shell.profile')}</Link>
        </Callout>
      )}
      {user && !user.has_settings_groups && (
        <Callout intent={Intent.PRIMARY} className="hw-home-callout">
          {t('shell.home.noGroups')} <Link to="/settings-groups">{t('settingsGroups.create')}</Link>
        </Callout>
      )}
      {user?.has_settings_groups && (
        <Suspense>
          <Dashboard />
        </Suspense>
      )}
      <h2 className={`${Classes.HEADING} hw-section-title`}>{t('shell.home.modules')}</h2>
      <ul className="hw-module-cards">
        {MODULES.filter((module) => module.key !== 'home').map((module) => (
          <li key={module.key}>
            <Link to={module.path} className="hw-card-link">
              <Card interactive className="hw-module-card">
                <span className="hw-module-card-icon">
                  {cloneElement((MODULE_ICONS[module.key] ?? DEFAULT_MODULE_ICON) as ReactElement<{ size?: number }>, {
                    size: 20,
                  })}
                </span>
                <span className="hw-module-card-title">{t(`modules.${module.key}`)}</span>
                <span className={`hw-module-card-text ${Classes.TEXT_MUTED}`}>
                  {t(`modules.descriptions.${module.key}`)}
                </span>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
