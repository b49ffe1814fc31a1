// /tickets: the tickets grid or their due dates in the calendar; the drawer offers the transitions, follow,
// delegate, create order and the comments.
import { MODULE_ICONS } from '../src/components/module-icons';
import { ticketsGrid } from '../grids/tickets.grid';
import { PlanningModuleView } from './planning/planning-module-view';
import { ticketExtension } from './planning/drawer-extensions';

export function TicketsView() {
  return (
    <PlanningModuleView
      grid={ticketsGrid}
      titleKey="modules.tickets"
      icon={MODULE_ICONS.tickets}
      kind="ticket"
      extension={ticketExtension}
    />
  );
}
