// The planning screens' imports, one hop away from the first screen: the router's table (records/routes.ts) knows
// only this small module, so the list of chunks these screens need (FullCalendar, recharts, the drawer panels)
// is not written into the first screen's bundle.
export const loadTasksView = () => import('./tasks-view');
export const loadTicketsView = () => import('./tickets-view');
export const loadOrdersView = () => import('./orders-view');
export const loadCalendarView = () => import('./calendar/calendar-view');
export const loadPublicOrderPage = () => import('./public/public-order-page');
export const loadPlanningExtensions = () => import('./planning/drawer-extensions');
