// Tickets: reported issues and their handling (docs/domain/states.md, "States and transitions").
import { ticket } from '../src/entities/ticket';
import { defineGrid } from './define-grid';

export const ticketsGrid = defineGrid(ticket, {
  columns: ['subject', 'status', 'assignee_name', 'due_date', 'priority', 'overdue', 'property_uuid', 'number'],
  card: ['number', 'priority', 'due_date'],
});
