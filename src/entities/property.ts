// A property (a building or site); docs/domain/fields.md, "Models".
import { defineEntity } from './define';
import { f } from './fields';
import { s } from './setting-kinds';
import { INSURANCE_PRESET_NAMES } from '../domain/insurance';

export const property = defineEntity({
  name: 'property',
  plural: 'properties',
  titleField: 'name',
  scope: 'settings_group',
  fields: {
    name: f.text({ required: true, max: 200, searchable: true }),
    number_internal: f.text({ max: 40, searchable: true, unique: true }),
    number_external: f.text({ max: 40, searchable: true }),
    street: f.text({ max: 200, searchable: true }),
    postcode: f.text({ max: 20, searchable: true }),
    city: f.text({ max: 100, searchable: true }),
    country: f.text({ max: 2, default: 'CH' }),
    latitude: f.geo('lat'),
    longitude: f.geo('lng'),
    construction_year: f.int({ min: 1000, max: 2200 }),
    energy_reference_area: f.area(),
    gross_building_area: f.area(),
    gross_volume: f.area(),
    net_room_area: f.area(),
    insurance_value_basic: f.money({ min: 0 }),
    insurance_value_new: f.money({ min: 0 }),
    insurance_value_current: f.money({ min: 0 }),
    insurance_value_reduced: f.money({ min: 0 }),
    insurance_index_base: f.decimal({ min: 0 }),
    /** The day of the insurer's last estimate: a new one is due every `insurance_reestimation_years`. */
    insurance_estimated_on: f.date(),
    // the renewal forecast's group of properties (docs/domain/calculations.md, "Renewal forecast")
    property_group_uuid: f.ref('property_group'),
    /** Shortens its facilities' lifetimes: residential 1.0, office 0.8, light commercial 0.75, heavy use 0.5
     * (docs/domain/calculations.md, "Renewal figures"); empty counts as 1. */
    usage_factor: f.decimal({ min: 0.1, max: 1 }),
    status: f.enum(['active', 'inactive'], { default: 'active', required: true }),
    description: f.longText(),
  },
  status: { field: 'status', active: ['active'] },
  defaultSort: { field: 'name' },
  /** The insurance values' re-indexing rule (docs/domain/calculations.md, "Insurance values"): a canton's preset,
   * or (no preset) the threshold, rounding and reduced-value wear set here. */
  settings: {
    insurance_preset: s.choice({ default: '', options: ['', ...INSURANCE_PRESET_NAMES] }),
    insurance_index_series: s.text({ default: '', max: 100 }),
    insurance_threshold: s.int({ default: 2, min: 0, max: 50, overriddenBy: 'insurance_preset' }),
    insurance_rounding: s.int({ default: 1, min: 1, max: 10_000, overriddenBy: 'insurance_preset' }),
    insurance_reduced_wear: s.int({ default: 50, min: 0, max: 100, overriddenBy: 'insurance_preset' }),
    /** A new estimate every so many years (0: no cycle); the presets leave it to the settings group. */
    insurance_reestimation_years: s.int({ default: 0, min: 0, max: 50 }),
  },
  validate: (p) =>
    typeof p.country === 'string' && !/^[A-Z]{2}$/.test(p.country)
      ? [{ path: 'country', key: 'validation.country' }]
      : [],
});
