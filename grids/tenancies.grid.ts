// Tenancies: a contact renting a partition for a period.
import { tenancy } from '../src/entities/tenancy';
import { defineGrid } from './define-grid';

export const tenanciesGrid = defineGrid(tenancy, {
  columns: ['partition_uuid', 'contact_uuid', 'property_uuid', 'start_date', 'end_date', 'rent_amount', 'status'],
  card: ['contact_uuid', 'start_date', 'rent_amount'],
});
