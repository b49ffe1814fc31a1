// The planning models' additions to the record drawer and record page: the task's recurrence editor and events,
// the ticket's transitions, followers and comments, the order's transitions, public link and lines.
import type { DrawerExtension } from '../records/drawer-extension';
import { OrderPanels } from './order-panels';
import { RecurrenceEditor } from './recurrence-editor';
import { RECURRENCE_FIELDS } from './recurrence-fields';
import { TaskPanels } from './task-panels';
import { TicketPanels } from './ticket-panels';

export const taskExtension: DrawerExtension = {
  // the assignee shows in the panels (a picker when the task may be assigned, else the name)
  ownFields: [...RECURRENCE_FIELDS, 'assignee_user_uuid', 'assignee_name'],
  form: (props) => <RecurrenceEditor {...props} />,
  ownRelations: ['task_event'],
  panels: (record, onChanged) => <TaskPanels record={record} onChanged={onChanged} />,
};

export const ticketExtension: DrawerExtension = {
  ownFields: ['assignee_user_uuid'], // the assignee's name shows; Assign and Delegate set it
  ownRelations: ['ticket_comment'],
  panels: (record, onChanged) => <TicketPanels record={record} onChanged={onChanged} />,
};

export const orderExtension: DrawerExtension = {
  ownRelations: ['order_line'],
  panels: (record, onChanged) => <OrderPanels record={record} onChanged={onChanged} />,
};

/** The extension of a planning model's drawer, by model name. */
export const PLANNING_EXTENSIONS: Record<string, DrawerExtension> = {
  task: taskExtension,
  ticket: ticketExtension,
  order: orderExtension,
};
