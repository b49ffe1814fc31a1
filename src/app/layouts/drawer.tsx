// The left drawer (starts open on the modules tab; docs/domain/browser-app.md, "Languages, formats and display"): module links and,
// on its second tab, settings.
import { Classes, Tab, Tabs } from '@blueprintjs/core';
import { useAtom } from 'jotai';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n';
import { NavLink } from 'react-router';
import { cx } from '../../components/cx';
import { DEFAULT_MODULE_ICON, MODULE_ICONS } from '../../components/module-icons';
import { PageLoader } from '../../components/page-loader';
import { useRights } from '../../components/use-rights';
import { drawerTabAtom, type DrawerTab } from '../../state/shell';
import { MODULES, SCREENS, isGridScreen } from '../../../views/screens';

/** The model each module screen lists (views/screens.ts): its entry shows only to who may view it. */
const MODEL_OF = new Map(SCREENS.filter(isGridScreen).map((screen) => [screen.key, screen.model]));

const SettingsNav = lazy(() => import('./settings-nav').then((m) => ({ default: m.SettingsNav })));

export function ModuleNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { may } = useRights();
  // docs/domain/permissions.md, "Where the rights apply": a module whose records one may not view is left out
  const visible = MODULES.filter((module) => {
    const model = MODEL_OF.get(module.key);
    return !model || may(model, 'view');
  });
  return (
    <ul className={cx(Classes.MENU, 'hw-nav-list')}>
      {visible.map((module) => (
        <li key={module.key}>
          <NavLink
            to={module.path}
            end={module.path === '/'}
            onClick={onNavigate}
            className={({ isActive }) => cx(Classes.MENU_ITEM, isActive && Classes.ACTIVE)}
          >
            {MODULE_ICONS[module.key] ?? DEFAULT_MODULE_ICON}
            <span className={Classes.FILL}>{t(`modules.${module.key}`)}</span>
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
