// The map's points (docs/analytics-api.md, "Map"): the properties the caller sees in a settings group (the
// properties' list scope), placed ones as `[uuid, title, latitude, longitude, value]` and the others as
// `[uuid, title]`, with a key figure per property counted over the records the caller sees (each model's list
// scope). One statement builds the whole reply as JSON text in the database: 50,000 properties stay one round trip
// and one string, never 50,000 objects in the process.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyEntity } from '../../src/entities/define';
import { entities } from '../../src/entities/registry';
import type { MapKpi } from '../../src/entities/analytics';
import { addMonths } from '../../src/domain/contract-deadlines';
import type { AppContext } from '../context';
import type { Access } from '../crud/access';
import { rowsOf } from '../crud/table';
import { budgetTotals } from '../db/budget-schema';
import { budget as budgets, property as properties } from '../db/entity-tables';
import { requireView, scopedTo, type Selection } from './analytics-scope';
import { addDays, OPEN_TICKET_STATES, todayOf } from './dashboard.service';

interface Kpi {
  entity: AnyEntity;
  filter: (today: string) => Record<string, unknown>;
  /** The value per property over the model's matching rows (grouped by its property). */
  value: SQL;
  /** What a property without matching rows shows. */
  none: 0 | null;
}

const count = sql`count(*)::int`;

/** The key figures (docs/analytics-api.md, "Map"). */
const kpis: Record<Exclude<MapKpi, 'none'>, () => Kpi> = {
  open_tickets: () => ({
    entity: entities.ticket,
    filter: () => ({ status: OPEN_TICKET_STATES }),
    value: count,
    none: 0,
  }),
  overdue_task_events: () => ({
    entity: entities.task_event,
    filter: (today) => ({ status: ['open'], due_date: { to: addDays(today, -1) } }),
    value: count,
    none: 0,
  }),
  // the share of this year's budgets used: Σ drawn ÷ Σ amount × 100 (what is used of a budget is its amount less what
  // is available: what its orders and bills draw, kept in budget_totals), two places; none without an amount
  budget_use: () => ({
    entity: entities.budget,
    filter: (today) => ({ year: today.slice(0, 4) }),
    value: sql`round(sum(coalesce(${budgetTotals.orders_drawn} + ${budgetTotals.bills_drawn}, 0)) * 100
      / nullif(sum(${budgets.amount}), 0), 2)::float8`,
    none: null,
  }),
  anomalous_readings: () => ({
    entity: entities.measurement,
    filter: (today) => ({ status: ['anomalous'], measured_at: { from: `${addMonths(today, -12)}T00:00:00.000Z` } }),
    value: count,
    none: 0,
  }),
  // renewal urgency: the facilities to renew now or within the planning horizon, as the home tile counts them
  renewals_due: () => ({
    entity: entities.facility,
    filter: () => ({ renewal_status: ['immediate', 'due'] }),
    value: count,
    none: 0,
  }),
};

/** The statement of the map's reply (JSON text in `body`); the caller's rights are checked before. */
export function mapStatement(access: Access, kpi: MapKpi, q: Selection & { settings_group_uuid: string }): SQL {
  // the properties as the map's grid lists them (its limiter and archived switch); the key figures count their own
  // model's list as always
  const { status_limiter: _limiter, archived: _archived, ...scope } = q;
  const where = scopedTo(entities.property, access, q);
  let join = sql``;
  let value: SQL = sql`null::int`;
  if (kpi !== 'none') {
    const k = kpis[kpi]();
    const table =
      k.entity === entities.budget
        ? sql`${budgets} left join ${budgetTotals} on ${budgetTotals.budget_uuid} = ${budgets.uuid}`
        : sql`${sql.identifier(k.entity.table)}`;
    const own = sql`${sql.identifier(k.entity.table)}.property_uuid`;
    join = sql`left join (select ${own} as kpi_property, ${k.value} as kpi_value from ${table}
      where ${scopedTo(k.entity, access, scope, k.filter(todayOf(access)))} group by ${own}) kpi
      on kpi.kpi_property = ${properties.uuid}`;
    value = k.none === null ? sql`kpi.kpi_value` : sql`coalesce(kpi.kpi_value, 0)`;
  }
  const placed = sql`${properties.latitude} is not null and ${properties.longitude} is not null`;
  const order = sql`order by ${properties.name}, ${properties.uuid}`;
  return sql`select json_build_object('kpi', ${kpi}::text,
      'rows', coalesce(json_agg(json_build_array(${properties.uuid}, ${properties.name}, ${properties.latitude}::float8,
        ${properties.longitude}::float8, ${value}) ${order}) filter (where ${placed}), '[]'::json),
      'unplaced', coalesce(json_agg(json_build_array(${properties.uuid}, ${properties.name}) ${order})
        filter (where not (${placed})), '[]'::json))::text as body
    from ${properties} ${join}
    where ${where}`;
}

/** The map's reply as JSON text: 404 outside the settings group, 403 without the right to view properties or the
 * key figure's model. */
export async function mapPoints(
  ctx: AppContext,
  access: Access,
  kpi: MapKpi,
  q: Selection & { settings_group_uuid: string },
): Promise<string> {
  requireView(access, q.settings_group_uuid, entities.property, ...(kpi === 'none' ? [] : [kpis[kpi]().entity]));
  const [row] = rowsOf<{ body: string }>(await ctx.db.execute(mapStatement(access, kpi, q)));
  return row!.body;
}
