// The focus after a popover picker closes (docs/decisions.md, "Focus after a picker closes"): back on its button
// once the popover has gone, unless the user has put it somewhere else meanwhile. Use with the popover's own
// return turned off (`shouldReturnFocusOnClose={false}`), which takes the focus back whatever the user did.
import { Classes } from '@blueprintjs/core';
import { useCallback, useRef } from 'react';

/** The focus is on nothing the user chose: the page, the closing popover, or an overlay's focus trap. */
function focusIsAdrift() {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) return true;
  return Boolean(
    active.closest(`.${Classes.POPOVER}`) ||
    active.classList.contains(Classes.OVERLAY_START_FOCUS_TRAP) ||
    active.classList.contains(Classes.OVERLAY_END_FOCUS_TRAP),
  );
}

export function useReturnFocus<T extends HTMLElement = HTMLButtonElement>() {
  const target = useRef<T>(null);
  const onClosed = useCallback(() => {
    if (focusIsAdrift()) target.current?.focus();
  }, []);
  return { target, onClosed };
}
