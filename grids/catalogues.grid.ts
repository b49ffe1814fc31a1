// The catalogues of a settings group (settings pages): units, cost groups, renewal groups, the lifetime table
// (component types), property groups, the construction cost index.
import {
  componentType,
  constructionCostIndex,
  costGroup,
  propertyGroup,
  renewalGroup,
  unit,
} from '../src/entities/catalogues';
import { defineGrid } from './define-grid';

export const unitsGrid = defineGrid(unit, { columns: ['name', 'symbol'] });

export const costGroupsGrid = defineGrid(costGroup, {
  columns: ['code', 'name', 'parent_cost_group_uuid'],
  pinned: ['code'],
});

export const renewalGroupsGrid = defineGrid(renewalGroup, {
  columns: ['name', 'default_lifetime', 'default_unit_price'],
});

export const componentTypesGrid = defineGrid(componentType, {
  columns: ['name', 'lifetime', 'renewal_group_uuid', 'description'],
});

export const propertyGroupsGrid = defineGrid(propertyGroup, { columns: ['name', 'description'] });

export const constructionCostIndexesGrid = defineGrid(constructionCostIndex, { columns: ['series', 'year', 'value'] });
