// A contract of a property (docs/domain/fields.md, "Models"): service, maintenance, lease, supply or insurance, between a
// contract giver and an acceptor (contacts). The latest cancellation date is computed and stored on every write
// (docs/domain/calculations.md, "Contract deadlines"); the status changes only through the cancel and extend actions and the daily
// job (docs/domain/states.md, "States and transitions"). Linked facilities and the extension history live in their own tables
// (server/db/contract-schema.ts).
import { defineEntity } from './define';
import { f } from './fields';
import { CONTRACT_STATES } from '../domain/transitions';
import { numberingSettings } from './setting-kinds';

export const contract = defineEntity({
  name: 'contract',
  plural: 'contracts',
  titleField: 'title',
  scope: 'property',
  fields: {
    property_uuid: f.ref('property', { required: true }),
    title: f.text({ required: true, max: 200, searchable: true }),
    // the running number (C-00001) unless one is given (docs/domain/fields.md, "Model settings")
    number_internal: f.text({ max: 40, searchable: true, unique: true }),
    number_external: f.text({ max: 40, searchable: true }),
    contract_type: f.enum(['service', 'maintenance', 'lease', 'supply', 'insurance', 'other'], {
      default: 'service',
      required: true,
    }),
    contract_giver_uuid: f.ref('contact'),
    contract_acceptor_uuid: f.ref('contact'),
    contract_start_date: f.date(),
    contract_end_date: f.date(),
    contract_duration: f.int({ min: 1, max: 1200 }),
    notice_period: f.int({ min: 0, max: 120 }),
    latest_cancellation_date: f.date({ readOnly: true }),
    cancellation_date: f.date({ readOnly: true }),
    auto_extend: f.bool(),
    extension_period: f.int({ min: 1, max: 120 }),
    amount: f.money({ min: 0 }),
    currency: f.enum(['CHF', 'EUR', 'USD'], { default: 'CHF', required: true }),
    payment_interval: f.enum(['monthly', 'quarterly', 'yearly', 'once']),
    cost_group_uuid: f.ref('cost_group'),
    status: f.enum(CONTRACT_STATES, { default: 'active', required: true, readOnly: true }),
    description: f.longText(),
  },
  status: { field: 'status', active: ['active', 'extended'] },
  defaultSort: { field: 'title' },
  indexes: [
    ['status', 'contract_end_date'],
    ['settings_group_uuid', 'contract_end_date'],
    ['settings_group_uuid', 'latest_cancellation_date'],
  ],
  validate: (c) =>
    typeof c.contract_end_date === 'string' &&
    typeof c.contract_start_date === 'string' &&
    c.contract_end_date < c.contract_start_date
      ? [{ path: 'contract_end_date', key: 'validation.end_before_start' }]
      : [],
  numbering: { field: 'number_internal' },
  settings: numberingSettings('C-'),
});
