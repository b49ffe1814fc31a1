// Counters: the meters of each property (docs/domain/calculations.md, "Consumption and anomalies").
import { counter } from '../src/entities/counter';
import { defineGrid } from './define-grid';

export const countersGrid = defineGrid(counter, {
  columns: [
    'name',
    'counter_id',
    'property_uuid',
    'medium',
    'unit_uuid',
    'factor',
    'is_cumulative',
    'reading_interval',
    'next_verification_date',
    'status',
  ],
  card: ['property_uuid', 'medium', 'counter_id'],
});
