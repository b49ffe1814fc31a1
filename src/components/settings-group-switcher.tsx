// The settings group (workspace) switcher in the navbar (docs/domain/browser-app.md, "Selected context").
import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { Applications, CaretDown, Cog } from '@blueprintjs/icons';
import { useTranslation } from '../i18n';
import { useNavigate } from 'react-router';
import { useSelectedSettingsGroup } from './use-settings-group';

export function SettingsGroupSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { groups, current, select } = useSelectedSettingsGroup();

  const menu = (
    <Menu aria-label={t('settingsGroups.switcher')}>
      <MenuDivider title={t('settingsGroups.title')} />
      {groups.length === 0 && <MenuItem disabled text={t('settingsGroups.empty')} />}
      {groups.map((group) => (
        <MenuItem
          key={group.uuid}
          roleStructure="listoption"
          selected={group.uuid === current?.uuid}
          text={group.name}
          label={t(`settingsGroups.roles.${group.role}`)}
          onClick={() => select(group.uuid)}
        />
      ))}
      <MenuDivider />
      <MenuItem icon={<Cog />} text={t('settingsGroups.manage')} onClick={() => void navigate('/settings-groups')} />
    </Menu>
  );

  return (
    <PopoverNext content={menu} placement="bottom-start" arrow={false}>
      <Button
        variant="minimal"
        icon={<Applications />}
        endIcon={<CaretDown />}
        aria-label={t('settingsGroups.switcher')}
        text={<span className="hw-truncate">{current?.name ?? t('settingsGroups.none')}</span>}
      />
    </PopoverNext>
  );
}
