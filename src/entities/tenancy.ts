// A tenancy links a contact (the tenant) to a partition for a period (docs/domain/fields.md, "Models").
import { defineEntity } from './define';
import { f } from './fields';

export const tenancy = defineEntity({
  name: 'tenancy',
  plural: 'tenancies',
  titleField: 'partition_uuid',
  scope: 'property',
  fields: {
    property_uuid: f.ref('property', { required: true }),
    partition_uuid: f.ref('partition', { required: true }),
    contact_uuid: f.ref('contact', { required: true }),
    start_date: f.date({ required: true }),
    end_date: f.date(),
    rent_amount: f.money({ min: 0 }),
    currency: f.enum(['CHF', 'EUR', 'USD'], { default: 'CHF' }),
    notice_period: f.int({ min: 0, max: 60 }),
    status: f.enum(['active', 'ended', 'planned'], { default: 'active', required: true }),
  },
  status: { field: 'status', active: ['active', 'planned'] },
  defaultSort: { field: 'start_date', descending: true },
  indexes: [['settings_group_uuid', 'end_date']],
  validate: (t) =>
    typeof t.end_date === 'string' && typeof t.start_date === 'string' && t.end_date < t.start_date
      ? [{ path: 'end_date', key: 'validation.end_before_start' }]
      : [],
});
