// Orders: internal and external work orders with their lines (docs/domain/states.md, "States and transitions").
import { order } from '../src/entities/order';
import { defineGrid } from './define-grid';

export const ordersGrid = defineGrid(order, {
  columns: ['title', 'kind', 'property_uuid', 'contact_uuid', 'due_date', 'overdue', 'total', 'status'],
  card: ['kind', 'due_date', 'total'],
});
