// What the signed-in user may do in the selected settings group (docs/domain/permissions.md, "Where the rights
// apply"): the client hides what the server would refuse. `GET /user/rights` is asked again when the settings group
// changes and after a change to members, user groups or permission groups (permissionKeys.rights).
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import type { Right } from '../entities/permissions';
import { fetchUserRights, permissionKeys } from '../api/permissions.api';
import { loggedInAtom } from '../state/session';
import { useSelectedSettingsGroup } from './use-settings-group';

export function useRights() {
  const loggedIn = useAtomValue(loggedInAtom);
  const { current } = useSelectedSettingsGroup();
  const sg = current?.uuid ?? null;
  const query = useQuery({
    queryKey: [...permissionKeys.rights, sg],
    queryFn: ({ signal }) => fetchUserRights(signal),
    enabled: loggedIn && Boolean(sg),
    staleTime: 60_000,
  });
  const group = sg ? query.data?.[sg] : undefined;
  /** Until the rights are known everything shows: the server refuses what is not allowed anyway. */
  const may = useCallback(
    (model: string, right: Right = 'view') =>
      !group || group.role === 'admin' || (group.rights[model] ?? []).includes(right),
    [group],
  );
  return { may, role: group?.role ?? null, settingsGroupUuid: sg, isLoading: query.isLoading };
}
