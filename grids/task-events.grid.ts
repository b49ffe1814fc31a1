// Task events: the occurrences of the tasks (docs/domain/states.md, "States and transitions": open → done | skipped,
// overdue derived on read), one row each, for planning what is due; done and skip in the record drawer. The planned date
// (the series' date of an event moved by hand) is offered in the column chooser.
import { taskEvent } from '../src/entities/task-event';
import { defineGrid } from './define-grid';

export const taskEventsGrid = defineGrid(taskEvent, {
  columns: ['due_date', 'task_uuid', 'status', 'overdue', 'property_uuid', 'done_at', 'done_by', 'comment'],
  // the status shows as the card's tag
  card: ['task_uuid', 'property_uuid', 'overdue'],
});
