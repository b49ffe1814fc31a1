// One selection of records per screen, shared by the views linked on it (docs/decisions.md, "The map screen"): the
// map and its grid on /map today, the calendar and charts beside a grid later. Each view writes what the user picked
// with its own name as `source`, and follows changes whose source is another view (scrolling, highlighting) without
// writing back, so two views never echo each other. Forgotten on logout and when the settings group changes.
import { atom, type PrimitiveAtom } from 'jotai';
import { selectedSettingsGroupAtom } from './context';
import { onSessionReset } from './reset';
import { store } from './store';

export interface LinkedSelection {
  /** The selected records' uuids, the one to bring into view first. */
  uuids: readonly string[];
  /** The view that made the selection (`map`, `grid`, …); empty for none. */
  source: string;
}

export const NO_SELECTION: LinkedSelection = { uuids: [], source: '' };

const atoms = new Map<string, PrimitiveAtom<LinkedSelection>>();

/** The selection of one screen (its key, e.g. `map`): the same atom for every view of that screen. */
export function selectionAtom(screen: string): PrimitiveAtom<LinkedSelection> {
  let found = atoms.get(screen);
  if (!found) {
    found = atom<LinkedSelection>(NO_SELECTION);
    atoms.set(screen, found);
  }
  return found;
}

const forget = () => {
  for (const selection of atoms.values()) store.set(selection, NO_SELECTION);
};
onSessionReset(forget);
store.sub(selectedSettingsGroupAtom, forget);
