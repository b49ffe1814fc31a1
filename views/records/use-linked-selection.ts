// A module screen's grid joined to the screen's one selection (src/state/selection.ts; docs/decisions.md, "Linked
// selection"): the user's ticks are written to it, and what another view of the screen selected (the calendar, the
// map) is selected in the grid when it mounts or the selection changes; rows not loaded yet are selected when their
// block arrives, and stay in the selection while the user ticks other rows.
import { useAtom } from 'jotai';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { DataGridHandle } from '../../grids/data-grid';
import { mergeGridSelection } from '../../src/state/linked-selection';
import { selectionAtom } from '../../src/state/selection';

const GRID = 'grid';

/** `screen` empty: a grid linked to nothing. */
export function useLinkedGridSelection(screen: string, handle: RefObject<DataGridHandle | null>) {
  const [selection, setSelection] = useAtom(selectionAtom(screen));
  const latest = useRef(selection);
  latest.current = selection;
  // the first selected row is brought into view once, after a change from another view (or on mount)
  const reveal = useRef(true);
  const mounted = useRef(false);

  const apply = useCallback(() => {
    const grid = handle.current;
    if (!grid) return;
    if (grid.select(latest.current.uuids, reveal.current)) reveal.current = false;
  }, [handle]);

  useEffect(() => {
    if (!screen) return;
    const first = !mounted.current;
    mounted.current = true;
    if (selection.source === GRID && !first) return;
    reveal.current = selection.uuids.length > 0;
    apply();
  }, [screen, selection, apply]);

  const onSelectionChange = useCallback(
    (ticked: string[]) => {
      reveal.current = false;
      const grid = handle.current;
      const uuids = mergeGridSelection(latest.current.uuids, ticked, (uuid) => grid?.loaded(uuid) ?? false);
      setSelection({ uuids, source: GRID });
    },
    [handle, setSelection],
  );

  const clear = useCallback(() => setSelection({ uuids: [], source: 'clear' }), [setSelection]);
  return { selection, onSelectionChange, onRowsChanged: apply, clear };
}
