// The offline code's entry (docs/decisions.md, "Installable and offline"), loaded by the protected pages' guard
// beside the first screen: the session cache for reading without signal, the queue of changes made
// without it, and the banner and the changes panel, shown on every screen from
// a React root of its own (so the first screen's bundle carries none of it).
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { OfflineBanner } from './offline-banner';
import { ChangesPanel } from './changes-panel';
import { startSessionCache } from './session-cache';
import { startWriter } from './writer';

/**
 * The build's files this page loaded, kept in the service worker's cache of assets (vite.config.ts): those that are
 * not precached and were loaded before the worker took over (its first visit) would otherwise be missing offline.
 */
function keepLoadedAssets(): void {
  if (typeof caches === 'undefined' || typeof PerformanceObserver === 'undefined') return;
  const seen = new Set<string>();
  const keep = (entries: PerformanceEntryList) => {
    for (const entry of entries) {
      const url = new URL(entry.name);
      if (url.origin !== location.origin || !url.pathname.startsWith('/assets/') || seen.has(url.pathname)) continue;
      seen.add(url.pathname);
      void caches
        .match(url.pathname)
        .then((hit) => (hit ? undefined : caches.open('hauswerk-assets').then((cache) => cache.add(url.pathname))))
        .catch(() => undefined);
    }
  };
  new PerformanceObserver((list) => keep(list.getEntries())).observe({ type: 'resource', buffered: true });
}

let started = false;
export function startOffline(queryClient: QueryClient): void {
  if (started) return;
  started = true;
  startSessionCache(queryClient);
  startWriter(queryClient);
  keepLoadedAssets();
  const host = document.createElement('div');
  host.className = 'hw-offline-root';
  document.body.append(host);
  createRoot(host).render(
    <QueryClientProvider client={queryClient}>
      <OfflineBanner />
      <ChangesPanel />
    </QueryClientProvider>,
  );
}
