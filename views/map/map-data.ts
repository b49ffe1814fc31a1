// The map's pure parts (docs/decisions.md, "The map screen"): the reply of `GET /map/properties` turned into
// supercluster's input, the colour class of a KPI value and of a cluster's total, the legend, and the `bbox`
// parameter of a map view. No Leaflet here, so the unit tests and the benchmark's bare page read the same code.
import type { AnyProps, PointFeature } from 'supercluster';
import { MAP_KPIS, type MapKpi } from '../../src/entities/map-kpis';

export const KPIS = MAP_KPIS;
export type Kpi = MapKpi;
export const isKpi = (value: unknown): value is Kpi => (KPIS as readonly unknown[]).includes(value);

/** A placed property as the server sends it: uuid, title, latitude, longitude, the KPI's value. */
export type MapRow = [string, string, number | string | null, number | string | null, number | string | null];
/** A property without coordinates: uuid, title. */
export type UnplacedRow = [string, string];

export interface MapReply {
  kpi: Kpi;
  rows: MapRow[];
  unplaced: UnplacedRow[];
}

/** The placed properties in columns (50,000 points stay a few typed arrays, not 50,000 objects). */
export interface MapPoints {
  uuids: string[];
  titles: string[];
  lat: Float64Array;
  lng: Float64Array;
  /** The KPI's value; NaN where the server sent none. */
  values: Float64Array;
  /** Row index by uuid. */
  index: Map<string, number>;
}

/** A point's properties in the index: its row; a cluster's: the sum or maximum of its points' values. */
export interface PointProps {
  i: number;
  v: number;
}
export interface ClusterProps {
  v: number;
}

const num = (value: unknown) => (value === null || value === undefined || value === '' ? NaN : Number(value));
const validLat = (lat: number) => Number.isFinite(lat) && lat >= -90 && lat <= 90;
const validLng = (lng: number) => Number.isFinite(lng) && lng >= -180 && lng <= 180;

/** The rows with usable coordinates (others are left out, never thrown on). */
export function toPoints(rows: readonly MapRow[]): MapPoints {
  const uuids: string[] = [];
  const titles: string[] = [];
  const lat: number[] = [];
  const lng: number[] = [];
  const values: number[] = [];
  for (const row of rows) {
    const y = num(row[2]);
    const x = num(row[3]);
    if (!validLat(y) || !validLng(x) || typeof row[0] !== 'string') continue;
    uuids.push(row[0]);
    titles.push(String(row[1] ?? ''));
    lat.push(y);
    lng.push(x);
    values.push(num(row[4]));
  }
  return {
    uuids,
    titles,
    lat: Float64Array.from(lat),
    lng: Float64Array.from(lng),
    values: Float64Array.from(values),
    index: new Map(uuids.map((uuid, i) => [uuid, i])),
  };
}

/** supercluster's input: one GeoJSON point per property, with its row and value. */
export function clusterInput(points: MapPoints): PointFeature<PointProps>[] {
  const features: PointFeature<PointProps>[] = new Array(points.uuids.length);
  for (let i = 0; i < features.length; i++)
    features[i] = {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [points.lng[i]!, points.lat[i]!] },
      properties: { i, v: points.values[i]! },
    };
  return features;
}

/** How a cluster shows its points' values: counts add up, a budget's use shows the highest. */
export const clusterAggregate = (kpi: Kpi): 'sum' | 'max' => (kpi === 'budget_use' ? 'max' : 'sum');

/** supercluster's map/reduce for the KPI (NaN, a point without a value, counts as nothing). */
export function clusterReducer(kpi: Kpi) {
  const max = clusterAggregate(kpi) === 'max';
  return {
    map: (props: AnyProps): ClusterProps => ({ v: (props as PointProps).v }),
    reduce: (acc: AnyProps, props: AnyProps) => {
      const a = (acc as ClusterProps).v;
      const b = (props as ClusterProps).v;
      if (Number.isNaN(b)) return;
      (acc as ClusterProps).v = Number.isNaN(a) ? b : max ? Math.max(a, b) : a + b;
    },
  };
}

/** The colour class of a value: `plain` without a KPI, `unknown` without a value, else good / warn / bad. */
export type KpiBucket = 'plain' | 'unknown' | 'good' | 'warn' | 'bad';

/**
 * Where each KPI changes colour: counts 0 / 1–2 / 3 and more; a budget's use in percent below 80 / 80–100 / above
 * 100. A cluster is classed by its total (the same thresholds: a cluster with three open tickets among its points
 * is as red as one property with three).
 */
export function kpiBucket(kpi: Kpi, value: number | null | undefined): KpiBucket {
  if (kpi === 'none') return 'plain';
  if (value === null || value === undefined || Number.isNaN(value)) return 'unknown';
  if (kpi === 'budget_use') return value > 100 ? 'bad' : value >= 80 ? 'warn' : 'good';
  return value >= 3 ? 'bad' : value >= 1 ? 'warn' : 'good';
}

/** The legend's entries: bucket and the i18n key of its label below `map.legend`. */
export function legendOf(kpi: Kpi): { bucket: KpiBucket; label: string }[] {
  if (kpi === 'none') return [{ bucket: 'plain', label: 'property' }];
  const steps: { bucket: KpiBucket; label: string }[] =
    kpi === 'budget_use'
      ? [
          { bucket: 'good', label: 'budgetGood' },
          { bucket: 'warn', label: 'budgetWarn' },
          { bucket: 'bad', label: 'budgetBad' },
        ]
      : [
          { bucket: 'good', label: 'countNone' },
          { bucket: 'warn', label: 'countFew' },
          { bucket: 'bad', label: 'countMany' },
        ];
  return [...steps, { bucket: 'unknown', label: 'noValue' }];
}

/** Fill colours of the buckets on the canvas (Blueprint's palette; lighter shades on the dark theme). */
export const BUCKET_COLOURS: Record<'light' | 'dark', Record<KpiBucket, string>> = {
  light: { plain: '#2D72D2', unknown: '#8F99A8', good: '#238551', warn: '#C87619', bad: '#CD4246' },
  dark: { plain: '#4C90F0', unknown: '#738091', good: '#32A467', warn: '#EC9A3C', bad: '#E76A6E' },
};

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
/** A longitude brought into -180…180. */
const wrapLng = (lng: number) => {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && lng > 0 ? 180 : wrapped;
};

/**
 * `bbox=west,south,east,north` of a map view, six decimals: latitudes clamped to ±90, longitudes wrapped into ±180
 * (a view across the antimeridian gives west > east, which the server reads as crossing it), the whole world when
 * the view spans 360° or more.
 */
export function bboxParam(west: number, south: number, east: number, north: number): string {
  const s = round6(Math.max(-90, Math.min(90, Math.min(south, north))));
  const n = round6(Math.max(-90, Math.min(90, Math.max(south, north))));
  if (!(east - west < 360)) return `-180,${s},180,${n}`;
  const w = round6(wrapLng(west));
  const e = round6(wrapLng(east));
  return `${w},${s},${e},${n}`;
}

/** A coordinate as the API stores it (`geo`: six decimals), e.g. `47.376887`. */
export const geoValue = (n: number) => n.toFixed(6);

/**
 * The reply with a property at a new place: its row's coordinates replaced (its KPI value kept), or a row added and
 * the property taken off the unplaced list. A new reply object (the map draws it afresh); others unchanged.
 */
export function withPlace(reply: MapReply, uuid: string, title: string, lat: number, lng: number): MapReply {
  const y = Number(geoValue(lat));
  const x = Number(geoValue(lng));
  let found = false;
  const rows = reply.rows.map((row): MapRow => {
    if (row[0] !== uuid) return row;
    found = true;
    return [row[0], row[1], y, x, row[4]];
  });
  if (!found) rows.push([uuid, title, y, x, null]);
  return { ...reply, rows, unplaced: reply.unplaced.filter((row) => row[0] !== uuid) };
}
