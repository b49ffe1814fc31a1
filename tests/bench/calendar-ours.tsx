// The "ours" page of calendar.bench.mjs: the real deadline calendar component (views/calendar/deadline-calendar.tsx)
// with the app's HTTP client, query client, translations and Blueprint styles, mounted on its own. Its events come
// from the calendar endpoint, answered by the bench (page.route) with the same JSON the bare page reads.
import '@blueprintjs/core/lib/css/blueprint.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { loadRecordTranslations } from '../../src/i18n';
import { DeadlineCalendar } from '../../views/calendar/deadline-calendar';

const context = { settingsGroupUuid: null, propertyUuids: [], kinds: ['task_event', 'ticket', 'order'] } as const;
const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

void loadRecordTranslations().then(() => {
  (window as unknown as { __mount: number }).__mount = performance.now();
  createRoot(document.getElementById('root')!).render(
    <QueryClientProvider client={client}>
      <DeadlineCalendar context={context} phone={false} />
    </QueryClientProvider>,
  );
});
