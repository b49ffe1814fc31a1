// The map of /map (react-leaflet): the tile layer when its server answers (map-api.ts, `tilesReachable`), else a
// neutral background; the clustered properties (cluster-layer.ts); a popup per property or cluster; placing a
// property by clicking. The screen (map-view.tsx) holds the data, the selection and the switches.
import 'leaflet/dist/leaflet.css';
import type L from 'leaflet';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';
import { useTranslation } from '../../src/i18n';
import { PropertyClusters } from './cluster-layer';
import { TILE_ATTRIBUTION, TILE_URL, tilesReachable } from './map-api';
import type { Kpi, MapPoints } from './map-data';
import { ClusterPopup, PointPopup } from './map-popups';

export interface MapViewState {
  lat: number;
  lng: number;
  zoom: number;
}

export type MapPopup =
  | { kind: 'point'; row: number; at: L.LatLng }
  | { kind: 'cluster'; rows: number[]; total: number; at: L.LatLng; zoom: number };

interface Props {
  points: MapPoints;
  kpi: Kpi;
  /** Rows of the selected properties. */
  selectedRows: number[];
  editable: boolean;
  dark: boolean;
  /** The view to open with; none: fit every property. */
  initial: MapViewState | null;
  /** A property being placed: the next click on the map places it. */
  placing: boolean;
  /** Bumped to draw the properties afresh (a failed move puts the circle back). */
  redraw: number;
  onSelect: (rows: number[]) => void;
  onMoved: (row: number, from: L.LatLng, to: L.LatLng) => void;
  onPlace: (at: L.LatLng) => void;
  /** After every move or zoom (the bbox filter, the address bar). */
  onView: (map: L.Map) => void;
  children?: ReactNode;
}

/** Switzerland, where an empty workspace opens. */
const DEFAULT_VIEW: MapViewState = { lat: 46.8, lng: 8.23, zoom: 8 };

export function PropertyMap(props: Props) {
  const { t } = useTranslation();
  const [tiles, setTiles] = useState<'probing' | 'on' | 'off'>(TILE_URL ? 'probing' : 'off');
  useEffect(() => {
    let live = true;
    void tilesReachable().then((ok) => live && setTiles(ok ? 'on' : 'off'));
    return () => {
      live = false;
    };
  }, []);
  const start = props.initial ?? DEFAULT_VIEW;
  return (
    <MapContainer
      className={`hw-map ${props.placing ? 'hw-map-placing' : ''}`}
      center={[start.lat, start.lng]}
      zoom={start.zoom}
      minZoom={2}
      maxZoom={19}
      worldCopyJump
      preferCanvas
      aria-label={t('map.label')}
    >
      {tiles === 'on' && (
        <TileLayer
          url={TILE_URL}
          attribution={TILE_ATTRIBUTION}
          maxZoom={19}
          // the app's Referrer-Policy sends none across origins; tile servers (OpenStreetMap's) ask for the origin
          referrerPolicy="strict-origin-when-cross-origin"
          className="hw-map-tiles"
        />
      )}
      {tiles === 'off' && <div className="hw-map-no-tiles">{t('map.noTiles')}</div>}
      <Clusters {...props} fit={!props.initial} />
      {props.children}
    </MapContainer>
  );
}

function Clusters(props: Props & { fit: boolean }) {
  const map = useMap();
  const layer = useRef<PropertyClusters | null>(null);
  const [popup, setPopup] = useState<MapPopup | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const fitted = useRef(!props.fit);

  // The view is reported from listeners added once, before anything moves the map (docs/decisions.md, "The map
  // screen", "One view"): react-leaflet's useMapEvents takes its handlers off and on again at every render, and the
  // fit to every property (an effect of the render that brings them) ran in that gap, so its view never reached the
  // address bar nor the bbox filter. The container's own size is watched too: Leaflet follows the window only, and a
  // map whose panel changed size would draw and report bounds of the old size.
  useEffect(() => {
    const report = () => latest.current.onView(map);
    const click = (e: L.LeafletMouseEvent) => {
      if (latest.current.placing) latest.current.onPlace(e.latlng);
    };
    map.on('moveend', report);
    map.on('click', click);
    // only on a real change (invalidateSize forgets the exact centre even then), to the same centre and zoom
    // (Leaflet's own re-centring rounds to whole pixels: the address would drift on every reload)
    const container = map.getContainer();
    const resized = new ResizeObserver(() => {
      const size = map.getSize();
      if (size.x === container.clientWidth && size.y === container.clientHeight) return;
      const centre = map.getCenter();
      map.invalidateSize({ pan: false }).setView(centre, map.getZoom(), { animate: false });
    });
    resized.observe(container);
    report();
    return () => {
      resized.disconnect();
      map.off('moveend', report);
      map.off('click', click);
    };
  }, [map]);

  useEffect(() => {
    const clusters = new PropertyClusters(map, {
      point: (row, at) => {
        latest.current.onSelect([row]);
        setPopup({ kind: 'point', row, at });
      },
      cluster: (rows, total, at, zoom) => {
        latest.current.onSelect(rows);
        setPopup({ kind: 'cluster', rows, total, at, zoom });
      },
      moved: (row, from, to) => latest.current.onMoved(row, from, to),
    });
    layer.current = clusters;
    return () => {
      clusters.destroy();
      layer.current = null;
    };
  }, [map]);

  const { points, kpi, selectedRows, editable, dark, redraw } = props;
  useEffect(() => {
    if (!fitted.current && points.uuids.length > 0) {
      fitted.current = true;
      const bounds = boundsOf(points);
      if (bounds) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 15, animate: false });
    }
    layer.current?.setData(points, kpi);
    setPopup(null);
  }, [map, points, kpi]);
  useEffect(() => layer.current?.setSelected(selectedRows), [selectedRows]);
  useEffect(() => layer.current?.setEditable(editable), [editable]);
  useEffect(() => layer.current?.setDark(dark), [dark]);
  useEffect(() => {
    if (redraw) layer.current?.render();
  }, [redraw]);

  if (!popup) return null;
  return (
    <Popup position={popup.at} eventHandlers={{ remove: () => setPopup(null) }} className="hw-map-popup">
      {popup.kind === 'point' ? (
        <PointPopup
          uuid={points.uuids[popup.row]!}
          title={points.titles[popup.row]!}
          value={points.values[popup.row]!}
          kpi={kpi}
        />
      ) : (
        <ClusterPopup
          count={popup.rows.length}
          total={popup.total}
          kpi={kpi}
          zoomIn={() => {
            map.setView(popup.at, popup.zoom);
            setPopup(null);
          }}
        />
      )}
    </Popup>
  );
}

/** The bounds of every property, or null without any. */
function boundsOf(points: MapPoints): L.LatLngBoundsLiteral | null {
  if (points.uuids.length === 0) return null;
  let south = 90;
  let north = -90;
  let west = 180;
  let east = -180;
  for (let i = 0; i < points.uuids.length; i++) {
    const lat = points.lat[i]!;
    const lng = points.lng[i]!;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
  }
  return [
    [south, west],
    [north, east],
  ];
}
