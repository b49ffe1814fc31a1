// /tasks: the tasks grid or their events in the calendar; the drawer edits the recurrence and lists the events.
import { MODULE_ICONS } from '../src/components/module-icons';
import { tasksGrid } from '../grids/tasks.grid';
import { PlanningModuleView } from './planning/planning-module-view';
import { taskExtension } from './planning/drawer-extensions';

export function TasksView() {
  return (
    <PlanningModuleView
      grid={tasksGrid}
      titleKey="modules.tasks"
      icon={MODULE_ICONS.tasks}
      kind="task_event"
      extension={taskExtension}
    />
  );
}
