// The react-query cache: server state only (docs/domain/architecture.md, "Stack"). Cleared on logout and on 401.
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Errors are already reported by the HTTP client; repeating a 4xx or 5xx only repeats the notice.
      retry: (count, error) => !isApiError(error) && count < 1,
    },
    // Offline, a write runs at once: queued on the device or refused as needing a connection (src/offline/writer.ts),
    // never held in memory where a reload would lose it.
    mutations: { retry: false, networkMode: 'always' },
  },
});
