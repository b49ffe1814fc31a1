// Tasks: recurring and one-off maintenance work (docs/domain/calculations.md, "Task recurrence"), with the facility and contract they
// belong to.
import { task } from '../src/entities/task';
import { defineGrid } from './define-grid';

export const tasksGrid = defineGrid(task, {
  columns: [
    'title',
    'status',
    'assignee_name',
    'start_date',
    'repeat_type',
    'property_uuid',
    'facility_uuid',
    'contract_uuid',
    'workload',
    'last_executed_at',
  ],
  card: ['property_uuid', 'repeat_type', 'status'],
});
