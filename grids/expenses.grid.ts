// Expenses: the lines of every bill, quantity × unit price less the discount plus the tax (the server computes each
// total: docs/domain/calculations.md, "Order totals"), e.g. to sum them by cost group.
import { expense } from '../src/entities/bill';
import { defineGrid } from './define-grid';

export const expensesGrid = defineGrid(expense, {
  columns: [
    'title',
    'bill_uuid',
    'total',
    'quantity',
    'unit_price',
    'discount',
    'tax',
    'property_uuid',
    'cost_group_uuid',
  ],
  card: ['bill_uuid', 'total'],
});
