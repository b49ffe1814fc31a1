// The selected context (docs/domain/browser-app.md, "Selected context"): settings group, properties, partitions and user group
// persist for the browser session, and so do each table's column filters and quick search; the limiter lives for the
// page's lifetime.
import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { sessionJson } from './storage';

export const selectedSettingsGroupAtom = atomWithStorage<string | null>(
  'hauswerk.selectedSettingsGroup',
  null,
  sessionJson<string | null>(),
  { getOnInit: true },
);
export const selectedPropertiesAtom = atomWithStorage<string[]>(
  'hauswerk.selectedProperties',
  [],
  sessionJson<string[]>(),
  { getOnInit: true },
);
export const selectedPartitionsAtom = atomWithStorage<string[]>(
  'hauswerk.selectedPartitions',
  [],
  sessionJson<string[]>(),
  { getOnInit: true },
);
export const selectedUserGroupAtom = atomWithStorage<string | null>(
  'hauswerk.selectedUserGroup',
  null,
  sessionJson<string | null>(),
  { getOnInit: true },
);

/** Switching the settings group drops the properties and partitions chosen in the old one. */
export const switchSettingsGroupAtom = atom(null, (get, set, uuid: string | null) => {
  if (get(selectedSettingsGroupAtom) === uuid) return;
  set(selectedSettingsGroupAtom, uuid);
  set(selectedPropertiesAtom, []);
  set(selectedPartitionsAtom, []);
});

/**
 * Filter values and the quick search per table name, kept for the browser session beside the device's table settings
 * (a reload keeps them), and the status limiter option (docs/domain/browser-app.md, "Selected context").
 */
export const filtersAtom = atomWithStorage<Record<string, Record<string, unknown>>>(
  'hauswerk.gridFilters',
  {},
  sessionJson<Record<string, Record<string, unknown>>>(),
  { getOnInit: true },
);
export const searchesAtom = atomWithStorage<Record<string, string>>(
  'hauswerk.gridSearch',
  {},
  sessionJson<Record<string, string>>(),
  { getOnInit: true },
);
export const limiterAtom = atom<Record<string, string | null>>({});

/** Contact selection (docs/domain/browser-app.md, "Selected context"): the selected contact and column. */
export interface ContactSelection {
  uuid: string | null;
  column: string | null;
}
export const contactSelectionAtom = atom<ContactSelection>({ uuid: null, column: null });
