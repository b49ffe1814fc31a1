// The names of the records an audit entry's lists of uuids name (a user group's members, a permission group's user
// groups), for the audit log and a record's History panel (audit-details.ts): the titles of every model a list of
// references of the given models points to are loaded once (grids/ref-titles.ts: the small admin tables), and a
// list is named only when each of its records is known (a deleted one leaves it counted).
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { knownRefTitle, preloadTitles } from '../../grids/ref-titles';
import { entityByName } from '../../src/entities/registry';

/** The models the `refs` fields of `models` point to. */
function targetsOf(models: readonly string[]): string[] {
  const out = new Set<string>();
  for (const model of models)
    for (const field of Object.values(entityByName(model)?.fields ?? {}))
      if (field.kind === 'refs') out.add(field.model);
  return [...out].sort();
}

export type RefNames = (model: string | null, key: string, uuids: readonly string[]) => string | undefined;

export function useRefNames(models: readonly string[]): RefNames {
  const targets = useMemo(() => targetsOf(models), [models]);
  const loaded = useQuery({
    queryKey: ['ref-names', ...targets],
    // a model the caller may not list keeps its lists counted
    queryFn: () => Promise.all(targets.map((model) => preloadTitles(model).catch(() => undefined))).then(() => true),
    enabled: targets.length > 0,
    staleTime: 60_000,
  });
  const version = loaded.dataUpdatedAt;
  return useCallback<RefNames>(
    (model, key, uuids) => {
      void version; // named again once the titles arrive
      const field = model ? entityByName(model)?.fields[key] : undefined;
      if (field?.kind !== 'refs') return undefined;
      const names = uuids.map((uuid) => knownRefTitle(field.model, uuid));
      return names.every((name): name is string => typeof name === 'string') ? names.join(', ') : undefined;
    },
    [version],
  );
}
