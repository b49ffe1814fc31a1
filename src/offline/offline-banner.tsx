// The offline banner on every protected screen (docs/decisions.md, "Installable and offline"): while the browser is
// offline it says that what shows comes from this session's cache and how old the oldest of it on screen is.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n';
import { servedListTimes, subscribeCacheUse } from './session-cache';
import { addOfflineTexts } from './texts';

addOfflineTexts();

const subscribeOnline = (listener: () => void) => {
  addEventListener('online', listener);
  addEventListener('offline', listener);
  return () => {
    removeEventListener('online', listener);
    removeEventListener('offline', listener);
  };
};
export const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );

/** "14:32 (12 minutes ago)" in the UI language; a date when not today. */
export function formatAge(at: number, now: number, language: string): { time: string; age: string } {
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString();
  const time = new Intl.DateTimeFormat(
    language,
    sameDay ? { timeStyle: 'short' } : { dateStyle: 'short', timeStyle: 'short' },
  ).format(at);
  const minutes = Math.round((now - at) / 60_000);
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const age =
    minutes < 60
      ? rtf.format(-minutes, 'minute')
      : minutes < 48 * 60
        ? rtf.format(-Math.round(minutes / 60), 'hour')
        : rtf.format(-Math.round(minutes / 1440), 'day');
  return { time, age };
}

// inline: a stylesheet of this lazily loaded code would have to be named in the first screen's bundle
const BANNER_STYLE = {
  position: 'fixed',
  left: '50%',
  bottom: 8,
  transform: 'translateX(-50%)',
  zIndex: 30,
  maxWidth: 'calc(100vw - 16px)',
  padding: '4px 12px',
  borderRadius: 4,
  background: '#fbd065',
  color: '#1c2127',
  fontSize: 13,
  boxShadow: '0 1px 4px rgb(0 0 0 / 25%)',
  // a notice without controls: clicks go through it to what it covers (a drawer's Save button)
  pointerEvents: 'none',
} as const;

export function OfflineBanner() {
  const online = useOnline();
  const client = useQueryClient();
  const { t, i18n } = useTranslation();
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (online) return;
    const unsubscribe = client.getQueryCache().subscribe(() => tick());
    const stop = subscribeCacheUse(tick);
    const timer = setInterval(tick, 30_000);
    return () => {
      unsubscribe();
      stop();
      clearInterval(timer);
    };
  }, [online, client]);
  if (online) return null;
  // the oldest data on screen: queries someone observes, and the list replies the grids were answered with
  const times = client
    .getQueryCache()
    .getAll()
    .filter((q) => q.getObserversCount() > 0 && q.state.dataUpdatedAt > 0)
    .map((q) => q.state.dataUpdatedAt)
    .concat(servedListTimes());
  const oldest = times.length ? Math.min(...times) : null;
  return (
    <div className="hw-offline-banner" role="status" style={BANNER_STYLE}>
      {oldest === null ? t('offline.bannerEmpty') : t('offline.banner', formatAge(oldest, Date.now(), i18n.language))}
    </div>
  );
}
