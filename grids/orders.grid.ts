// Orders: internal and external work orders with their lines (docs/domain/states.md, "States and transitions").
import { order } from '../src/entities/order';
import { defineGrid } from './define-grid';

export const ordersGrid = defineGrid(order, {
  columns: [
    'title',
    'status',
    'kind',
    'due_date',
    'overdue',
    'contact_uuid',
    'property_uuid',
    'total',
    'number_internal',
  ],
  card: ['kind', 'due_date', 'total'],
});
