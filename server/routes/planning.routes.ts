// The planning modules' routes beyond the generic records engine (docs/planning-api.md).
import type { FastifyInstance } from 'fastify';
import { taskRoutes } from './tasks.routes';
import { ticketRoutes } from './tickets.routes';

export async function planningRoutes(app: FastifyInstance) {
  await app.register(taskRoutes);
  await app.register(ticketRoutes);
}
