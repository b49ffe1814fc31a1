// A technical installation or building element; facilities form a tree through parent_facility_uuid
// (docs/domain/fields.md, "Models"). Renewal figures and the book value are computed by the server.
import { defineEntity } from './define';
import { f } from './fields';
import { s } from './setting-kinds';

export const facility = defineEntity({
  name: 'facility',
  plural: 'facilities',
  titleField: 'name',
  scope: 'property',
  fields: {
    property_uuid: f.ref('property', { required: true }),
    partition_uuid: f.ref('partition'),
    area_uuid: f.ref('area'),
    parent_facility_uuid: f.ref('facility'),
    name: f.text({ required: true, max: 200, searchable: true }),
    number_internal: f.text({ max: 40, searchable: true }),
    number_external: f.text({ max: 40, searchable: true }),
    serial_number: f.text({ max: 100, searchable: true }),
    identification_no: f.text({ max: 100, searchable: true }),
    manufacturer: f.text({ max: 100, searchable: true }),
    model: f.text({ max: 100 }),
    cost_group_uuid: f.ref('cost_group'),
    renewal_group_uuid: f.ref('renewal_group'),
    /** Its lifetime and renewal group where the facility has none of its own (catalogues.ts, `componentType`). */
    component_type_uuid: f.ref('component_type'),
    /** What it is built of (the materials catalogue). */
    material_uuid: f.ref('material'),
    unit_uuid: f.ref('unit'),
    quantity: f.decimal({ min: 0 }),
    unit_price: f.money({ min: 0 }),
    purchase_date: f.date(),
    purchase_price: f.money({ min: 0 }),
    commissioning_date: f.date(),
    commissioning_year: f.int({ min: 1800, max: 2200 }),
    lifetime: f.int({ min: 0, max: 200 }),
    // the renewal figures (docs/domain/calculations.md, "Renewal figures"), computed on every read for the caller's
    // day; those lists sort and filter by are computed in SQL too (`listable`)
    age: f.int({ computed: true, listable: true }),
    remaining_lifetime: f.int({ computed: true, listable: true }),
    /** Stored: a date a user typed, which wins; read: that date, else the one computed. */
    renewal_date: f.date(),
    renewal_date_manual: f.bool({ computed: true }),
    renewal_year: f.int({ computed: true, listable: true }),
    renewal_status: f.enum(['immediate', 'due', 'ok'], { computed: true, listable: true }),
    index_factor: f.decimal({ computed: true }),
    renewal_costs: f.money({ computed: true }),
    time_value: f.money({ computed: true }),
    dismantling_cost_share: f.percent({ min: 0, max: 100 }),
    depreciation_period: f.int({ min: 0, max: 200 }),
    book_value: f.money({ computed: true }),
    excluded_from_renewal: f.bool(),
    /** Never deferred by the renewal forecast's budget cap (docs/domain/calculations.md, "Renewal forecast"). */
    safety_relevant: f.bool(),
    condition: f.int({ min: 1, max: 4 }),
    status: f.enum(['active', 'inactive'], { default: 'active', required: true }),
    description: f.longText(),
  },
  status: { field: 'status', active: ['active'] },
  tree: { parentField: 'parent_facility_uuid' },
  defaultSort: { field: 'name' },
  indexes: [['settings_group_uuid', 'renewal_date']],
  settings: {
    /** Renewals within these years are due (docs/domain/calculations.md, "Renewal figures"). */
    planning_horizon: s.int({ default: 5, min: 1, max: 50 }),
    /** The construction cost index series the renewal costs are indexed by; empty: not indexed. */
    index_series: s.text({ default: '', max: 100 }),
    /** The year the unit prices are priced in (the index's base for the costs). */
    price_base_year: s.int({ default: 2025, min: 1800, max: 2200 }),
  },
});
