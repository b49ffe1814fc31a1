// Measurements: counter readings with their consumption; anomalous readings are marked (their row and their status
// tag; docs/domain/calculations.md, "Consumption and anomalies").
import { measurement } from '../src/entities/measurement';
import { defineGrid } from './define-grid';

export const measurementsGrid = defineGrid(measurement, {
  columns: ['measured_at', 'counter_uuid', 'property_uuid', 'value', 'consumption', 'status', 'source', 'comment'],
  card: ['counter_uuid', 'consumption', 'status'],
  renderers: { status: 'statusTag' },
  rowClasses: { 'hw-row-anomalous': { field: 'status', values: ['anomalous'] } },
  scroll: 'infinite',
});
