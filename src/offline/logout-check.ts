// Logout with changes not sent yet (docs/decisions.md, "Installable and offline"): the user is warned first; signing
// out anyway discards them (another user of the device must never send them), staying keeps everything.
import { i18n } from '../i18n';
import { queue } from './writer';
import { addOfflineTexts } from './texts';

/** True when the logout may go on (nothing waits, or the user chose to discard it). */
export async function confirmLogout(): Promise<boolean> {
  await queue.load().catch(() => undefined);
  const count = queue.list().length;
  if (count === 0) return true;
  addOfflineTexts();
  if (!window.confirm(i18n.t('offline.logoutWarning', { count }))) return false;
  await queue.clear();
  return true;
}
