// Budgets: what a property may spend per year, and what is still available after its open orders and bills
// (computed on every read: docs/domain/calculations.md, "Budgets").
import { budget } from '../src/entities/budget';
import { defineGrid } from './define-grid';

export const budgetsGrid = defineGrid(budget, {
  columns: [
    'name',
    'year',
    'amount',
    'available_amount',
    'property_uuid',
    'cost_group_uuid',
    'currency',
    'exceeded_action',
  ],
  card: ['property_uuid', 'year', 'available_amount'],
});
