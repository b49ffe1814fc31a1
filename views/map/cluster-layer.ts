// The properties on the map, clustered in the browser (docs/decisions.md, "The map screen"): one supercluster index
// of every placed property; after each move or zoom only what is in view is drawn — single properties as circles
// on one canvas, clusters as a few small DivIcons with their count — so 50,000 properties cost as much as the
// couple of hundred shapes on screen. Selected properties are drawn again above the clusters on a canvas pane of
// their own. In edit mode a property's circle can be dragged to a new place. Plain Leaflet, no React: the screen
// (property-map.tsx) owns one and feeds it data, selection, colours and the edit switch.
import L from 'leaflet';
import Supercluster from 'supercluster';
import {
  BUCKET_COLOURS,
  clusterInput,
  clusterReducer,
  kpiBucket,
  type ClusterProps,
  type Kpi,
  type MapPoints,
  type PointProps,
} from './map-data';

export interface ClusterEvents {
  /** A property's circle was clicked. */
  point: (row: number, at: L.LatLng) => void;
  /** A cluster was clicked: its properties' rows, its total. */
  cluster: (rows: number[], total: number, at: L.LatLng, expansionZoom: number) => void;
  /** A property's circle was dragged (edit mode) from one place to another. */
  moved: (row: number, from: L.LatLng, to: L.LatLng) => void;
}

/** Clustered below this zoom; from it on every property is a circle of its own. */
export const CLUSTER_MAX_ZOOM = 16;
/** At most this many selected properties are drawn highlighted. */
const HIGHLIGHT_LIMIT = 5000;
const POINT_RADIUS = 7;

type Index = Supercluster<PointProps, ClusterProps>;

const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });

export class PropertyClusters {
  private readonly points = L.layerGroup();
  private readonly clusters = L.layerGroup();
  private readonly highlights = L.layerGroup();
  private readonly renderer: L.Canvas;
  private readonly selectedRenderer: L.Canvas;
  private index: Index | null = null;
  private data: MapPoints | null = null;
  private kpi: Kpi = 'none';
  private selected: number[] = [];
  private editable = false;
  private dark = false;
  private dragging = false;
  private drawn = { clusters: 0, points: 0 };

  constructor(
    private readonly map: L.Map,
    private readonly events: ClusterEvents,
  ) {
    if (!map.getPane('hwSelected')) map.createPane('hwSelected').style.zIndex = '640';
    this.renderer = L.canvas({ padding: 0.3 });
    this.selectedRenderer = L.canvas({ padding: 0.3, pane: 'hwSelected' });
    this.points.addTo(map);
    this.clusters.addTo(map);
    this.highlights.addTo(map);
    map.on('moveend', this.render, this);
  }

  destroy(): void {
    this.map.off('moveend', this.render, this);
    this.points.remove();
    this.clusters.remove();
    this.highlights.remove();
  }

  /** New properties or a new KPI: the index is built again, then drawn. */
  setData(data: MapPoints, kpi: Kpi): void {
    this.data = data;
    this.kpi = kpi;
    const index: Index = new Supercluster<PointProps, ClusterProps>({
      radius: 60,
      maxZoom: CLUSTER_MAX_ZOOM,
      ...clusterReducer(kpi),
    });
    index.load(clusterInput(data));
    this.index = index;
    this.render();
  }

  setSelected(rows: number[]): void {
    this.selected = rows;
    this.drawHighlights();
  }

  setEditable(editable: boolean): void {
    this.editable = editable;
    this.map.getContainer().classList.toggle('hw-map-editing', editable);
  }

  setDark(dark: boolean): void {
    if (this.dark === dark) return;
    this.dark = dark;
    this.render();
  }

  /** What is drawn now (the page shows it as data attributes, for tests and the benchmark). */
  get counts() {
    return this.drawn;
  }

  private colour(value: number): string {
    return BUCKET_COLOURS[this.dark ? 'dark' : 'light'][kpiBucket(this.kpi, value)];
  }

  /** The clusters and circles in view (with a margin), drawn afresh. */
  render(): void {
    const { index, data, map } = this;
    if (!index || !data || this.dragging) return;
    const bounds = map.getBounds().pad(0.2);
    const zoom = Math.round(map.getZoom());
    const features = index.getClusters(
      [bounds.getWest(), Math.max(-85, bounds.getSouth()), bounds.getEast(), Math.min(85, bounds.getNorth())],
      zoom,
    );
    this.points.clearLayers();
    this.clusters.clearLayers();
    let clusters = 0;
    let points = 0;
    const stroke = this.dark ? '#1C2127' : '#FFFFFF';
    for (const feature of features) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const at = L.latLng(lat, lng);
      const props = feature.properties as Partial<Supercluster.ClusterProperties> & ClusterProps & Partial<PointProps>;
      if (props.cluster) {
        clusters++;
        this.clusters.addLayer(this.clusterMarker(at, props.cluster_id!, props.point_count!, props.v));
      } else {
        points++;
        this.points.addLayer(this.circle(at, props.i!, false, stroke));
      }
    }
    this.drawn = { clusters, points };
    this.drawHighlights();
    map.getContainer().dataset.clusters = String(clusters);
    map.getContainer().dataset.points = String(points);
  }

  /** A property's circle (larger, with a ring, on the pane above the clusters when selected), clickable and draggable. */
  private circle(at: L.LatLng, row: number, selected: boolean, stroke: string): L.CircleMarker {
    const circle = L.circleMarker(at, {
      renderer: selected ? this.selectedRenderer : this.renderer,
      radius: selected ? POINT_RADIUS + 2 : POINT_RADIUS,
      color: stroke,
      weight: selected ? 3 : 1.5,
      fillColor: this.colour(this.data!.values[row]!),
      fillOpacity: selected ? 1 : 0.95,
    });
    circle.on('click', () => this.events.point(row, circle.getLatLng()));
    circle.on('mousedown', (e) => this.startDrag(circle, row, e));
    return circle;
  }

  private clusterMarker(at: L.LatLng, id: number, count: number, total: number): L.Marker {
    const size = count < 100 ? 34 : count < 1000 ? 40 : 48;
    const bucket = kpiBucket(this.kpi, total);
    const marker = L.marker(at, {
      icon: L.divIcon({
        className: `hw-map-cluster hw-map-k-${bucket}`,
        html: `<span>${compact.format(count)}</span>`,
        iconSize: [size, size],
      }),
      keyboard: false,
    });
    marker.on('click', () => {
      const index = this.index;
      if (!index) return;
      const rows = index.getLeaves(id, Infinity).map((leaf) => (leaf.properties as PointProps).i);
      this.events.cluster(rows, total, at, index.getClusterExpansionZoom(id));
    });
    return marker;
  }

  private drawHighlights(): void {
    this.highlights.clearLayers();
    const data = this.data;
    if (!data || this.selected.length === 0) return;
    const bounds = this.map.getBounds().pad(0.2);
    const ring = this.dark ? '#F6F7F9' : '#1C2127';
    let drawn = 0;
    for (const row of this.selected) {
      const at = L.latLng(data.lat[row]!, data.lng[row]!);
      if (!bounds.contains(at)) continue;
      if (++drawn > HIGHLIGHT_LIMIT) break;
      this.highlights.addLayer(this.circle(at, row, true, ring));
    }
    this.map.getContainer().dataset.selected = String(Math.min(drawn, HIGHLIGHT_LIMIT));
  }

  /** Edit mode: the circle follows the pointer until the button is released; a real move is reported. */
  private startDrag(circle: L.CircleMarker, row: number, event: L.LeafletMouseEvent): void {
    if (!this.editable || event.originalEvent.button !== 0) return;
    const { map } = this;
    L.DomEvent.stop(event.originalEvent);
    const from = circle.getLatLng();
    const start = map.latLngToContainerPoint(from);
    let moved = false;
    this.dragging = true;
    map.dragging.disable();
    const move = (e: L.LeafletMouseEvent) => {
      if (!moved && e.containerPoint.distanceTo(start) < 3) return;
      moved = true;
      circle.setLatLng(e.latlng);
    };
    const end = (e: L.LeafletMouseEvent) => {
      map.off('mousemove', move);
      map.off('mouseup', end);
      map.dragging.enable();
      this.dragging = false;
      if (moved) this.events.moved(row, from, e.latlng);
    };
    map.on('mousemove', move);
    map.on('mouseup', end);
  }
}
