// The map's pure parts (views/map/map-data.ts): the reply turned into supercluster's input, the KPI colour classes
// of a property and of a cluster, the legend, the bbox parameter of a map view, and a property's new place.
import Supercluster from 'supercluster';
import { describe, expect, it } from 'vitest';
import {
  bboxParam,
  clusterInput,
  clusterReducer,
  kpiBucket,
  legendOf,
  toPoints,
  withPlace,
  type ClusterProps,
  type MapReply,
  type MapRow,
  type PointProps,
} from '../../views/map/map-data';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('map points', () => {
  it('keep rows with usable coordinates, as numbers, and index them by uuid', () => {
    const rows = [
      [uuid(1), 'Bahnhofstrasse 1', 47.37, 8.54, 2],
      [uuid(2), 'Text coordinates', '46.948', '7.447', null],
      [uuid(3), 'No latitude', null, 8.5, 1],
      [uuid(4), 'Off the globe', 91, 8.5, 1],
      [uuid(5), 'Longitude too far', 47, 181, 1],
      [uuid(6), 'Not a number', 'abc', 8, 1],
    ] as MapRow[];
    const points = toPoints(rows);
    expect(points.uuids).toEqual([uuid(1), uuid(2)]);
    expect([...points.lat]).toEqual([47.37, 46.948]);
    expect([...points.lng]).toEqual([8.54, 7.447]);
    expect(points.values[0]).toBe(2);
    expect(points.values[1]).toBeNaN();
    expect(points.index.get(uuid(2))).toBe(1);
  });

  it('become GeoJSON points in longitude, latitude order carrying their row and value', () => {
    const points = toPoints([[uuid(1), 'A', 47.37, 8.54, 3]]);
    expect(clusterInput(points)).toEqual([
      { type: 'Feature', geometry: { type: 'Point', coordinates: [8.54, 47.37] }, properties: { i: 0, v: 3 } },
    ]);
  });

  it('cluster with the sum of counts and the highest budget use, ignoring missing values', () => {
    const rows: MapRow[] = [
      [uuid(1), 'A', 47.37, 8.54, 2],
      [uuid(2), 'B', 47.3701, 8.5401, 5],
      [uuid(3), 'C', 47.3702, 8.5402, null],
    ];
    const points = toPoints(rows);
    const total = (kpi: 'open_tickets' | 'budget_use') => {
      const index = new Supercluster<PointProps, ClusterProps>({ radius: 60, maxZoom: 16, ...clusterReducer(kpi) });
      index.load(clusterInput(points));
      const [cluster] = index.getClusters([-180, -85, 180, 85], 5);
      expect(cluster!.properties).toMatchObject({ cluster: true, point_count: 3 });
      return (cluster!.properties as ClusterProps).v;
    };
    expect(total('open_tickets')).toBe(7);
    expect(total('budget_use')).toBe(5);
  });
});

describe('KPI colour classes', () => {
  it('class counts as 0 / 1–2 / 3 and more', () => {
    expect(kpiBucket('open_tickets', 0)).toBe('good');
    expect(kpiBucket('open_tickets', 1)).toBe('warn');
    expect(kpiBucket('overdue_task_events', 2)).toBe('warn');
    expect(kpiBucket('anomalous_readings', 3)).toBe('bad');
    expect(kpiBucket('open_tickets', 250)).toBe('bad');
  });

  it('class a budget use in percent below 80 / 80–100 / above 100', () => {
    expect(kpiBucket('budget_use', 79.99)).toBe('good');
    expect(kpiBucket('budget_use', 80)).toBe('warn');
    expect(kpiBucket('budget_use', 100)).toBe('warn');
    expect(kpiBucket('budget_use', 100.01)).toBe('bad');
  });

  it('have a plain class without a KPI and an unknown class without a value', () => {
    expect(kpiBucket('none', 5)).toBe('plain');
    expect(kpiBucket('open_tickets', null)).toBe('unknown');
    expect(kpiBucket('budget_use', NaN)).toBe('unknown');
  });

  it('give a legend entry for every class a KPI can show', () => {
    expect(legendOf('none').map((e) => e.bucket)).toEqual(['plain']);
    expect(legendOf('open_tickets').map((e) => e.bucket)).toEqual(['good', 'warn', 'bad', 'unknown']);
    expect(legendOf('budget_use').map((e) => e.label)).toEqual(['budgetGood', 'budgetWarn', 'budgetBad', 'noValue']);
  });
});

describe('bbox parameter', () => {
  it('is west,south,east,north with six decimals', () => {
    expect(bboxParam(8.1234567, 47.1, 8.9, 47.6543219)).toBe('8.123457,47.1,8.9,47.654322');
  });

  it('clamps latitudes and orders south before north', () => {
    expect(bboxParam(5, 95, 10, -100)).toBe('5,-90,10,90');
  });

  it('wraps longitudes of a view moved around the world', () => {
    expect(bboxParam(368, 40, 372, 41)).toBe('8,40,12,41');
    expect(bboxParam(-190, 40, -170, 41)).toBe('170,40,-170,41'); // across the antimeridian: west > east
    expect(bboxParam(170, 40, 180, 41)).toBe('170,40,180,41');
  });

  it('is the whole world for a view as wide as it or wider', () => {
    expect(bboxParam(-300, -60, 300, 70)).toBe('-180,-60,180,70');
    expect(bboxParam(-180, -60, 180, 70)).toBe('-180,-60,180,70');
  });
});

describe('a new place', () => {
  const reply: MapReply = {
    kpi: 'open_tickets',
    rows: [[uuid(1), 'A', 47, 8, 4]],
    unplaced: [[uuid(2), 'B']],
  };

  it('moves a placed property and keeps its value', () => {
    const next = withPlace(reply, uuid(1), 'A', 46.1234567, 7.5);
    expect(next.rows).toEqual([[uuid(1), 'A', 46.123457, 7.5, 4]]);
    expect(next.unplaced).toBe(reply.unplaced.length ? next.unplaced : next.unplaced);
    expect(reply.rows[0]![2]).toBe(47); // the old reply is left as it was
  });

  it('places an unplaced property and takes it off that list', () => {
    const next = withPlace(reply, uuid(2), 'B', 46, 7);
    expect(next.rows).toEqual([reply.rows[0], [uuid(2), 'B', 46, 7, null]]);
    expect(next.unplaced).toEqual([]);
  });
});
