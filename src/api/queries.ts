// Query keys and hooks. Server data stays in the react-query cache, never copied into atoms.
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { loggedInAtom } from '../state/session';
import {
  fetchApiTokens,
  fetchSettingsGroup,
  fetchSettingsGroups,
  fetchSystemNotifications,
  fetchUser,
  fetchVerifiedStatus,
} from './account.api';

export const queryKeys = {
  user: ['user'] as const,
  apiTokens: ['api-tokens'] as const,
  verifiedStatus: ['email', 'verified-status'] as const,
  settingsGroups: ['settings-groups'] as const,
  settingsGroupsSlim: ['settings-groups', 'slim'] as const,
  settingsGroup: (uuid: string) => ['settings-groups', 'detail', uuid] as const,
  systemNotifications: ['system-notifications'] as const,
  twoFactor: ['two-factor'] as const,
};

export const userQuery = {
  queryKey: queryKeys.user,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchUser(signal),
  staleTime: 60_000,
};

/** The signed-in user; asked for when the session flag is set, or by the guard of a tab without it (`ask`). */
export function useCurrentUser(ask = false) {
  const loggedIn = useAtomValue(loggedInAtom);
  return useQuery({ ...userQuery, enabled: loggedIn || ask });
}

export function useSettingsGroups(enabled = true) {
  return useQuery({ queryKey: queryKeys.settingsGroupsSlim, queryFn: fetchSettingsGroups, enabled });
}

export const settingsGroupQuery = (uuid: string) => ({
  queryKey: queryKeys.settingsGroup(uuid),
  queryFn: () => fetchSettingsGroup(uuid),
});

export function useSettingsGroup(uuid: string | null) {
  return useQuery({ ...settingsGroupQuery(uuid ?? ''), enabled: Boolean(uuid) });
}

export function useSystemNotifications(enabled = true) {
  return useQuery({
    queryKey: queryKeys.systemNotifications,
    queryFn: fetchSystemNotifications,
    enabled,
    refetchInterval: 600_000,
  });
}

export function useVerifiedStatus() {
  return useQuery({ queryKey: queryKeys.verifiedStatus, queryFn: fetchVerifiedStatus, staleTime: 0 });
}

export function useApiTokens() {
  return useQuery({ queryKey: queryKeys.apiTokens, queryFn: fetchApiTokens });
}
