// /tasks: the tasks grid or their events in the calendar; the drawer edits the recurrence and lists the events.
import { MODULE_ICONS } from '../src/components/module-icons';
import { tasksGrid } from '../grids/tasks.grid';
import type { DrawerExtension } from './records/drawer-extension';
import { PlanningModuleView } from './planning/planning-module-view';
import { RecurrenceEditor } from './planning/recurrence-editor';
import { RECURRENCE_FIELDS } from './planning/recurrence-fields';
import { TaskPanels } from './planning/task-panels';

const extension: DrawerExtension = {
  ownFields: RECURRENCE_FIELDS,
  form: (props) => <RecurrenceEditor {...props} />,
  panels: (record, onChanged) => <TaskPanels record={record} onChanged={onChanged} />,
};

export function TasksView() {
  return (
    <PlanningModuleView
      grid={tasksGrid}
      titleKey="modules.tasks"
      icon={MODULE_ICONS.tasks}
      kind="task_event"
      extension={extension}
    />
  );
}
