// One occurrence of a task (docs/domain/states.md, "States and transitions"): open → done | skipped; overdue is derived.
// `moved` marks an occurrence rescheduled by hand: re-materialising the series keeps it where it was put.
import { defineEntity } from './define';
import { f } from './fields';
import { SERVICE_RATE_FILL } from './catalogues';

export const taskEvent = defineEntity({
  name: 'task_event',
  plural: 'task-events',
  titleField: 'due_date',
  scope: 'property',
  fields: {
    property_uuid: f.ref('property', { required: true }),
    task_uuid: f.ref('task', { required: true }),
    due_date: f.date({ required: true }),
    planned_date: f.date({ readOnly: true }),
    status: f.enum(['open', 'done', 'skipped'], { default: 'open', required: true, readOnly: true }),
    overdue: f.bool({ computed: true, default: undefined }),
    moved: f.bool({ readOnly: true }),
    done_at: f.datetime({ readOnly: true }),
    done_by: f.text({ readOnly: true, max: 200 }),
    /** The service rate of this event's work where it differs from its task's. */
    service_rate_uuid: f.ref('service_rate'),
    /** Its work's cost per hour where it differs from its task's (docs/domain/calculations.md, "Workload"). */
    cost_per_hour: f.money({ min: 0 }),
    comment: f.longText({ max: 2000, hidden: false, searchable: true }),
  },
  status: { field: 'status', active: ['open'] },
  defaultSort: { field: 'due_date' },
  indexes: [['task_uuid', 'due_date']],
  fills: [SERVICE_RATE_FILL],
});
