// The models switched off in the selected settings group (docs/domain/fields.md, "Model settings"): the session's
// reply names them per settings group (`acl.disabled_models` of GET /user), so the navigation hides their pages
// without a request of its own. Asked again after a model's settings change (the user query).
import { useMemo } from 'react';
import { useCurrentUser } from '../api/queries';
import { useSelectedSettingsGroup } from './use-settings-group';

const NONE: readonly string[] = [];

export function useDisabledModels(): ReadonlySet<string> {
  const { data: user } = useCurrentUser();
  const { current } = useSelectedSettingsGroup();
  // a reply cached before the field existed has none
  const list = (current && user?.acl.disabled_models?.[current.uuid]) || NONE;
  return useMemo(() => new Set(list), [list]);
}
