// /map (docs/decisions.md, "The map screen"): the properties at their coordinates, clustered and coloured by the KPI
// chosen in the header, beside the properties grid (desktop) with one selection for both (src/state/selection.ts),
// the properties without coordinates to place, and an edit switch for moving pins. On a phone the map fills the
// screen with a bottom sheet of the selected properties. The view (centre, zoom, KPI) lives in the address bar.
import { Button, H1, HTMLSelect, Spinner, Switch, Tag } from '@blueprintjs/core';
import { Map as MapIcon } from '@blueprintjs/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtom, useAtomValue } from 'jotai';
import type L from 'leaflet';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useUndoKeys } from '../../grids';
import type { DataGridHandle } from '../../grids/data-grid';
import { propertiesGrid } from '../../grids/properties.grid';
import { useIsMobile } from '../../grids/preferences';
import { loadDataGridModule, loadedDataGridModule, preloadForGridRoute } from '../../grids/preload';
import type { ListQuery } from '../../src/api/records';
import { useDocumentTitle } from '../../src/components/use-document-title';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import { useTranslation } from '../../src/i18n';
import { selectedPropertiesAtom, selectedSettingsGroupAtom } from '../../src/state/context';
import { store } from '../../src/state/store';
import { queryClient } from '../../src/api/query-client';
import { selectionAtom } from '../../src/state/selection';
import { isDarkAtom } from '../../src/state/theme';
import { GRID_START, mapPropertiesQuery, prefetchMapProperties, type MapListScope } from './map-api';
import { bboxParam, isKpi, KPIS, toPoints, type Kpi, type MapRow, type UnplacedRow } from './map-data';
import { MapLegend, PlacingNote, SelectionList, UnplacedList } from './map-panels';
import { PropertyMap, type MapViewState } from './property-map';
import { useMapMoves } from './use-map-moves';
import '../records/records.css';
import './map.css';

void preloadForGridRoute();
// the properties of the map are asked for as soon as this code arrives (the KPI from the address, as the screen reads it)
prefetchMapProperties(queryClient, {
  settingsGroupUuid: store.get(selectedSettingsGroupAtom),
  kpi: ((k) => (isKpi(k) ? k : 'none'))(new URLSearchParams(globalThis.location?.search).get('kpi')),
  propertyUuids: store.get(selectedPropertiesAtom),
  list: GRID_START,
});

const NO_ROWS: MapRow[] = [];
const NO_UNPLACED: UnplacedRow[] = [];
/** The grid narrowed to the map's selection takes at most this many (the list's `filter[uuid]` maximum). */
const FOCUS_LIMIT = 200;

function viewFromParams(params: URLSearchParams): MapViewState | null {
  const lat = Number(params.get('lat'));
  const lng = Number(params.get('lng'));
  const zoom = Number(params.get('z'));
  if (!params.has('lat') || !Number.isFinite(lat) || !Number.isFinite(lng) || !Number.isFinite(zoom)) return null;
  if (Math.abs(lat) > 85 || Math.abs(lng) > 180 || zoom < 2 || zoom > 19) return null;
  return { lat, lng, zoom };
}

function useDataGridModule(enabled: boolean) {
  const [module, setModule] = useState(loadedDataGridModule);
  const [error, setError] = useState<unknown>(null);
  if (error) throw error;
  useEffect(() => {
    if (enabled && !module) loadDataGridModule().then(setModule, setError);
  }, [enabled, module]);
  return module;
}

interface MapViewProps {
  /** The screen's selection (src/state/selection.ts): `map` on /map, the properties screen's when embedded there. */
  selectionKey?: string;
  /**
   * The map as the properties screen's Map view (docs/decisions.md, "Linked selection"): under that screen's header,
   * its toolbar above the map, a row opening in that screen's drawer.
   */
  embedded?: { onOpenRecord: (uuid: string) => void };
}

export function MapView({ selectionKey = 'map', embedded }: MapViewProps = {}) {
  const { t } = useTranslation();
  const title = t('modules.map');
  useDocumentTitle(embedded ? null : title); // embedded, the properties screen keeps its own title
  useUndoKeys();
  const phone = useIsMobile();
  const dark = useAtomValue(isDarkAtom);
  const navigate = useNavigate();
  const { current: group } = useSelectedSettingsGroup();
  const propertyUuids = useAtomValue(selectedPropertiesAtom);
  const [params, setParams] = useSearchParams();
  const kpiParam = params.get('kpi');
  const kpi: Kpi = isKpi(kpiParam) ? kpiParam : 'none';
  const [initial] = useState(() => viewFromParams(params));
  // the map shows the records its grid lists (docs/decisions.md, "The map screen", "The grid's records"): the
  // grid's limiter and archived switch as it reports them; on a phone, without a grid, the grid's start (active ones)
  const [gridScope, setGridScope] = useState<MapListScope>(GRID_START);
  const onScopeChange = useCallback(
    (next: MapListScope) =>
      setGridScope((current) =>
        current.statusLimiter === next.statusLimiter && current.archived === next.archived ? current : next,
      ),
    [],
  );
  const query = mapPropertiesQuery({
    settingsGroupUuid: group?.uuid ?? null,
    kpi,
    propertyUuids,
    list: phone ? GRID_START : gridScope,
  });
  const reply = useQuery({ ...query, enabled: Boolean(group?.uuid), placeholderData: keepPreviousData });
  const points = useMemo(() => toPoints(reply.data?.rows ?? NO_ROWS), [reply.data]);
  const unplaced = reply.data?.unplaced ?? NO_UNPLACED;

  const [selection, setSelection] = useAtom(selectionAtom(selectionKey));
  const selectedRows = useMemo(
    () => selection.uuids.flatMap((uuid) => (points.index.has(uuid) ? [points.index.get(uuid)!] : [])),
    [selection, points],
  );
  const [editable, setEditable] = useState(false);
  const [filterToArea, setFilterToArea] = useState(false);
  const [bbox, setBbox] = useState<string | null>(null);
  const [focus, setFocus] = useState<readonly string[] | null>(null);
  const [placing, setPlacing] = useState<UnplacedRow | null>(null);
  const [redraw, setRedraw] = useState(0);
  const grid = useRef<DataGridHandle>(null);
  const pending = useRef<readonly string[] | null>(null);
  const mounted = useRef(false);
  const DataGrid = useDataGridModule(!phone)?.DataGrid;

  // The map's selection shown in the grid: its loaded rows selected; when the first is not loaded, the grid narrows
  // to the selection until "Show all". On mount the grid's own selection too (the screen's grid view made it): its
  // rows are selected as they arrive, without narrowing.
  useEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    const uuids = selection.uuids;
    if (selection.source === 'grid') {
      if (first && uuids.length) pending.current = uuids;
      return;
    }
    if (uuids.length === 0) {
      pending.current = null;
      grid.current?.select([]);
      return;
    }
    if (grid.current?.select(uuids)) pending.current = null;
    else {
      pending.current = uuids;
      setFocus((current) =>
        current && uuids.every((u) => current.includes(u)) ? current : uuids.slice(0, FOCUS_LIMIT),
      );
    }
  }, [selection]);
  const onRowsChanged = useCallback(() => {
    if (pending.current && grid.current?.select(pending.current)) pending.current = null;
  }, []);

  const extraQuery = useMemo<ListQuery | undefined>(() => {
    const extra: ListQuery = {};
    if (filterToArea && bbox) extra.bbox = bbox;
    if (focus) extra['filter[uuid]'] = focus;
    return Object.keys(extra).length ? extra : undefined;
  }, [filterToArea, bbox, focus]);

  const viewTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(viewTimer.current), []);
  // the view is written into this page's address only while the browser is still on it: a map that settles after
  // the user went on (a slow start, a fit at the end of a load) must not pull them back with a replace
  const { pathname } = useLocation();
  const onView = useCallback(
    (map: L.Map) => {
      clearTimeout(viewTimer.current);
      viewTimer.current = setTimeout(() => {
        if (window.location.pathname !== pathname) return;
        const b = map.getBounds();
        setBbox(bboxParam(b.getWest(), b.getSouth(), b.getEast(), b.getNorth()));
        const c = map.getCenter().wrap();
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.set('lat', c.lat.toFixed(5));
            next.set('lng', c.lng.toFixed(5));
            next.set('z', String(map.getZoom()));
            return next;
          },
          { replace: true },
        );
      }, 300);
    },
    [setParams, pathname],
  );

  const move = useMapMoves(
    query.queryKey,
    useCallback((record) => grid.current?.applyRecord(record), []),
    useCallback(() => setRedraw((n) => n + 1), []),
  );
  const onMoved = useCallback(
    (row: number, _from: L.LatLng, to: L.LatLng) => {
      const at = to.wrap();
      void move({ uuid: points.uuids[row]!, title: points.titles[row]!, lat: at.lat, lng: at.lng });
    },
    [move, points],
  );
  const onPlace = useCallback(
    (at: L.LatLng) => {
      if (!placing) return;
      const spot = at.wrap();
      setPlacing(null);
      void move({ uuid: placing[0], title: placing[1], lat: spot.lat, lng: spot.lng, placing: true });
      setSelection({ uuids: [placing[0]], source: 'map' });
    },
    [placing, move, setSelection],
  );
  useEffect(() => {
    if (!placing) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setPlacing(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [placing]);

  const onSelect = useCallback(
    (rows: number[]) => setSelection({ uuids: rows.map((row) => points.uuids[row]!), source: 'map' }),
    [points, setSelection],
  );
  const selectedItems = useMemo(
    () => selectedRows.map((row) => ({ uuid: points.uuids[row]!, title: points.titles[row]! })),
    [selectedRows, points],
  );

  const setKpi = (next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'none') copy.delete('kpi');
        else copy.set('kpi', next);
        return copy;
      },
      { replace: true },
    );

  const toolbar = (
    <div className="hw-map-toolbar">
      <label className="hw-map-kpi">
        <span>{t('map.kpi.label')}</span>
        <HTMLSelect value={kpi} onChange={(e) => setKpi(e.currentTarget.value)}>
          {KPIS.map((k) => (
            <option key={k} value={k}>
              {t(`map.kpi.${k}`)}
            </option>
          ))}
        </HTMLSelect>
      </label>
      {!phone && (
        <Switch
          checked={filterToArea}
          onChange={(e) => setFilterToArea(e.currentTarget.checked)}
          label={t('map.filterToArea')}
          inline
        />
      )}
      {!phone && (
        <Switch
          checked={editable}
          onChange={(e) => setEditable(e.currentTarget.checked)}
          label={t('map.editPins')}
          inline
        />
      )}
    </div>
  );

  const map = (
    <div className="hw-map-main">
      <PropertyMap
        points={points}
        kpi={kpi}
        selectedRows={selectedRows}
        editable={editable && !phone}
        dark={dark}
        initial={initial}
        placing={Boolean(placing)}
        redraw={redraw}
        onSelect={onSelect}
        onMoved={onMoved}
        onPlace={onPlace}
        onView={onView}
      />
      <MapLegend kpi={kpi} />
      {placing && <PlacingNote title={placing[1]} onCancel={() => setPlacing(null)} />}
      {reply.isPending && <Spinner className="hw-map-loading" size={32} />}
      {reply.isError && <div className="hw-map-error">{t('map.loadFailed')}</div>}
    </div>
  );

  const unplacedList = (
    <UnplacedList
      rows={unplaced}
      placing={placing?.[0] ?? null}
      onPlace={(row) => setPlacing((current) => (current?.[0] === row[0] ? null : row))}
    />
  );

  return (
    <div
      className={
        embedded
          ? `hw-map-embedded ${phone ? 'hw-map-phone' : ''}`
          : `hw-page hw-grid-page hw-map-page ${phone ? 'hw-map-phone' : ''}`
      }
      data-selected-pins={selectedItems.map((item) => item.uuid).join(' ')}
    >
      {embedded ? (
        toolbar
      ) : (
        <header className="hw-page-header">
          <span className="hw-page-icon">
            <MapIcon />
          </span>
          <H1>{title}</H1>
          <span className="hw-spacer" />
          {toolbar}
        </header>
      )}
      <div className="hw-map-body">
        {map}
        {phone ? (
          <BottomSheet count={selectedItems.length}>
            <SelectionList items={selectedItems} />
            {unplacedList}
          </BottomSheet>
        ) : (
          <aside className="hw-map-side" aria-label={t('map.side')}>
            {focus && (
              <div className="hw-map-focus">
                <Tag intent="primary" minimal>
                  {t('map.focus', { count: focus.length })}
                </Tag>
                <Button size="small" variant="minimal" onClick={() => setFocus(null)}>
                  {t('map.showAll')}
                </Button>
              </div>
            )}
            <div className="hw-map-grid">
              {DataGrid ? (
                <DataGrid
                  grid={propertiesGrid}
                  onOpenRecord={(record) =>
                    embedded ? embedded.onOpenRecord(record.uuid) : void navigate(`/property/${record.uuid}`)
                  }
                  handleRef={grid}
                  extraQuery={extraQuery}
                  onSelectionChange={(uuids) => setSelection({ uuids, source: 'grid' })}
                  onRowsChanged={onRowsChanged}
                  onScopeChange={onScopeChange}
                />
              ) : (
                <Spinner className="hw-grid-loading" />
              )}
            </div>
            {unplacedList}
          </aside>
        )}
      </div>
    </div>
  );
}

function BottomSheet({ count, children }: { count: number; children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // a new selection opens the sheet
  useEffect(() => {
    if (count > 0) setOpen(true);
  }, [count]);
  return (
    <section className={`hw-map-sheet ${open ? 'hw-map-sheet-open' : ''}`} aria-label={t('map.sheet.label')}>
      <button type="button" className="hw-map-sheet-handle" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className="hw-map-sheet-grip" aria-hidden="true" />
        {t('map.sheet.title', { count })}
      </button>
      <div className="hw-map-sheet-body">{children}</div>
    </section>
  );
}
