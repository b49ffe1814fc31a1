// Bills: incoming invoices with their due and payment dates, drawing on a budget (docs/domain/states.md, "Bills";
// docs/domain/calculations.md, "Budgets").
import { bill } from '../src/entities/bill';
import { defineGrid } from './define-grid';

export const billsGrid = defineGrid(bill, {
  columns: [
    'title',
    'status',
    'due_date',
    'amount',
    'contact_uuid',
    'overdue',
    'bill_date',
    'property_uuid',
    'number_external',
    'budget_uuid',
    'paid_at',
    'number_internal',
  ],
  card: ['contact_uuid', 'due_date', 'amount'],
});
