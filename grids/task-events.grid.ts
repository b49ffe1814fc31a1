// Task events: the occurrences of the tasks (docs/domain/states.md, "States and transitions": open → done | skipped,
// overdue derived on read), one row each, for planning what is due; done and skip in the record drawer.
import { taskEvent } from '../src/entities/task-event';
import { defineGrid } from './define-grid';

export const taskEventsGrid = defineGrid(taskEvent, {
  columns: [
    'due_date',
    'task_uuid',
    'property_uuid',
    'status',
    'overdue',
    'planned_date',
    'done_at',
    'done_by',
    'comment',
  ],
  card: ['task_uuid', 'property_uuid', 'status'],
});
