// Catalogues per settings group used by the portfolio models (settings pages): units, cost groups (hierarchical
// codes such as Swiss eBKP-H), renewal groups (default lifetime and unit cost), the lifetime table (component types),
// property groups (the renewal forecast's stacks by group of properties), the construction cost index (a value per
// series and year, by which the renewal costs are indexed).
import { defineEntity } from './define';
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
