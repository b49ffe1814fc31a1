// The planning modules' routes beyond the generic records engine (docs/planning-api.md).
import type { FastifyInstance } from 'fastify';
import { taskRoutes } from './tasks.routes';
import { ticketRoutes } from './tickets.routes';
import { orderRoutes } from './orders.routes';
import { publicOrderRoutes } from './public-order.routes';
import { calendarRoutes } from './calendar.routes';
import { calendarFeedRoutes } from './calendar-feed.routes';

export async function planningRoutes(app: FastifyInstance) {
  await app.register(taskRoutes);
  await app.register(ticketRoutes);
  await app.register(orderRoutes);
  await app.register(publicOrderRoutes);
  await app.register(calendarRoutes);
  await app.register(calendarFeedRoutes);
}
