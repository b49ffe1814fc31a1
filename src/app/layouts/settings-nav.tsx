// The list of settings pages and templates, shown in the drawer's settings tab and beside /settings.
import { Classes } from '@blueprintjs/core';
import { useTranslation } from '../../i18n';
import { NavLink } from 'react-router';
import { cx } from '../../components/cx';
import {
  DEFAULT_SETTINGS_ICON,
  DEFAULT_TEMPLATE_ICON,
  SETTINGS_ICONS,
  TEMPLATE_ICONS,
} from '../../components/settings-icons';
import { SETTINGS_PAGES, TEMPLATE_PAGES } from '../../components/settings-pages';

const itemClass = ({ isActive }: { isActive: boolean }) => cx(Classes.MENU_ITEM, isActive && Classes.ACTIVE);

export function SettingsNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <ul className={cx(Classes.MENU, 'hw-nav-list')}>
      <li className={Classes.MENU_HEADER}>
        <h6 className={Classes.HEADING}>{t('modules.settings')}</h6>
      </li>
      {SETTINGS_PAGES.map((page) => (
        <li key={page.path}>
          <NavLink to={`/settings/${page.path}`} onClick={onNavigate} className={itemClass}>
            {SETTINGS_ICONS[page.key] ?? DEFAULT_SETTINGS_ICON}
            <span className={Classes.FILL}>{t(`modules.settingsPages.${page.key}`)}</span>
          </NavLink>
        </li>
      ))}
      <li className={Classes.MENU_HEADER}>
        <h6 className={Classes.HEADING}>{t('modules.templatesTitle')}</h6>
      </li>
      {TEMPLATE_PAGES.map((page) => (
        <li key={page.path}>
          <NavLink to={`/settings/${page.path}`} onClick={onNavigate} className={itemClass}>
            {TEMPLATE_ICONS[page.key] ?? DEFAULT_TEMPLATE_ICON}
            <span className={Classes.FILL}>{t(`modules.templates.${page.key}`)}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
