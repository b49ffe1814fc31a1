// A meter of a property (docs/domain/fields.md, "Models"): electricity, water, gas, heat, oil or another medium,
// optionally placed in a partition, area or facility. Its readings are measurements; its factor and whether it
// counts up (cumulative) decide their consumption (docs/domain/calculations.md, "Consumption and anomalies").
import { defineEntity } from './define';
import { f } from './fields';
import { z } from 'zod';
import { COUNTER_MEDIA, CONSUMPTION_PERIODS } from '../domain/consumption';

export const counter = defineEntity({
  name: 'counter',
  plural: 'counters',
  titleField: 'name',
  scope: 'property',
  fields: {
    property_uuid: f.ref('property', { required: true }),
    partition_uuid: f.ref('partition'),
    area_uuid: f.ref('area'),
    facility_uuid: f.ref('facility'),
    counter_id: f.text({ required: true, max: 40, searchable: true, unique: true }),
    name: f.text({ required: true, max: 200, searchable: true }),
    medium: f.enum(COUNTER_MEDIA, { default: 'electricity', required: true }),
    unit_uuid: f.ref('unit'),
    // > 0: the smallest positive value of the decimal kind (4 places)
    factor: f.decimal({ required: true, min: 0.0001, default: 1 }),
    is_cumulative: f.bool({ default: true }),
    reading_interval: f.int({ min: 1, max: 3660 }),
    next_verification_date: f.date(),
    status: f.enum(['active', 'inactive'], { default: 'active', required: true }),
    description: f.longText(),
  },
  status: { field: 'status', active: ['active'] },
  defaultSort: { field: 'name' },
  indexes: [['settings_group_uuid', 'next_verification_date']],
});

/** `GET /counters/{uuid}/consumption` (docs/domain/api.md, "Counters: consumption per period"): the consumption of
 * each period with readings, and per m² of the property's energy reference area (null without an area). */
export const consumptionReply = z.object({
  data: z.array(
    z.object({ period: z.string(), consumption: z.string(), per_m2: z.string().nullable(), readings: z.number() }),
  ),
  meta: z.object({ period: z.enum(CONSUMPTION_PERIODS), energy_reference_area: z.string().nullable() }),
});
export type ConsumptionReply = z.infer<typeof consumptionReply>;
