// The workload rows (month, property, hours) as the chart wants them: one record per month, a key per property.
import type { WorkloadRow } from './calendar-api';

/** Rows to one record per month with one key per property, plus the property names in first-seen order. */
export function pivotWorkload(rows: readonly WorkloadRow[]) {
  const months = new Map<string, Record<string, number | string>>();
  const properties = new Map<string, string>();
  for (const row of rows) {
    properties.set(row.property_uuid, row.property_name);
    const entry = months.get(row.month) ?? { month: row.month };
    entry[row.property_uuid] = Number(entry[row.property_uuid] ?? 0) + Number(row.hours);
    months.set(row.month, entry);
  }
  return {
    data: [...months.values()].sort((a, b) => String(a.month).localeCompare(String(b.month))),
    properties: [...properties],
  };
}
