// Tasks: recurring and one-off maintenance work (docs/domain/calculations.md, "Task recurrence"), with the facility and contract they
// belong to.
import { task } from '../src/entities/task';
import { defineGrid } from './define-grid';

export const tasksGrid = defineGrid(task, {
  columns: [
    'title',
    'property_uuid',
    'assignee_name',
    'facility_uuid',
    'contract_uuid',
    'repeat_type',
    'start_date',
    'workload',
    'last_executed_at',
    'status',
  ],
  card: ['property_uuid', 'repeat_type', 'status'],
});
