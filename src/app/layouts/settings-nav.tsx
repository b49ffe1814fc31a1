// The settings menu: the settings pages and the templates of the page manifest (views/pages.ts), in its order, shown
// in the drawer's settings tab and beside /settings; the grid pages of models switched off in the selected settings
// group left out, and a superusers' page for anyone else.
import { Classes } from '@blueprintjs/core';
import { useTranslation } from '../../i18n';
import { NavLink } from 'react-router';
import { cx } from '../../components/cx';
import { pageIcon } from '../../components/page-icons';
import { useDisabledModels } from '../../components/use-disabled-models';
import { useCurrentUser } from '../../api/queries';
import { listedWith, navPages } from '../../../views/pages';

const itemClass = ({ isActive }: { isActive: boolean }) => cx(Classes.MENU_ITEM, isActive && Classes.ACTIVE);

const SECTIONS = [
  { heading: 'modules.settings', pages: navPages('settings') },
  { heading: 'modules.templatesTitle', pages: navPages('templates') },
] as const;

export function SettingsNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  // a settings page listing a switched-off model's records is left out; its settings page stays
  const { data: user } = useCurrentUser();
  const listed = listedWith(useDisabledModels(), user?.is_superuser === true);
  return (
    <ul className={cx(Classes.MENU, 'hw-nav-list')}>
      {SECTIONS.map(({ heading, pages }) => [
        <li key={heading} className={Classes.MENU_HEADER}>
          <h6 className={Classes.HEADING}>{t(heading)}</h6>
        </li>,
        ...pages.filter(listed).map((page) => (
          <li key={page.path}>
            {/* the General page (/settings) is the others' prefix: only its own path marks it */}
            <NavLink to={page.path} end={page.path === '/settings'} onClick={onNavigate} className={itemClass}>
              {pageIcon(page.icon)}
              <span className={Classes.FILL}>{t(page.title)}</span>
            </NavLink>
          </li>
        )),
      ])}
    </ul>
  );
}
