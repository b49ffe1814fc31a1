// Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y on a screen that is not a grid (the map, the deadline calendar), as in the grids
// (docs/domain/spreadsheet.md, "Grid editing"; one undo stack per tab). Listened to on the window while the screen
// is mounted, not on its element: a drag (a pin, a calendar entry) leaves the focus where it was, mostly on the
// page itself, so a key handler on the screen would never hear the Ctrl+Z that follows the drop.
import { useEffect } from 'react';
import { redo, undo } from './undo-run';

/** Text fields, a grid (its own undo keys) and dialogs, drawers and menus keep Ctrl+Z. */
const OWN_KEYS =
  'input:not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable="true"], .hw-data-grid, .bp6-overlay';

export function useUndoKeys(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest(OWN_KEYS)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) void undo();
      else if (key === 'y' || (key === 'z' && event.shiftKey)) void redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
