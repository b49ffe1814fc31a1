// The offline texts (the `offline` namespace) in the three languages, added to the UI's i18next instance when the
// offline code loads: they are never part of the first screen (docs/decisions.md, "Installable and offline").
import { i18n } from '../i18n';
import en from '../locales/en-us/offline.json';
import de from '../locales/de/offline.json';
import deCh from '../locales/de-ch/offline.json';

let added = false;
export function addOfflineTexts(): void {
  if (added) return;
  added = true;
  const { instance } = i18n;
  instance.addResourceBundle('en-us', 'offline', en, true, true);
  instance.addResourceBundle('de', 'offline', de, true, true);
  instance.addResourceBundle('de-ch', 'offline', deCh, true, true);
  // 'offline.x' names the namespace only when it is listed (src/i18n/options.ts); there is no backend to load from
  const listed = ([] as string[]).concat(instance.options.ns ?? []);
  if (!listed.includes('offline')) instance.options.ns = [...listed, 'offline'];
}
