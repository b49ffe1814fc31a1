// /orders: the orders grid or their due dates in the calendar; the drawer offers the transitions, the public link
// reset and the lines with totals.
import { ordersGrid } from '../grids/orders.grid';
import type { DrawerExtension } from './records/drawer-extension';
import { OrderPanels } from './planning/order-panels';
import { PlanningModuleView } from './planning/planning-module-view';

const extension: DrawerExtension = {
  panels: (record, onChanged) => <OrderPanels record={record} onChanged={onChanged} />,
};

export function OrdersView() {
  return <PlanningModuleView grid={ordersGrid} titleKey="modules.orders" kind="order" extension={extension} />;
}
