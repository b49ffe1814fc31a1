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

let started = false;
export function startOffline(queryClient: QueryClient): void {
  if (started) return;
  started = true;
  startSessionCache(queryClient);
  startWriter(queryClient);
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
