// A recurring or single maintenance job (docs/domain/calculations.md, "Task recurrence"), optionally tied to a facility or a
// contract. The recurrence fields are flat; by_weekday is a text such as "MO,WE". Events (task_event) are materialised
// by the server on save and by a daily job.
import { defineEntity } from './define';
import { f } from './fields';
import { SERVICE_RATE_FILL } from './catalogues';
import { ANCHORS, END_TYPES, MONTH_MODES, RECURRENCE_UNITS, REPEAT_TYPES } from '../domain/recurrence-types';

export const task = defineEntity({
  name: 'task',
  plural: 'tasks',
  titleField: 'title',
  scope: 'property',
  fields: {
    property_uuid: f.ref('property', { required: true }),
    title: f.text({ required: true, max: 200, searchable: true }),
    facility_uuid: f.ref('facility'),
    contract_uuid: f.ref('contract'),
    contact_uuid: f.ref('contact'),
    execution_type: f.enum(['internal', 'external'], { default: 'internal', required: true }),
    repeat_type: f.enum(REPEAT_TYPES, { default: 'singular', required: true }),
    interval: f.int({ min: 1, max: 999, default: 1 }),
    unit: f.enum(RECURRENCE_UNITS),
    by_weekday: f.text({ max: 27 }),
    month_mode: f.enum(MONTH_MODES),
    weekday_ordinal: f.int({ min: -1, max: 4 }),
    start_date: f.date({ required: true }),
    end_type: f.enum(END_TYPES, { default: 'never', required: true }),
    end_date: f.date(),
    occurrences: f.int({ min: 1, max: 10_000 }),
    anchor: f.enum(ANCHORS, { default: 'scheduled', required: true }),
    lead_days: f.int({ min: 0, max: 366 }),
    due_offset_days: f.int({ min: 0, max: 366 }),
    skip_weekends: f.bool(),
    rrule: f.text({ max: 500 }),
    workload: f.decimal({ min: 0, max: 10_000 }),
    /** The service rate its workload is costed at: picking one sets `cost_per_hour` (server/models/task.ts). */
    service_rate_uuid: f.ref('service_rate'),
    cost_per_hour: f.money({ min: 0 }),
    status: f.enum(['active', 'inactive'], { default: 'active', required: true, readOnly: true }),
    last_executed_at: f.date({ readOnly: true }),
    description: f.longText(),
    /** The member responsible for the task's events, set by the assign action (docs/decisions.md, "Delegation"). */
    assignee_user_uuid: f.text({ readOnly: true, max: 36 }),
    assignee_name: f.text({ readOnly: true, max: 200 }),
    /** Set on the new series a "this and following" move splits off; undoing the move joins it back. */
    split_from_uuid: f.ref('task', { readOnly: true }),
  },
  status: { field: 'status', active: ['active'] },
  defaultSort: { field: 'title' },
  indexes: [['facility_uuid'], ['contract_uuid'], ['assignee_user_uuid']],
  fills: [SERVICE_RATE_FILL],
});
