// Counters: the meters of each property (docs/domain/calculations.md, "Consumption and anomalies").
import { counter } from '../src/entities/counter';
import { defineGrid } from './define-grid';

export const countersGrid = defineGrid(counter, {
  columns: [
    'name',
    'counter_id',
    'status',
    'medium',
    'property_uuid',
    'next_verification_date',
    'unit_uuid',
    'factor',
    'is_cumulative',
    'reading_interval',
  ],
  card: ['property_uuid', 'medium', 'counter_id'],
});
