// Tickets: reported issues and their handling (docs/domain/states.md, "States and transitions").
import { ticket } from '../src/entities/ticket';
import { defineGrid } from './define-grid';

export const ticketsGrid = defineGrid(ticket, {
  columns: ['subject', 'number', 'property_uuid', 'priority', 'due_date', 'overdue', 'assignee_name', 'status'],
  card: ['number', 'priority', 'due_date'],
});
