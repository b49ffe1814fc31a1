// /orders: the orders grid or their due dates in the calendar; the drawer offers the transitions, the public link
// reset and the lines with totals.
import { ordersGrid } from '../grids/orders.grid';
import { PlanningModuleView } from './planning/planning-module-view';
import { orderExtension } from './planning/drawer-extensions';

export function OrdersView() {
  return <PlanningModuleView grid={ordersGrid} titleKey="modules.orders" kind="order" extension={orderExtension} />;
}
