// The user menu in the navbar: profile (with the "needs attention" dot), dark mode, language, logout.
import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { CaretDown, Lifesaver, LogOut, Notifications, User as UserIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useLocation, useNavigate } from 'react-router';
import type { Locale, User } from '../entities/account';
import { updateProfile } from '../api/account.api';
import { queryKeys } from '../api/queries';
import { logoutAndReset } from '../auth/session';
import { LANGUAGES, setLanguage, useTranslation } from '../i18n';
import { DARK_MODES, darkModeAtom } from '../state/theme';

export function AttentionDot({ label }: { label: string }) {
  return <span className="hw-attention-dot" role="img" aria-label={label} />;
}

/** Switches the UI language at once and saves it on the profile when signed in. */
export function useChangeLanguage(user: User | undefined) {
  const client = useQueryClient();
  return async (locale: Locale) => {
    await setLanguage(locale);
    if (!user || user.locale === locale) return;
    try {
      const { first_name, last_name, email, organisation, gender, date_format } = user;
      await updateProfile({ first_name, last_name, email, organisation, gender, date_format, locale });
      await client.invalidateQueries({ queryKey: queryKeys.user });
    } catch {
      // the HTTP client already reported it; the UI keeps the chosen language for this session
    }
  };
}

export function UserMenu({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [darkMode, setDarkMode] = useAtom(darkModeAtom);
  const changeLanguage = useChangeLanguage(user);

  const menu = (
    <Menu aria-label={t('shell.userMenu')}>
      <li className="hw-menu-user">
        <strong>{user.name}</strong>
        <span>{user.email}</span>
      </li>
      <MenuDivider />
      <MenuItem
        icon={<UserIcon />}
        text={t('shell.profile')}
        labelElement={user.needs_attention ? <AttentionDot label={t('shell.needsAttention')} /> : undefined}
        onClick={() => void navigate('/profile')}
      />
      <MenuItem
        icon={<Notifications />}
        text={t('notifications.title')}
        onClick={() => void navigate('/notifications')}
      />
      {/* a support request, its New form started with the page the user is on (docs/domain/support-requests.md) */}
      <MenuItem
        icon={<Lifesaver />}
        text={t('shell.support')}
        onClick={() =>
          void navigate(`/support-requests?${new URLSearchParams({ new: '1', from: location.pathname }).toString()}`)
        }
      />
      <MenuDivider title={t('shell.darkMode.title')} />
      {DARK_MODES.map((mode) => (
        <MenuItem
          key={mode}
          roleStructure="listoption"
          selected={darkMode === mode}
          text={t(`shell.darkMode.${mode}`)}
          onClick={() => setDarkMode(mode)}
        />
      ))}
      <MenuDivider title={t('shell.language')} />
      {LANGUAGES.map((locale) => (
        <MenuItem
          key={locale}
          roleStructure="listoption"
          selected={i18n.language === locale}
          text={t(`common.languages.${locale}`)}
          onClick={() => void changeLanguage(locale)}
        />
      ))}
      <MenuDivider />
      <MenuItem
        icon={<LogOut />}
        text={t('shell.logout')}
        onClick={() => void logoutAndReset((to, options) => navigate(to, options), location.pathname)}
      />
    </Menu>
  );

  return (
    <PopoverNext content={menu} placement="bottom-end">
      <Button
        variant="minimal"
        icon={<UserIcon />}
        endIcon={<CaretDown />}
        aria-label={t('shell.userMenu')}
        className="hw-user-button"
      >
        <span className="hw-truncate hw-hide-narrow">{user.first_name || user.name}</span>
        {user.needs_attention && <AttentionDot label={t('shell.needsAttention')} />}
      </Button>
    </PopoverNext>
  );
}
