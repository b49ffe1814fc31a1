// The home dashboard's tiles (docs/analytics-api.md, "Dashboard tiles"): each is a list query — a model and the
// filter its grid applies — and its value is the count of that list, computed by the list's own conditions
// (analytics-scope.ts), so the tile and the list it links to always agree. A tile may also sum a computed field of
// what it counts (the renewal costs of the renewals due), computed by the model's own read (`computed`).
import { sql, type SQL } from 'drizzle-orm';
import type { AnyEntity } from '../../src/entities/define';
import { entities } from '../../src/entities/registry';
import type { Tile, TileReply } from '../../src/entities/analytics';
import { addMonths } from '../../src/domain/contract-deadlines';
import { isClosed, TICKET_STATES } from '../../src/domain/transitions';
import type { AppContext } from '../context';
import type { Access } from '../crud/access';
import { add, decToString, toDec, type Dec } from '../../src/domain/decimal';
import { rowsOf, tableOf } from '../crud/table';
import { computedRows, requireView, scopedTo, type Selection } from './analytics-scope';

const DAY = 86_400_000;
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** Tickets still to be dealt with: every state but done, confirmed and cancelled. */
export const OPEN_TICKET_STATES = TICKET_STATES.filter((s) => !isClosed(s));

/** A list query: the model and its filter, in the list's URL form (`filter[...]`), for the caller's today. */
export interface ListLink {
  entity: AnyEntity;
  filter: Record<string, unknown>;
  /** A computed money field of the model whose sum over the records counted the tile gives as its `amount`. */
  sum?: string;
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
  // facilities to be renewed now or within the planning horizon (docs/domain/calculations.md, "Renewal figures"),
  // and what renewing them costs
  renewals_due: () => ({
    entity: entities.facility,
    filter: { renewal_status: ['immediate', 'due'] },
    sum: 'renewal_costs',
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
  const today = todayOf(access);
  const { entity, filter, sum } = tiles[name](today);
  requireView(access, q.settings_group_uuid, entity);
  const where = scopedTo(entity, access, q, filter);
  if (sum) {
    const { value, amount } = await summed(ctx, access, entity, where, sum, today);
    return { value, amount, model: entity.name, filter };
  }
  const [row] = rowsOf<{ n: number }>(
    await ctx.db.execute(sql`select count(*)::int as n from ${tableOf(entity)} where ${where}`),
  );
  return { value: Number(row?.n ?? 0), model: entity.name, filter };
}

/** The records counted and the exact sum of their computed `field` (to cents), each computed as a read computes it. */
async function summed(ctx: AppContext, access: Access, entity: AnyEntity, where: SQL, field: string, today: string) {
  const rows = await computedRows(ctx, access, entity, where, today);
  let total: Dec = { units: 0n, scale: 0 };
  for (const row of rows) {
    const value = toDec(row[field]);
    if (value) total = add(total, value);
  }
  return { value: rows.length, amount: decToString(total, 2) };
}
