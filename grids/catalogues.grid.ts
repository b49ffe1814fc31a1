// The catalogues of a settings group (settings pages): units, cost groups, renewal groups.
import { costGroup, renewalGroup, unit } from '../src/entities/catalogues';
import { defineGrid } from './define-grid';

export const unitsGrid = defineGrid(unit, { columns: ['name', 'symbol'] });

export const costGroupsGrid = defineGrid(costGroup, {
  columns: ['code', 'name', 'parent_cost_group_uuid'],
  pinned: ['code'],
});

export const renewalGroupsGrid = defineGrid(renewalGroup, {
  columns: ['name', 'default_lifetime', 'default_unit_price'],
});
