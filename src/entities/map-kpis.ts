// What the map colours its properties by (docs/analytics-api.md, "Map"): the one list the API's query and the map
// screen read. No imports, so the map's pure parts (views/map/map-data.ts) stay free of the schemas.
export const MAP_KPIS = [
  'none',
  'open_tickets',
  'overdue_task_events',
  'budget_use',
  'anomalous_readings',
  'renewals_due',
] as const;
export type MapKpi = (typeof MAP_KPIS)[number];
