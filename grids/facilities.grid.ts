// Facilities: the large table (~2,000 per demo workspace, far more in real ones), so it scrolls endlessly in
// keyset blocks instead of paging.
import { facility } from '../src/entities/facility';
import { defineGrid } from './define-grid';

export const facilitiesGrid = defineGrid(facility, {
  columns: [
    'name',
    'property_uuid',
    'number_internal',
    'manufacturer',
    'cost_group_uuid',
    'commissioning_year',
    'lifetime',
    'remaining_lifetime',
    'renewal_year',
    'renewal_status',
    'renewal_costs',
    'condition',
    'status',
  ],
  scroll: 'infinite',
  rowsPerPage: 100,
  card: ['property_uuid', 'manufacturer', 'remaining_lifetime'],
});
