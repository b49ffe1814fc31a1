// The baseline page of map.bench.mjs: bare Leaflet 1.9 and supercluster 8 (no React, no app code) with the same
// properties as ours, read from the same `GET /api/v1/map/properties` JSON, clustered the usual way (radius 60,
// clusters up to zoom 16) and drawn the cheap way a hand-written page would: after each move, the clusters in view as
// DivIcons with their count, single properties as circle markers on one canvas.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import Supercluster from 'supercluster';

const { view } = window.__BENCH;
const colours = ['#238551', '#C87619', '#C87619', '#CD4246'];
const colour = (v) => (v === null ? '#8F99A8' : colours[Math.min(3, v)]);

const root = document.getElementById('root');
const element = document.createElement('div');
element.style.cssText = 'position:absolute;inset:0';
root.appendChild(element);
window.__mount = performance.now();
const map = L.map(element, { preferCanvas: true, minZoom: 2, maxZoom: 19 }).setView([view.lat, view.lng], view.zoom);
const renderer = L.canvas({ padding: 0.3 });
const points = L.layerGroup().addTo(map);
const clusters = L.layerGroup().addTo(map);
let index = null;

function render() {
  if (!index) return;
  const b = map.getBounds().pad(0.2);
  const features = index.getClusters(
    [b.getWest(), Math.max(-85, b.getSouth()), b.getEast(), Math.min(85, b.getNorth())],
    Math.round(map.getZoom()),
  );
  points.clearLayers();
  clusters.clearLayers();
  for (const f of features) {
    const [lng, lat] = f.geometry.coordinates;
    const p = f.properties;
    if (p.cluster) {
      const size = p.point_count < 100 ? 34 : p.point_count < 1000 ? 40 : 48;
      const marker = L.marker([lat, lng], {
        icon: L.divIcon({
          className: 'bare-cluster',
          html: `<span>${p.point_count_abbreviated}</span>`,
          iconSize: [size, size],
        }),
      });
      marker.on('click', () => map.setView([lat, lng], index.getClusterExpansionZoom(p.cluster_id)));
      clusters.addLayer(marker);
    } else {
      const circle = L.circleMarker([lat, lng], {
        renderer,
        radius: 7,
        color: '#fff',
        weight: 1.5,
        fillColor: colour(p.v),
        fillOpacity: 0.95,
      });
      circle.on('click', () => undefined);
      points.addLayer(circle);
    }
  }
}
map.on('moveend', render);

fetch('/api/v1/map/properties?kpi=open_tickets')
  .then((r) => r.json())
  .then((reply) => {
    const features = reply.rows.map((row) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [row[3], row[2]] },
      properties: { uuid: row[0], title: row[1], v: row[4] },
    }));
    index = new Supercluster({
      radius: 60,
      maxZoom: 16,
      map: (props) => ({ v: props.v ?? 0 }),
      reduce: (acc, props) => {
        acc.v += props.v;
      },
    });
    index.load(features);
    render();
  });
