// The map's server calls (docs/decisions.md, "The map screen"): the placed and unplaced properties with one KPI
// (`GET /map/properties`), and a property's new place (`PATCH /properties/{uuid}` with If-Match, through the
// records API). The map's list sits below the property model's list keys, so every write of a property (a grid
// edit, an undo, the drawer) refetches it like any other list of properties.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { http } from '../../src/api/http';
import { getRecord, recordKeys, updateRecord, type ApiRecord } from '../../src/api/records';
import { property } from '../../src/entities/property';
import { geoValue, isKpi, type Kpi, type MapReply } from './map-data';

export interface MapScope {
  settingsGroupUuid: string | null;
  kpi: Kpi;
  propertyUuids: readonly string[];
  /** The records its grid lists (its status limiter and archived switch); none: every state, not archived. */
  list?: MapListScope | null;
}

export interface MapListScope {
  statusLimiter: 'active' | 'inactive' | 'all' | null;
  archived: '0' | '1' | 'all';
}

/** The grid's own start (grids/preferences.ts: active, not archived) until it reports its state. */
export const GRID_START: MapListScope = { statusLimiter: 'active', archived: '0' };

export const mapPropertiesQuery = ({ settingsGroupUuid, kpi, propertyUuids, list }: MapScope) =>
  queryOptions({
    queryKey: [
      ...recordKeys.lists(property.name),
      'map',
      { settingsGroupUuid, kpi, propertyUuids, list: list ?? null },
    ] as const,
    queryFn: async ({ signal }) => {
      const reply = await http.get<MapReply>('map/properties', {
        signal,
        query: {
          ...(settingsGroupUuid ? { settings_group_uuid: settingsGroupUuid } : {}),
          kpi,
          ...(propertyUuids.length ? { property_uuids: propertyUuids } : {}),
          ...(list?.statusLimiter ? { status_limiter: list.statusLimiter } : {}),
          ...(list ? { archived: list.archived } : {}),
        },
      });
      return {
        kpi: isKpi(reply.kpi) ? reply.kpi : kpi,
        rows: Array.isArray(reply.rows) ? reply.rows : [],
        unplaced: Array.isArray(reply.unplaced) ? reply.unplaced : [],
      } satisfies MapReply;
    },
    staleTime: 30_000,
  });

/**
 * Starts reading the map's properties before the screen renders (when its code arrives, in parallel with its texts
 * and React's first render), as a grid route warms its first block.
 */
export function prefetchMapProperties(client: QueryClient, scope: MapScope): void {
  if (scope.settingsGroupUuid) void client.prefetchQuery(mapPropertiesQuery(scope)).catch(() => undefined);
}

/** Moves a property: read for its version, then patched with If-Match (a stale version is a 409). */
export async function placeProperty(
  uuid: string,
  lat: number,
  lng: number,
): Promise<{ before: ApiRecord; after: ApiRecord }> {
  const before = await getRecord(property, uuid);
  const after = await updateRecord(property, before, { latitude: geoValue(lat), longitude: geoValue(lng) });
  return { before, after };
}

/** The tile server (docs/decisions.md, "The map screen"): a build setting, OpenStreetMap's by default; empty: none. */
export const TILE_URL: string =
  (import.meta.env.VITE_MAP_TILE_URL as string | undefined) ?? 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION: string =
  (import.meta.env.VITE_MAP_TILE_ATTRIBUTION as string | undefined) ??
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

const probes = new Map<string, Promise<boolean>>();

/**
 * Whether the tile server answers: one tile (the whole world at zoom 0) is loaded once per page load. Without an
 * answer the map shows no tile layer at all, so an unreachable server costs one failed request instead of one per
 * tile (each logged by the browser).
 */
export function tilesReachable(url = TILE_URL, timeoutMs = 8000): Promise<boolean> {
  if (!url) return Promise.resolve(false);
  let probe = probes.get(url);
  if (!probe) {
    probe = new Promise<boolean>((resolve) => {
      const image = new Image();
      const timer = setTimeout(() => resolve(false), timeoutMs);
      image.onload = () => {
        clearTimeout(timer);
        resolve(true);
      };
      image.onerror = () => {
        clearTimeout(timer);
        resolve(false);
      };
      image.src = url
        .replace('{s}', 'a')
        .replace('{z}', '0')
        .replace('{x}', '0')
        .replace('{y}', '0')
        .replace('{r}', '');
    });
    probes.set(url, probe);
  }
  return probe;
}
