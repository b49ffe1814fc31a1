// The map, the charts and the dashboard tiles (docs/analytics-api.md): their names, queries and replies, shared by the
// server (validation, OpenAPI) and the browser (types).
import { z } from 'zod';
import { MAP_KPIS } from './map-kpis';
import { valueSchemas } from './schemas';

const listOf = <T extends z.ZodType>(item: T) =>
  z.union([item.transform((v) => [v]), z.array(item).max(200)]).transform((v) => v as z.output<T>[]);

export { MAP_KPIS, type MapKpi } from './map-kpis';

export const CHARTS = ['budget-vs-actual', 'consumption', 'ticket-throughput', 'staffing', 'contract-volume'] as const;
export type Chart = (typeof CHARTS)[number];

export const TILES = [
  'open_tickets',
  'overdue_tickets',
  'tasks_due_this_month',
  'budgets_nearly_spent',
  'anomalous_readings',
  'contracts_cancellation_near',
  'guarantees_expiring',
  'renewals_due',
] as const;
export type Tile = (typeof TILES)[number];

/** The selection every aggregate takes: the settings group and, optionally, some of its properties. */
const selection = {
  settings_group_uuid: z.uuid(),
  property_uuids: listOf(z.uuid()).optional(),
};

export const mapQuery = z.strictObject({
  ...selection,
  kpi: z.enum(MAP_KPIS).default('none'),
  // the list's own limiter and archived switch (docs/analytics-api.md, "Map"): the map shows what its grid lists
  status_limiter: z.enum(['active', 'inactive', 'all']).optional(),
  archived: z.enum(['0', '1', 'all']).optional(),
});

/** `[uuid, title, latitude, longitude, value]` and `[uuid, title]`: compact, for tens of thousands of properties. */
export const mapReply = z.object({
  kpi: z.string(),
  rows: z.array(z.tuple([z.string(), z.string(), z.number(), z.number(), z.number().nullable()])),
  unplaced: z.array(z.tuple([z.string(), z.string()])),
});
export type MapReply = z.infer<typeof mapReply>;

export const chartQuery = z.strictObject({
  ...selection,
  from: valueSchemas.date().optional(),
  to: valueSchemas.date().optional(),
});

/** Per mark (series) of a chart's row, the list filter of the chart's model that lists exactly the records the mark
 * counts (docs/analytics-api.md, "Charts: marks"). */
const markFilters = z.record(z.string(), z.record(z.string(), z.unknown()));

export const budgetVsActualRow = z.object({
  year: z.number(),
  cost_group_uuid: z.string().nullable(),
  cost_group: z.string().nullable(),
  budgets: z.number(),
  budget: z.string(),
  actual: z.string(),
  filters: markFilters,
});
export const consumptionRow = z.object({
  month: z.string(),
  counter_uuid: z.string(),
  counter: z.string(),
  counter_id: z.string(),
  property: z.string().nullable(),
  unit: z.string().nullable(),
  consumption: z.string().nullable(),
  per_m2: z.string().nullable(),
  readings: z.number(),
  anomalies: z.number(),
  anomalous_consumption: z.string().nullable(),
  filters: markFilters,
});
export const ticketThroughputRow = z.object({
  week: z.string(),
  monday: z.string(),
  opened: z.number(),
  closed: z.number(),
  overdue: z.number(),
  filters: markFilters,
});
export const staffingRow = z.object({
  month: z.string(),
  events: z.number(),
  hours: z.string(),
  cost: z.string(),
  filters: markFilters,
});
export const contractVolumeRow = z.object({
  type: z.string(),
  count: z.number(),
  volume: z.string(),
  filters: markFilters,
});

export const chartRows = {
  'budget-vs-actual': budgetVsActualRow,
  consumption: consumptionRow,
  'ticket-throughput': ticketThroughputRow,
  staffing: staffingRow,
  'contract-volume': contractVolumeRow,
} as const satisfies Record<Chart, z.ZodType>;
export type ChartRow<C extends Chart> = z.infer<(typeof chartRows)[C]>;

export const tileQuery = z.strictObject(selection);

/** A tile's count, and the list (`model`) with the filter that shows exactly the records counted; `amount`, for a
 * tile that also sums something of them (the renewal costs of the renewals due), as a decimal string. */
export const tileReply = z.object({
  value: z.number(),
  amount: z.string().optional(),
  model: z.string(),
  filter: z.record(z.string(), z.unknown()),
});
export type TileReply = z.infer<typeof tileReply>;

/** The renewal forecast (docs/analytics-api.md, "Renewal forecast"; docs/domain/calculations.md): the facilities a
 * list shows for the selection and filter, their renewal costs per year over 5 to 50 years. */
export const RENEWAL_GROUP_BY = ['renewal_group', 'property', 'property_group'] as const;
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,4}$/, 'errors.integer')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
/** The forecast's query without its cross-field rule (`renewalForecastRule`): the route adds the list's filter. */
export const renewalForecastQuery = z.strictObject({
  ...selection,
  from_year: wholeNumber(1900, 2200).optional(),
  years: wholeNumber(5, 50).default(10),
  group_by: z.enum(RENEWAL_GROUP_BY).default('renewal_group'),
  smoothing: z.enum(['none', 'tranches', 'budget_cap']).default('none'),
  budget_cap: valueSchemas.money({ kind: 'money', min: 0 } as never).optional(),
  /** The budget line: an amount per year, or a percentage of the properties' indexed insurance value. */
  budget_amount: valueSchemas.money({ kind: 'money', min: 0.01 } as never).optional(),
  budget_percent: valueSchemas.percent({ kind: 'percent', min: 0.01, max: 100 } as never).optional(),
});
/** A budget cap above 0 goes with `smoothing=budget_cap`; the budget line is an amount or a percentage, not both. */
export const renewalForecastRule = (
  q: { smoothing: string; budget_cap?: string | undefined; budget_amount?: unknown; budget_percent?: unknown },
  ctx: z.RefinementCtx,
) => {
  if (q.budget_amount != null && q.budget_percent != null)
    ctx.addIssue({
      code: 'custom',
      path: ['budget_percent'],
      message: 'errors.budget_line_one',
      input: q.budget_percent,
    });
  if (q.smoothing !== 'budget_cap') return;
  if (q.budget_cap == null)
    ctx.addIssue({ code: 'custom', path: ['budget_cap'], message: 'errors.required', input: q.budget_cap });
  else if (Number(q.budget_cap) <= 0)
    ctx.addIssue({
      code: 'too_small',
      origin: 'number',
      minimum: 0.01,
      inclusive: true,
      path: ['budget_cap'],
      input: q.budget_cap,
    });
};
export type RenewalForecastQuery = z.infer<typeof renewalForecastQuery>;

export const renewalForecastReply = z.object({
  years: z.array(
    z.object({
      year: z.number(),
      total: z.string(),
      groups: z.record(z.string(), z.string()),
      deferred: z.string(),
      backlog: z.string(),
    }),
  ),
  /** Facilities excluded from renewal, left out ("facility excluded from renewal calculation"). */
  skipped_excluded: z.number(),
  /** Facilities without a renewal year or costs (no lifetime, no commissioning date, no unit price), left out. */
  skipped_incomplete: z.number(),
  missing_index_years: z.array(z.number()),
  /** The budget per year the chart draws as a line (an amount, or the percentage of the insurance value); null: none. */
  budget_line: z.string().nullable(),
});
export type RenewalForecastReply = z.infer<typeof renewalForecastReply>;

/** `POST /properties/reindex-insurance` (docs/domain/calculations.md, "Insurance values"): a dry run answers the
 * old and new values and writes nothing; otherwise the new values are written as one step. */
export const reindexInsuranceBody = z.strictObject({
  uuids: z.array(z.uuid()).min(1).max(1000),
  dry_run: z.boolean().default(false),
});
export type ReindexInsuranceBody = z.infer<typeof reindexInsuranceBody>;

const insuranceValues = z.object({
  insurance_value_new: z.string().nullable(),
  insurance_value_current: z.string().nullable(),
  insurance_value_reduced: z.string().nullable(),
  insurance_index_base: z.string().nullable(),
});
export const reindexInsuranceReply = z.object({
  data: z.array(
    z.object({
      uuid: z.string(),
      name: z.string(),
      outcome: z.enum(['reindexed', 'below_threshold', 'no_base', 'unchanged']),
      change_percent: z.string().nullable(),
      /** The insurer's new estimate is due (the settings group's re-estimation cycle since `insurance_estimated_on`). */
      reestimation_due: z.boolean(),
      old: insuranceValues,
      new: insuranceValues,
      /** After the write: the record's version, the precondition of its undo (absent in a dry run). */
      updated_at: z.string().optional(),
    }),
  ),
  meta: z.object({
    dry_run: z.boolean(),
    reindexed: z.number(),
    /** Per settings group: the series, the year and value used, and the rule in force. */
    indexes: z.array(
      z.object({
        settings_group_uuid: z.string(),
        series: z.string(),
        year: z.number(),
        value: z.string(),
        threshold: z.number(),
        rounding: z.number(),
        reduced_wear: z.number(),
        /** The re-estimation cycle in years (0: none). */
        reestimation_years: z.number(),
      }),
    ),
  }),
});
export type ReindexInsuranceReply = z.infer<typeof reindexInsuranceReply>;

/** `GET /renewal/condition` (docs/analytics-api.md, "Portfolio condition"): the selection, and the facilities list's
 * filter (the route adds it). */
export const renewalConditionQuery = z.strictObject(selection);

const conditionFigures = z.object({
  facilities: z.number(),
  without_costs: z.number(),
  replacement_value: z.string(),
  time_value: z.string(),
  immediate_costs: z.string(),
  condition_ratio: z.string().nullable(),
  fci: z.string().nullable(),
  band: z.enum(['good', 'fair', 'poor', 'critical']).nullable(),
});
export const renewalConditionReply = z.object({
  total: conditionFigures,
  properties: z.array(conditionFigures.extend({ property_uuid: z.string(), name: z.string() })),
  /** Facilities excluded from renewal, left out ("facility excluded from renewal calculation"). */
  skipped_excluded: z.number(),
});
export type RenewalConditionReply = z.infer<typeof renewalConditionReply>;
