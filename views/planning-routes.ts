// The planning screens' imports, one hop away from the first screen: the router's loaders (src/app/page-loaders.ts) know only
// this small module, so the list of chunks these screens need (FullCalendar, the drawer panels)
// is not written into the first screen's bundle.
export const loadPlanningModuleView = () => import('./planning/planning-module-view');
export const loadCalendarView = () => import('./calendar/calendar-view');
export const loadPublicOrderPage = () => import('./public/public-order-page');
export const loadPlanningExtensions = () => import('./planning/drawer-extensions');
