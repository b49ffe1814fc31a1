// A budget of a property (docs/domain/fields.md, "Models"): an amount for a year or a period, optionally for one
// cost group, that orders and bills draw on. What is still available is computed in SQL on every read, never
// stored (docs/domain/calculations.md, "Budgets"); what happens when a write would overspend it is the budget's
// `exceeded_action`: stop, warn or ignore.
import { defineEntity } from './define';
import { f } from './fields';
import { BUDGET_EXCEEDED_ACTIONS } from '../domain/budget';

export const budget = defineEntity({
  name: 'budget',
  plural: 'budgets',
  titleField: 'name',
  scope: 'property',
  fields: {
    property_uuid: f.ref('property', { required: true }),
    cost_group_uuid: f.ref('cost_group'),
    name: f.text({ required: true, max: 200, searchable: true }),
    year: f.int({ min: 1900, max: 2200 }),
    valid_from: f.date(),
    valid_to: f.date(),
    amount: f.money({ required: true, min: 0 }),
    currency: f.enum(['CHF', 'EUR', 'USD'], { default: 'CHF', required: true }),
    available_amount: f.money({ computed: true, virtual: true }),
    exceeded_action: f.enum(BUDGET_EXCEEDED_ACTIONS, { default: 'warn', required: true }),
    description: f.longText(),
  },
  defaultSort: { field: 'name' },
  indexes: [['year']],
  archivedWithOwner: true,
  validate: (b) =>
    typeof b.valid_from === 'string' && typeof b.valid_to === 'string' && b.valid_to < b.valid_from
      ? [{ path: 'valid_to', key: 'validation.end_before_start' }]
      : [],
});
