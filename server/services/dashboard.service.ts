// The home dashboard's tiles (docs/analytics-api.md, "Dashboard tiles"): each is a list query — a model and the
// filter its grid applies — and its value is the count of that list, computed by the list's own conditions
// (analytics-scope.ts), so the tile and the list it links to always agree.
import { sql } from 'drizzle-orm';
import type { AnyEntity } from '../../src/entities/define';
import { entities } from '../../src/entities/registry';
import type { Tile, TileReply } from '../../src/entities/analytics';
import { addMonths } from '../../src/domain/contract-deadlines';
import { isClosed, TICKET_STATES } from '../../src/domain/transitions';
import type { AppContext } from '../context';
import type { Access } from '../crud/access';
import { rowsOf, tableOf } from '../crud/table';
import { requireView, scopedTo, type Selection } from './analytics-scope';

const DAY = 86_400_000;
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** Tickets still to be dealt with: every state but done, confirmed and cancelled. */
export const OPEN_TICKET_STATES = TICKET_STATES.filter((s) => !isClosed(s));

/** A list query: the model and its filter, in the list's URL form (`filter[...]`), for the caller's today. */
export interface ListLink {
  entity: AnyEntity;
  filter: Record<string, unknown>;
}

export const tiles: Record<Tile, (today: string) => ListLink> = {
  open_tickets: () => ({ entity: entities.ticket, filter: { status: OPEN_TICKET_STATES } }),
  // overdue (docs/domain/states.md): a due date before today on a ticket not closed
  overdue_tickets: (today) => ({
    entity: entities.ticket,
    filter: { status: OPEN_TICKET_STATES, due_date: { to: addDays(today, -1) } },
  }),
  tasks_due_this_month: (today) => ({
    entity: entities.task_event,
    filter: {
      status: ['open'],
      due_date: { from: `${today.slice(0, 7)}-01`, to: addDays(addMonths(`${today.slice(0, 7)}-01`, 1), -1) },
    },
  }),
  budgets_nearly_spent: () => ({ entity: entities.budget, filter: { used_percent: { from: '90' } } }),
  anomalous_readings: (today) => ({
    entity: entities.measurement,
    filter: { status: ['anomalous'], measured_at: { from: `${addDays(today, -30)}T00:00:00.000Z` } },
  }),
  contracts_cancellation_near: (today) => ({
    entity: entities.contract,
    filter: { status: ['active', 'extended'], latest_cancellation_date: { from: today, to: addDays(today, 60) } },
  }),
  guarantees_expiring: (today) => ({
    entity: entities.guarantee,
    filter: { status: ['active'], end_date: { from: today, to: addDays(today, 90) } },
  }),
};

export const todayOf = (access: Access) => access.today ?? new Date().toISOString().slice(0, 10);

/** A tile: 404 outside the settings group, 403 without the right to view its model. */
export async function tile(
  ctx: AppContext,
  access: Access,
  name: Tile,
  q: Selection & { settings_group_uuid: string },
): Promise<TileReply> {
  const { entity, filter } = tiles[name](todayOf(access));
  requireView(access, q.settings_group_uuid, entity);
  const [row] = rowsOf<{ n: number }>(
    await ctx.db.execute(
      sql`select count(*)::int as n from ${tableOf(entity)} where ${scopedTo(entity, access, q, filter)}`,
    ),
  );
  return { value: Number(row?.n ?? 0), model: entity.name, filter };
}
