// Properties: what the table shows by default; the user's layout lives in the per-device preferences.
import { property } from '../src/entities/property';
import { defineGrid } from './define-grid';

export const propertiesGrid = defineGrid(property, {
  columns: ['name', 'number_internal', 'street', 'postcode', 'city', 'construction_year', 'net_room_area', 'status'],
  card: ['number_internal', 'city', 'construction_year'],
});
