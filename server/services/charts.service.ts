// The charts (docs/analytics-api.md, "Charts"): each one grouped statement over the records the caller sees (the
// model's list scope, analytics-scope.ts) in a settings group, optionally some of its properties, and a period.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyEntity } from '../../src/entities/define';
import { entities } from '../../src/entities/registry';
import type { Chart, ChartRow } from '../../src/entities/analytics';
import type { AppContext } from '../context';
import type { Access } from '../crud/access';
import { fieldError } from '../http-error';
import { rowsOf, scopeCondition } from '../crud/table';
import { budgetTotals } from '../db/budget-schema';
import {
  budget as budgets,
  contract as contracts,
  costGroup as costGroups,
  counter as counters,
  measurement as measurements,
  property as properties,
  ticket as tickets,
  unit as units,
} from '../db/entity-tables';
import { requireView, scopedTo, type Selection } from './analytics-scope';
import { consumptionValues, periodOf, utcDay } from './consumption.service';
import { addMonths } from '../../src/domain/contract-deadlines';
import { addDays, OPEN_TICKET_STATES, todayOf } from './dashboard.service';
import { staffingStatement } from './workload.service';

/** `filter`: the chart's model's list filter, parsed by the list's schema (the route's querystring). */
export type ChartQuery = Selection & {
  settings_group_uuid: string;
  from?: string | undefined;
  to?: string | undefined;
};
/** The query with its period: days, both included. */
export type ChartScope = Selection & { settings_group_uuid: string; from: string; to: string };

/** The longest period a chart takes. */
export const MAX_YEARS = 20;

/** The period of a chart: without `from`, 1 January of last year; without `to`, 31 December of this year (the
 * caller's today). `to` before `from` or more than 20 years after it is a 422 on `to`. */
export function chartPeriod(q: ChartQuery, today: string): ChartScope {
  const year = Number(today.slice(0, 4));
  const from = q.from ?? `${year - 1}-01-01`;
  const to = q.to ?? `${year}-12-31`;
  if (to < from) throw fieldError('to', 'validation.end_before_start');
  const limit = addDays(addMonths(from, MAX_YEARS * 12), -1);
  if (to > limit) throw fieldError('to', 'validation.max_number', { max: limit });
  return { ...q, from, to };
}

interface ChartDef<C extends Chart> {
  /** The model whose list scope the chart counts (its view right needed), and other models it reads. */
  entity: AnyEntity;
  reads?: AnyEntity[];
  statement: (access: Access, q: ChartScope, today: string) => SQL;
  present: (row: Record<string, unknown>) => ChartRow<C>;
}

const openStates = sql.raw(`(${OPEN_TICKET_STATES.map((s) => `'${s}'`).join(', ')})`);
const utcDate = (at: unknown) => sql`(${at} at time zone 'UTC')::date`;

export const charts: { [C in Chart]: ChartDef<C> } = {
  // per year and cost group: Σ budgets' amounts, Σ what their orders and bills draw (budget_totals); budgets without
  // a year are left out; a cost group the caller cannot see is named null
  'budget-vs-actual': {
    entity: entities.budget,
    statement: (access, q) => sql`select ${budgets.year} as year, ${budgets.cost_group_uuid} as cost_group_uuid,
        ${costGroups.name} as cost_group, sum(${budgets.amount})::numeric(16,2)::text as budget,
        sum(coalesce(${budgetTotals.orders_drawn} + ${budgetTotals.bills_drawn}, 0))::numeric(16,2)::text as actual
      from ${budgets}
      left join ${budgetTotals} on ${budgetTotals.budget_uuid} = ${budgets.uuid}
      left join ${costGroups} on ${costGroups.uuid} = ${budgets.cost_group_uuid}
        and ${scopeCondition(entities.cost_group, access)}
      where ${scopedTo(entities.budget, access, q)}
        and ${budgets.year} between ${Number(q.from.slice(0, 4))} and ${Number(q.to.slice(0, 4))}
      group by ${budgets.year}, ${budgets.cost_group_uuid}, ${costGroups.name}
      order by 1, 3 nulls last, 2 nulls first`,
    present: (r) => ({
      year: Number(r.year),
      cost_group_uuid: (r.cost_group_uuid as string | null) ?? null,
      cost_group: (r.cost_group as string | null) ?? null,
      budget: String(r.budget),
      actual: String(r.actual),
    }),
  },
  // per counter and UTC month of the readings in the period: as a counter's consumption per month
  // (consumption.service.ts), with the anomalous readings counted; counters the caller cannot see are left out, and
  // the area of a property they cannot see is none (no per m²)
  consumption: {
    entity: entities.measurement,
    statement: (access, q) => {
      const month = periodOf('month');
      return sql`select ${month} as month, ${counters.uuid} as counter_uuid, ${counters.name} as counter,
          ${units.symbol} as unit, sum(${measurements.consumption})::text as total,
          (count(*) filter (where ${measurements.status} = 'anomalous'))::int as anomalies,
          ${properties.energy_reference_area}::text as area
        from ${measurements}
        join ${counters} on ${counters.uuid} = ${measurements.counter_uuid} and ${scopeCondition(entities.counter, access)}
        left join ${properties} on ${properties.uuid} = ${counters.property_uuid}
          and ${scopeCondition(entities.property, access)}
        left join ${units} on ${units.uuid} = ${counters.unit_uuid}
        where ${scopedTo(entities.measurement, access, q)} and ${measurements.consumption} is not null
          and ${measurements.measured_at} >= ${utcDay(q.from)} and ${measurements.measured_at} < ${utcDay(q.to, 1)}
        group by 1, ${counters.uuid}, ${counters.name}, ${units.symbol}, ${properties.energy_reference_area}
        order by 1, 3, 2`;
    },
    present: (r) => ({
      month: String(r.month),
      counter_uuid: String(r.counter_uuid),
      counter: String(r.counter),
      unit: (r.unit as string | null) ?? null,
      ...consumptionValues(r.total, r.area),
      anomalies: Number(r.anomalies),
    }),
  },
  // per ISO week: tickets created, tickets closed (done, confirmed or cancelled; the week of their last change) and
  // tickets overdue now (by the week they fell due), each in the period
  'ticket-throughput': {
    entity: entities.ticket,
    statement: (access, q, today) => sql`select to_char(v.day, 'IYYY-"W"IW') as week,
        (count(*) filter (where v.k = 1))::int as opened, (count(*) filter (where v.k = 2))::int as closed,
        (count(*) filter (where v.k = 3))::int as overdue
      from ${tickets} cross join lateral (values
        (1, ${utcDate(tickets.created_at)}),
        (2, case when ${tickets.status} not in ${openStates} then ${utcDate(tickets.updated_at)} end),
        (3, case when ${tickets.status} in ${openStates} and ${tickets.due_date} < ${today}::date then ${tickets.due_date} end)
      ) v(k, day)
      where ${scopedTo(entities.ticket, access, q)} and v.day between ${q.from}::date and ${q.to}::date
      group by 1 order by 1`,
    present: (r) => ({
      week: String(r.week),
      opened: Number(r.opened),
      closed: Number(r.closed),
      overdue: Number(r.overdue),
    }),
  },
  // per month: the workload of the task events due (docs/domain/calculations.md, "Workload")
  staffing: {
    entity: entities.task_event,
    reads: [entities.task],
    statement: (access, q) => staffingStatement(access, q),
    present: (r) => ({ month: String(r.month), hours: String(r.hours), cost: String(r.cost) }),
  },
  // per contract type: the contracts running in the period (started by its end, not ended before its start; a
  // missing date does not limit) and the sum of their amounts
  'contract-volume': {
    entity: entities.contract,
    statement: (access, q) => sql`select ${contracts.contract_type} as type, count(*)::int as count,
        coalesce(sum(${contracts.amount}), 0)::numeric(16,2)::text as volume
      from ${contracts}
      where ${scopedTo(entities.contract, access, q)}
        and (${contracts.contract_start_date} is null or ${contracts.contract_start_date} <= ${q.to}::date)
        and (${contracts.contract_end_date} is null or ${contracts.contract_end_date} >= ${q.from}::date)
      group by 1 order by 1`,
    present: (r) => ({ type: String(r.type), count: Number(r.count), volume: String(r.volume) }),
  },
};

/** A chart's statement for the caller (rights checked: 404 outside the settings group, 403 without view). */
export function chartStatement(access: Access, chart: Chart, q: ChartQuery) {
  const def = charts[chart];
  requireView(access, q.settings_group_uuid, def.entity, ...(def.reads ?? []));
  const today = todayOf(access);
  return def.statement(access, chartPeriod(q, today), today);
}

export async function chartData<C extends Chart>(ctx: AppContext, access: Access, chart: C, q: ChartQuery) {
  const rows = rowsOf<Record<string, unknown>>(await ctx.db.execute(chartStatement(access, chart, q)));
  return rows.map((r) => charts[chart].present(r) as ChartRow<C>);
}
