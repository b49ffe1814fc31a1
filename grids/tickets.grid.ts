// Tickets: reported issues and their handling (domain.md §2, §3).
import { ticket } from '../src/entities/ticket';
import { defineGrid } from './define-grid';

export const ticketsGrid = defineGrid(ticket, {
  columns: ['subject', 'number', 'property_uuid', 'priority', 'due_date', 'overdue', 'assignee_name', 'status'],
  card: ['number', 'priority', 'due_date'],
});
