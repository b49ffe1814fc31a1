// Catalogues per settings group used by the portfolio models (settings pages): units, cost groups (hierarchical
// codes such as Swiss eBKP-H), renewal groups (default lifetime and unit cost), the lifetime table (component types),
// property groups (the renewal forecast's stacks by group of properties), the construction cost index (a value per
// series and year, by which the renewal costs are indexed).
import { defineEntity, type Fill } from './define';
import { f } from './fields';

export const unit = defineEntity({
  name: 'unit',
  plural: 'units',
  titleField: 'name',
  scope: 'settings_group',
  fields: {
    name: f.text({ required: true, max: 60, searchable: true }),
    symbol: f.text({ required: true, max: 20, searchable: true, unique: true }),
  },
  defaultSort: { field: 'name' },
});

export const costGroup = defineEntity({
  name: 'cost_group',
  plural: 'cost-groups',
  titleField: 'name',
  scope: 'settings_group',
  fields: {
    code: f.text({ required: true, max: 20, searchable: true, unique: true }),
    name: f.text({ required: true, max: 200, searchable: true }),
    parent_cost_group_uuid: f.ref('cost_group'),
  },
  tree: { parentField: 'parent_cost_group_uuid' },
  defaultSort: { field: 'code' },
});

export const renewalGroup = defineEntity({
  name: 'renewal_group',
  plural: 'renewal-groups',
  titleField: 'name',
  scope: 'settings_group',
  fields: {
    name: f.text({ required: true, max: 200, searchable: true }),
    default_lifetime: f.int({ min: 1, max: 200 }),
    default_unit_price: f.money({ min: 0 }),
    description: f.longText(),
  },
  defaultSort: { field: 'name' },
});

/**
 * The lifetime table: a component type ("Gas boiler") with its typical lifetime in years and the renewal group it
 * belongs to. A facility that picks one (`component_type_uuid`) takes its lifetime and renewal group from it unless
 * it has its own (docs/domain/calculations.md, "Renewal figures").
 */
export const componentType = defineEntity({
  name: 'component_type',
  plural: 'component-types',
  titleField: 'name',
  scope: 'settings_group',
  fields: {
    name: f.text({ required: true, max: 200, searchable: true, unique: true }),
    lifetime: f.int({ required: true, min: 1, max: 200 }),
    renewal_group_uuid: f.ref('renewal_group'),
    description: f.longText(),
  },
  defaultSort: { field: 'name' },
});

/** Named groups of properties for the renewal forecast; a property belongs to at most one (`property_group_uuid`). */
export const propertyGroup = defineEntity({
  name: 'property_group',
  plural: 'renewal-property-groups',
  titleField: 'name',
  scope: 'settings_group',
  fields: {
    name: f.text({ required: true, max: 200, searchable: true, unique: true }),
    description: f.longText(),
  },
  defaultSort: { field: 'name' },
});

/**
 * The construction cost index of a settings group: one value per series and year (the series and year pair is
 * unique among the live records: server/models/construction-cost-index.ts). The facility settings name the series
 * and the price base year the renewal costs are indexed by (docs/domain/calculations.md, "Renewal figures").
 */
export const constructionCostIndex = defineEntity({
  name: 'construction_cost_index',
  plural: 'construction-cost-indexes',
  titleField: 'series',
  scope: 'settings_group',
  fields: {
    series: f.text({ required: true, max: 100, searchable: true }),
    year: f.int({ required: true, min: 1800, max: 2200 }),
    value: f.decimal({ required: true, min: 0.01 }),
  },
  defaultSort: { field: 'series', then: ['year'] },
});

/**
 * A tax rate (Swiss VAT: 8.1 %, 2.6 %, 3.8 %). A document line that picks one (`tax_uuid`) stores its rate as the
 * line's own `tax`, so a rate changed later applies to new lines only; rows of one name may not overlap in validity
 * (server/models/tax.ts; docs/domain/calculations.md, "Document totals").
 */
export const tax = defineEntity({
  name: 'tax',
  plural: 'taxes',
  titleField: 'name',
  scope: 'settings_group',
  fields: {
    name: f.text({ required: true, max: 100, searchable: true }),
    code: f.text({ max: 20, searchable: true }),
    rate: f.percent({ required: true, min: 0, max: 100 }),
    valid_from: f.date(),
    valid_to: f.date(),
    description: f.longText(),
  },
  defaultSort: { field: 'name' },
  validate: (t) =>
    typeof t.valid_from === 'string' && typeof t.valid_to === 'string' && t.valid_to < t.valid_from
      ? [{ path: 'valid_to', key: 'validation.end_before_start' }]
      : [],
});

/** An article an order or bill line is picked from: it fills the line's title, unit, unit price and tax. */
export const article = defineEntity({
  name: 'article',
  plural: 'articles',
  titleField: 'title',
  scope: 'settings_group',
  fields: {
    number: f.text({ required: true, max: 40, searchable: true, unique: true }),
    title: f.text({ required: true, max: 200, searchable: true }),
    unit_uuid: f.ref('unit'),
    unit_price: f.money({ min: 0 }),
    tax_uuid: f.ref('tax'),
    cost_group_uuid: f.ref('cost_group'),
    description: f.longText(),
  },
  defaultSort: { field: 'number' },
});

/** A material an area (floor, wall) or a facility (construction) is made of. */
export const material = defineEntity({
  name: 'material',
  plural: 'materials',
  titleField: 'name',
  scope: 'settings_group',
  fields: {
    name: f.text({ required: true, max: 200, searchable: true, unique: true }),
    category: f.enum(['floor', 'wall', 'ceiling', 'construction', 'insulation', 'other'], {
      default: 'construction',
      required: true,
    }),
    description: f.longText(),
  },
  defaultSort: { field: 'name' },
});

/** A discount a line, an order or a bill picks: a percentage of its net, or an amount off it. */
export const discount = defineEntity({
  name: 'discount',
  plural: 'discounts',
  titleField: 'name',
  scope: 'settings_group',
  fields: {
    name: f.text({ required: true, max: 200, searchable: true, unique: true }),
    kind: f.enum(['percent', 'amount'], { default: 'percent', required: true }),
    value: f.decimal({ required: true, min: 0 }),
    description: f.longText(),
  },
  defaultSort: { field: 'name' },
  validate: (d) =>
    d.kind === 'percent' && Number(d.value) > 100
      ? [{ path: 'value', key: 'validation.max_number', params: { max: 100 } }]
      : [],
});

/** A cost per hour a task's workload is costed at (docs/domain/calculations.md, "Workload"). */
export const serviceRate = defineEntity({
  name: 'service_rate',
  plural: 'service-rates',
  titleField: 'name',
  scope: 'settings_group',
  fields: {
    name: f.text({ required: true, max: 200, searchable: true, unique: true }),
    cost_per_hour: f.money({ required: true, min: 0 }),
    description: f.longText(),
  },
  defaultSort: { field: 'name' },
});

/** A picked discount fills its percentage or its amount (a line's, or an order's or bill's own). */
export const DISCOUNT_FILL = {
  ref: 'discount_uuid',
  provides: ['discount', 'discount_amount'],
  values: (d) =>
    d.kind === 'amount' ? { discount: null, discount_amount: d.value } : { discount: d.value, discount_amount: null },
} as const satisfies Fill;

/**
 * What the catalogues fill on an order or bill line (define.ts, `fills`): a picked article its title, unit, unit
 * price and tax; a picked tax its rate; a picked discount its percentage or amount.
 */
export const LINE_FILLS = [
  {
    ref: 'article_uuid',
    provides: ['title', 'unit_uuid', 'unit_price', 'tax_uuid'],
    values: (a) => ({ title: a.title, unit_uuid: a.unit_uuid, unit_price: a.unit_price, tax_uuid: a.tax_uuid }),
  },
  { ref: 'tax_uuid', provides: ['tax'], values: (t) => ({ tax: t.rate }) },
  DISCOUNT_FILL,
] as const satisfies readonly Fill[];

/** A picked service rate fills the cost per hour (a task's, a task event's). */
export const SERVICE_RATE_FILL = {
  ref: 'service_rate_uuid',
  provides: ['cost_per_hour'],
  values: (r) => ({ cost_per_hour: r.cost_per_hour }),
} as const satisfies Fill;
