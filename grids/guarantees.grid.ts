// Guarantees: who guarantees what until when (docs/domain/calculations.md, "Guarantee end date and reminders").
import { guarantee } from '../src/entities/guarantee';
import { defineGrid } from './define-grid';

export const guaranteesGrid = defineGrid(guarantee, {
  columns: [
    'title',
    'status',
    'end_date',
    'property_uuid',
    'facility_uuid',
    'guarantor_uuid',
    'start_date',
    'guarantee_duration',
    'amount',
  ],
  card: ['property_uuid', 'end_date', 'status'],
});
