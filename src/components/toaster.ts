// The Blueprint toaster, loaded on the first notice so its overlay code stays off the first screen.
import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

export function createToaster(): Promise<Toaster> {
  return OverlayToaster.createAsync({ position: Position.TOP, maxToasts: 5, className: 'hw-toaster' });
}
