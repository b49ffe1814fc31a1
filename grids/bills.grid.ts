// Bills: incoming invoices with their due and payment dates, drawing on a budget (docs/domain/states.md, "Bills";
// docs/domain/calculations.md, "Budgets").
import { bill } from '../src/entities/bill';
import { defineGrid } from './define-grid';

export const billsGrid = defineGrid(bill, {
  columns: [
    'title',
    'property_uuid',
    'contact_uuid',
    'number_external',
    'bill_date',
    'due_date',
    'overdue',
    'amount',
    'budget_uuid',
    'paid_at',
    'status',
  ],
  card: ['contact_uuid', 'due_date', 'amount'],
});
