// A reading of a counter (docs/domain/fields.md, "Models"): its value at a moment, where it came from, and what the
// server derives on every write — the consumption since the counter's previous reading and whether it is anomalous
// (docs/domain/calculations.md, "Consumption and anomalies"). A reading's property is its counter's.
import { defineEntity } from './define';
import { f } from './fields';
import { MEASUREMENT_SOURCES, MEASUREMENT_STATES } from '../domain/consumption';

export const measurement = defineEntity({
  name: 'measurement',
  plural: 'measurements',
  titleField: 'measured_at',
  scope: 'property',
  fields: {
    property_uuid: f.ref('property', { required: true }),
    counter_uuid: f.ref('counter', { required: true }),
    measured_at: f.datetime({ required: true }),
    value: f.decimal({ required: true }),
    source: f.enum(MEASUREMENT_SOURCES, { default: 'manual', importDefault: 'import', required: true }),
    consumption: f.decimal({ computed: true }),
    status: f.enum(MEASUREMENT_STATES, { default: 'valid', required: true, readOnly: true }),
    comment: f.longText({ max: 2000, hidden: false, searchable: true }),
  },
  defaultSort: { field: 'measured_at', descending: true },
  indexes: [['counter_uuid', 'measured_at']],
});
