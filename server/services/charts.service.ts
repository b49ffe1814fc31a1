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
import { requireView, scopedTo, withFilterAttributes, type Selection } from './analytics-scope';
import { consumptionValues, periodOf, utcDay } from './consumption.service';
import { addMonths } from '../../src/domain/contract-deadlines';
import { addDays, OPEN_TICKET_STATES, todayOf } from './dashboard.service';
import { staffingStatement } from './workload.service';
import { isClosed, TICKET_STATES } from '../../src/domain/transitions';

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

/** A list filter in the list query's form (`{ field: value | values[] | { from, to } }`). */
type ListFilter = Record<string, unknown>;

interface ChartDef<C extends Chart> {
  /** The model whose list scope the chart counts (its view right needed), and other models it reads. */
  entity: AnyEntity;
  reads?: AnyEntity[];
  statement: (access: Access, q: ChartScope, today: string) => SQL;
  present: (row: Record<string, unknown>) => Omit<ChartRow<C>, 'filters'>;
  /** Per mark (series) of a row, the model's list filter that lists exactly the records the mark counts: the one
   * definition of each bucket that the chart's links open (docs/analytics-api.md, "Charts: marks"). */
  marks: (row: Omit<ChartRow<C>, 'filters'>, q: ChartScope, today: string) => Record<string, ListFilter>;
}

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);
/** A bucket's days (`from` to `to`, both included) within the chart's period. */
const inPeriod = (q: ChartScope, from: string, to: string) => ({ from: later(from, q.from), to: earlier(to, q.to) });
/** The days of a month `YYYY-MM` within the period. */
const monthIn = (q: ChartScope, month: string) => inPeriod(q, `${month}-01`, addDays(addMonths(`${month}-01`, 1), -1));
/** The days of an ISO week (from its Monday) within the period. */
const weekIn = (q: ChartScope, monday: string) => inPeriod(q, monday, addDays(monday, 6));

const runningIn = (q: ChartScope) => ({ from: q.from, to: q.to });
const CLOSED_TICKET_STATES = TICKET_STATES.filter(isClosed);
/** The task events the workload counts (docs/domain/calculations.md, "Workload"): all but the skipped. */
const TASK_EVENT_COUNTED = ['open', 'done'];
const openStates = sql.raw(`(${OPEN_TICKET_STATES.map((s) => `'${s}'`).join(', ')})`);
const utcDate = (at: unknown) => sql`(${at} at time zone 'UTC')::date`;

export const charts: { [C in Chart]: ChartDef<C> } = {
  // per year and cost group: Σ budgets' amounts, Σ what their orders and bills draw (budget_totals); budgets without
  // a year are left out; a cost group the caller cannot see is named null
  'budget-vs-actual': {
    entity: entities.budget,
    statement: (access, q) => sql`select ${budgets.year} as year, ${budgets.cost_group_uuid} as cost_group_uuid,
        ${costGroups.name} as cost_group, count(*)::int as budgets,
        sum(${budgets.amount})::numeric(16,2)::text as budget,
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
      budgets: Number(r.budgets),
      budget: String(r.budget),
      actual: String(r.actual),
    }),
    // both bars stand for the same budgets: of the year, of the cost group or without one
    marks: (r) => {
      const filter = {
        year: r.year,
        ...(r.cost_group_uuid ? { cost_group_uuid: [r.cost_group_uuid] } : { no_cost_group: '1' }),
      };
      return { budget: filter, actual: filter };
    },
  },
  // per counter and UTC month of the readings in the period: the consumption of its valid readings
  // (consumption.service.ts), the anomalous ones counted apart and not summed (docs/analytics-api.md, "Charts":
  // one reading lower than the one before must not set the axis); counters the caller cannot see are left out, and
  // the area and name of a property they cannot see are none (no per m²)
  consumption: {
    entity: entities.measurement,
    statement: (access, q) => {
      const month = periodOf('month');
      const valid = sql`${measurements.status} = 'valid'`;
      const anomalous = sql`${measurements.status} = 'anomalous'`;
      return sql`select ${month} as month, ${counters.uuid} as counter_uuid, ${counters.name} as counter,
          ${counters.counter_id} as counter_id, ${properties.name} as property,
          ${units.symbol} as unit, (sum(${measurements.consumption}) filter (where ${valid}))::text as total,
          (count(*) filter (where ${valid}))::int as readings,
          (count(*) filter (where ${anomalous}))::int as anomalies,
          (sum(${measurements.consumption}) filter (where ${anomalous}))::text as anomalous_total,
          ${properties.energy_reference_area}::text as area
        from ${measurements}
        join ${counters} on ${counters.uuid} = ${measurements.counter_uuid} and ${scopeCondition(entities.counter, access)}
        left join ${properties} on ${properties.uuid} = ${counters.property_uuid}
          and ${scopeCondition(entities.property, access)}
        left join ${units} on ${units.uuid} = ${counters.unit_uuid}
        where ${scopedTo(entities.measurement, access, q)}
          and ${measurements.measured_at} >= ${utcDay(q.from)} and ${measurements.measured_at} < ${utcDay(q.to, 1)}
        group by 1, ${counters.uuid}, ${counters.name}, ${counters.counter_id}, ${properties.name}, ${units.symbol},
          ${properties.energy_reference_area}
        having count(${measurements.consumption}) > 0
        order by 1, 3, 2`;
    },
    present: (r) => ({
      month: String(r.month),
      counter_uuid: String(r.counter_uuid),
      counter: String(r.counter),
      counter_id: String(r.counter_id),
      property: (r.property as string | null) ?? null,
      unit: (r.unit as string | null) ?? null,
      ...(r.total === null ? { consumption: null, per_m2: null } : consumptionValues(r.total, r.area)),
      readings: Number(r.readings),
      anomalies: Number(r.anomalies),
      anomalous_consumption: r.anomalous_total === null ? null : consumptionValues(r.anomalous_total, null).consumption,
    }),
    // the point: the meter's valid readings of the month (those summed); the marker: its anomalous ones
    marks: (r, q) => {
      const { from, to } = monthIn(q, r.month);
      const readings = {
        counter_uuid: [r.counter_uuid],
        measured_at: { from: `${from}T00:00:00.000Z`, to: `${to}T23:59:59.999Z` },
      };
      return {
        consumption: { ...readings, status: ['valid'] },
        anomalies: { ...readings, status: ['anomalous'] },
      };
    },
  },
  // per ISO week: tickets created, tickets closed (done, confirmed or cancelled; the week of their last change) and
  // tickets overdue now (by the week they fell due), each in the period
  'ticket-throughput': {
    entity: entities.ticket,
    statement: (access, q, today) => sql`select to_char(v.day, 'IYYY-"W"IW') as week,
        min(date_trunc('week', v.day)::date)::text as monday,
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
      monday: String(r.monday),
      opened: Number(r.opened),
      closed: Number(r.closed),
      overdue: Number(r.overdue),
    }),
    // the week's days in the period: created in them; closed now and last changed in them; still open and due in
    // them before today (the overdue tile's definition)
    marks: (r, q, today) => {
      const days = weekIn(q, r.monday);
      return {
        opened: { created_at: days },
        closed: { status: CLOSED_TICKET_STATES, updated_at: days },
        overdue: {
          status: OPEN_TICKET_STATES,
          due_date: { from: days.from, to: earlier(days.to, addDays(today, -1)) },
        },
      };
    },
  },
  // per month: the workload of the task events due (docs/domain/calculations.md, "Workload")
  staffing: {
    entity: entities.task_event,
    reads: [entities.task],
    statement: (access, q) => staffingStatement(access, q),
    present: (r) => ({
      month: String(r.month),
      events: Number(r.events),
      hours: String(r.hours),
      cost: String(r.cost),
    }),
    // the month's days in the period: its task events due then, not skipped
    marks: (r, q) => {
      const filter = { status: TASK_EVENT_COUNTED, due_date: monthIn(q, r.month) };
      return { hours: filter, cost: filter };
    },
  },
  // per contract type: the contracts running in the period (started by its end, not ended before its start; a
  // missing date does not limit) and the sum of their amounts
  'contract-volume': {
    entity: entities.contract,
    statement: (access, q) => sql`select ${contracts.contract_type} as type, count(*)::int as count,
        coalesce(sum(${contracts.amount}), 0)::numeric(16,2)::text as volume
      from ${contracts}
      where ${scopedTo(entities.contract, access, q, { running: runningIn(q) })}
      group by 1 order by 1`,
    present: (r) => ({ type: String(r.type), count: Number(r.count), volume: String(r.volume) }),
    // the slice: the contracts of the type running in the period (the named filter `running`, server/models/contract.ts)
    marks: (r, q) => ({ slice: { contract_type: [r.type], running: runningIn(q) } }),
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
  const { entity, reads } = charts[chart];
  requireView(access, q.settings_group_uuid, entity, ...(reads ?? []));
  q = await withFilterAttributes(ctx, access, entity, q);
  const rows = rowsOf<Record<string, unknown>>(await ctx.db.execute(chartStatement(access, chart, q)));
  const today = todayOf(access);
  const scope = chartPeriod(q, today);
  const def = charts[chart] as unknown as ChartDef<C>;
  return rows.map((r) => {
    const row = def.present(r);
    return { ...row, filters: def.marks(row, scope, today) } as ChartRow<C>;
  });
}
