// The home dashboard: a greeting, the selected settings group, the key figures and two small charts (home/dashboard.tsx,
// loaded lazily with the record screens' texts, so they stay off the first screen) and a card per module.
import { Callout, Card, Classes, H1, Intent } from '@blueprintjs/core';
import { Applications } from '@blueprintjs/icons';
import { lazy, Suspense } from 'react';
import { loadRecordTranslations, useTranslation } from '../src/i18n';
import { Link } from 'react-router';
import { useCurrentUser } from '../src/api/queries';
import { moduleIcon } from '../src/components/module-icons';
import { useSelectedSettingsGroup } from '../src/components/use-settings-group';
import { useDocumentTitle } from '../src/components/use-document-title';
import { useDisabledModels } from '../src/components/use-disabled-models';
import { MODULE_PAGES, listedWith } from './pages';

// the tiles and small charts come with the record screens' texts
const Dashboard = lazy(() =>
  Promise.all([import('./home/dashboard'), loadRecordTranslations()]).then(([m]) => ({ default: m.Dashboard })),
);

export function HomeView() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const { current, isLoading } = useSelectedSettingsGroup();
  // a module switched off in the settings group has no card (docs/domain/fields.md, "Model settings")
  const listed = listedWith(useDisabledModels());

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
        {MODULE_PAGES.filter((module) => module.path !== '/' && listed(module)).map((module) => (
          <li key={module.path}>
            <Link to={module.path} className="hw-card-link">
              <Card interactive className="hw-module-card">
                <span className="hw-module-card-icon">{moduleIcon(module.icon)}</span>
                <span className="hw-module-card-title">{t(module.title)}</span>
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
