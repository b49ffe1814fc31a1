// A guarantee of a property (docs/domain/fields.md, "Models"): given by a guarantor (a contact) for a facility or an
// order's work, from a start date (by default the facility's commissioning date) for a number of months. The end
// date is computed and stored on every write (docs/domain/calculations.md, "Guarantee end date and reminders"); the
// status changes only through the claim action and the daily job (docs/domain/states.md, "Guarantees"). A guarantee
// is archived and restored with its property. Its reminder stages are a setting of the model (`reminder_days`).
import { defineEntity } from './define';
import { f } from './fields';
import { GUARANTEE_STATES } from '../domain/transitions';
import { DEFAULT_REMINDER_DAYS, GUARANTEE_DURATION, REMINDER_DAYS } from '../domain/guarantee-dates';
import { s } from './setting-kinds';

export const guarantee = defineEntity({
  name: 'guarantee',
  plural: 'guarantees',
  titleField: 'title',
  scope: 'property',
  fields: {
    property_uuid: f.ref('property', { required: true }),
    facility_uuid: f.ref('facility'),
    order_uuid: f.ref('order'),
    title: f.text({ required: true, max: 200, searchable: true }),
    guarantor_uuid: f.ref('contact', { required: true }),
    start_date: f.date(),
    guarantee_duration: f.int({ required: true, ...GUARANTEE_DURATION }),
    end_date: f.date({ readOnly: true }),
    amount: f.money({ min: 0 }),
    status: f.enum(GUARANTEE_STATES, { default: 'active', required: true, readOnly: true }),
    description: f.longText(),
  },
  status: { field: 'status', active: ['active'] },
  defaultSort: { field: 'end_date' },
  indexes: [
    ['status', 'end_date'],
    ['settings_group_uuid', 'end_date'],
  ],
  archivedWithOwner: true,
  settings: {
    /** Days before the end date its reminders go out (docs/domain/mail-and-jobs.md, "Guarantee reminders"). */
    reminder_days: s.intList({
      default: DEFAULT_REMINDER_DAYS,
      min: REMINDER_DAYS.min,
      max: REMINDER_DAYS.max,
      maxItems: REMINDER_DAYS.maxStages,
    }),
  },
});
