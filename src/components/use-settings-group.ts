// The selected settings group (docs/domain/browser-app.md, "Selected context").
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useCurrentUser, useSettingsGroups } from '../api/queries';
import { selectedSettingsGroupAtom, switchSettingsGroupAtom } from '../state/context';

/**
 * The selected settings group: kept in session storage, defaulting to the user's default group (or the
 * first one) and corrected when the stored one is no longer among the user's groups.
 */
export function useSelectedSettingsGroup() {
  const { data: user } = useCurrentUser();
  const groupsQuery = useSettingsGroups(Boolean(user));
  const groups = groupsQuery.data;
  const selected = useAtomValue(selectedSettingsGroupAtom);
  const select = useSetAtom(switchSettingsGroupAtom);

  useEffect(() => {
    if (!user || !groups) return;
    if (selected && groups.some((group) => group.uuid === selected)) return;
    const fallback =
      groups.find((group) => group.uuid === user.default_settings_group?.uuid)?.uuid ?? groups[0]?.uuid ?? null;
    if (fallback !== selected) select(fallback);
  }, [user, groups, selected, select]);

  const current =
    groups?.find((group) => group.uuid === selected) ??
    (selected && user?.default_settings_group?.uuid === selected ? user.default_settings_group : null);
  return { groups: groups ?? [], current, select, isLoading: groupsQuery.isLoading };
}
