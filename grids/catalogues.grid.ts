// The catalogues of a settings group (settings pages): units, cost groups, renewal groups, the lifetime table
// (component types), property groups, the construction cost index; the articles, materials, discounts, tax rates
// and service rates that order, bill and task lines pick.
import {
  article,
  componentType,
  constructionCostIndex,
  costGroup,
  discount,
  material,
  propertyGroup,
  renewalGroup,
  serviceRate,
  tax,
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

export const articlesGrid = defineGrid(article, {
  columns: ['number', 'title', 'unit_uuid', 'unit_price', 'tax_uuid', 'cost_group_uuid'],
  pinned: ['number'],
});

export const materialsGrid = defineGrid(material, { columns: ['name', 'category', 'description'] });

export const discountsGrid = defineGrid(discount, { columns: ['name', 'kind', 'value', 'description'] });

export const taxesGrid = defineGrid(tax, { columns: ['name', 'code', 'rate', 'valid_from', 'valid_to'] });

export const serviceRatesGrid = defineGrid(serviceRate, { columns: ['name', 'cost_per_hour', 'description'] });
