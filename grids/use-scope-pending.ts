// Lists wait for the selected settings group, so their first request is already scoped to it.
import { useCurrentUser } from '../src/api/queries';
import { useSelectedSettingsGroup } from '../src/components/use-settings-group';

/** True until the user and the selected settings group are known (a user without groups does not wait). */
export function useScopePending(): boolean {
  const { data: user } = useCurrentUser();
  const { groups, current, isLoading } = useSelectedSettingsGroup();
  return !user || isLoading || (groups.length > 0 && !current);
}
