// Catalogues per settings group used by the portfolio models (settings pages): units, cost groups (hierarchical
// codes such as Swiss eBKP-H), renewal groups (default lifetime and unit cost).
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
