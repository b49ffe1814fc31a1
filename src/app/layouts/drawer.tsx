// The left drawer (starts open on the modules tab; docs/domain/browser-app.md, "Languages, formats and display"): module links and,
// on its second tab, settings.
import { Classes, Tab, Tabs } from '@blueprintjs/core';
import { useAtom } from 'jotai';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n';
import { NavLink } from 'react-router';
import { cx } from '../../components/cx';
import { moduleIcon } from '../../components/module-icons';
import { PageLoader } from '../../components/page-loader';
import { useDisabledModels } from '../../components/use-disabled-models';
import { useRights } from '../../components/use-rights';
import { drawerTabAtom, type DrawerTab } from '../../state/shell';
import { MODULE_PAGES, listedWith } from '../../../views/pages';

const SettingsNav = lazy(() => import('./settings-nav').then((m) => ({ default: m.SettingsNav })));

export function ModuleNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { may } = useRights();
  const disabled = useDisabledModels();
  // docs/domain/permissions.md, "Where the rights apply": a module whose records one may not view is left out
  // (the model a module's grid page lists, views/pages.ts), and one switched off in the settings group
  const visible = MODULE_PAGES.filter(
    (module) => listedWith(disabled)(module) && (module.kind !== 'grid' || may(module.model, 'view')),
  );
  return (
    <ul className={cx(Classes.MENU, 'hw-nav-list')}>
      {visible.map((module) => (
        <li key={module.path}>
          <NavLink
            to={module.path}
            end={module.path === '/'}
            onClick={onNavigate}
            className={({ isActive }) => cx(Classes.MENU_ITEM, isActive && Classes.ACTIVE)}
          >
            {moduleIcon(module.icon)}
            <span className={Classes.FILL}>{t(module.title)}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function Drawer({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useAtom(drawerTabAtom);
  return (
    <nav className="hw-drawer" aria-label={t('shell.navigation')}>
      <Tabs
        id="hw-drawer-tabs"
        selectedTabId={tab}
        onChange={(id) => setTab(id as DrawerTab)}
        fill
        className="hw-drawer-tabs"
      >
        <Tab id="modules" title={t('shell.drawer.modules')} panel={<ModuleNav onNavigate={onNavigate} />} />
        <Tab
          id="settings"
          title={t('shell.drawer.settings')}
          panel={
            <Suspense fallback={<PageLoader />}>
              <SettingsNav onNavigate={onNavigate} />
            </Suspense>
          }
        />
      </Tabs>
    </nav>
  );
}
