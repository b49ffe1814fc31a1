// The "ours" page of map.bench.mjs: the real map of /map (views/map/property-map.tsx with cluster-layer.ts) fed as
// the screen feeds it: `GET /map/properties` through the app's HTTP client and query client, the reply turned into
// points (map-data.ts), translations and Blueprint styles loaded. The grid beside it is left out (the bare page has
// none); the KPI is open tickets, as on the bare page.
import '@blueprintjs/core/lib/css/blueprint.css';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { loadRecordTranslations } from '../../src/i18n';
import { mapPropertiesQuery, prefetchMapProperties } from '../../views/map/map-api';
import { toPoints } from '../../views/map/map-data';
import { PropertyMap } from '../../views/map/property-map';
import '../../views/map/map.css';

const { view } = (window as unknown as { __BENCH: { view: { lat: number; lng: number; zoom: number } } }).__BENCH;
const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
const scope = {
  settingsGroupUuid: '00000000-0000-4000-8000-000000000001',
  kpi: 'open_tickets',
  propertyUuids: [],
} as const;
const none = () => undefined;
(window as unknown as { __mount: number }).__mount = performance.now();
// as the screen does when its code arrives
prefetchMapProperties(client, scope);

function Bench() {
  const reply = useQuery(mapPropertiesQuery(scope));
  const points = useMemo(() => toPoints(reply.data?.rows ?? []), [reply.data]);
  return (
    <PropertyMap
      points={points}
      kpi="open_tickets"
      selectedRows={[]}
      editable={false}
      dark={false}
      initial={view}
      placing={false}
      redraw={0}
      onSelect={none}
      onMoved={none}
      onPlace={none}
      onView={none}
    />
  );
}

void loadRecordTranslations().then(() => {
  createRoot(document.getElementById('root')!).render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Bench />
      </MemoryRouter>
    </QueryClientProvider>,
  );
});
