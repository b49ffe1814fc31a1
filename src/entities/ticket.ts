// A ticket (docs/domain/states.md, "States and transitions"): numbered per settings group, moved through its states by actions
// only; overdue is derived. The assignee is a member of the settings group, set by the assign and delegate actions.
import { defineEntity } from './define';
import { f } from './fields';
import { TICKET_STATES } from '../domain/transitions';
import { numberingSettings } from './setting-kinds';

export const ticket = defineEntity({
  name: 'ticket',
  plural: 'tickets',
  titleField: 'subject',
  scope: 'property',
  fields: {
    property_uuid: f.ref('property', { required: true }),
    subject: f.text({ required: true, max: 200, searchable: true }),
    number: f.text({ readOnly: true, max: 40, searchable: true }),
    partition_uuid: f.ref('partition'),
    area_uuid: f.ref('area'),
    facility_uuid: f.ref('facility'),
    priority: f.enum(['low', 'normal', 'high', 'immediate'], { default: 'normal', required: true }),
    severity: f.int({ min: 1, max: 4 }),
    status: f.enum(TICKET_STATES, { default: 'open', required: true, readOnly: true }),
    overdue: f.bool({ computed: true, default: undefined }),
    due_date: f.date(),
    assignee_user_uuid: f.text({ readOnly: true, max: 36 }),
    assignee_name: f.text({ readOnly: true, max: 200 }),
    delegated_contact_uuid: f.ref('contact', { readOnly: true }),
    reporter_contact_uuid: f.ref('contact'),
    reporter_email: f.email(),
    source: f.enum(['web', 'notifier', 'email', 'api'], { default: 'web', required: true }),
    confirmed_at: f.datetime({ readOnly: true }),
    confirmed_by: f.text({ readOnly: true, max: 200 }),
    reopen_count: f.int({ readOnly: true, default: 0 }),
    description: f.longText(),
  },
  status: { field: 'status', active: ['requested', 'open', 'in_progress', 'delegated', 'done'] },
  defaultSort: { field: 'number', descending: true },
  indexes: [['settings_group_uuid', 'due_date']],
  /** A new ticket's number is its settings group's prefix and next number, five digits at least (T-00001). */
  numbering: { field: 'number' },
  settings: numberingSettings('T-'),
});

/** A comment on a ticket; the author and time are the record's created_by and created_at. */
export const ticketComment = defineEntity({
  name: 'ticket_comment',
  plural: 'ticket-comments',
  titleField: 'body',
  scope: 'property',
  fields: {
    property_uuid: f.ref('property', { required: true }),
    ticket_uuid: f.ref('ticket', { required: true }),
    body: f.longText({ required: true, max: 5000, hidden: false, searchable: true }),
  },
  indexes: [['ticket_uuid']],
});
