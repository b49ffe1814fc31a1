// Areas (rooms and spaces).
import { area } from '../src/entities/area';
import { defineGrid } from './define-grid';

export const areasGrid = defineGrid(area, {
  columns: ['name', 'property_uuid', 'partition_uuid', 'number_internal', 'floor', 'area_type', 'net_room_area'],
  card: ['property_uuid', 'area_type', 'floor'],
});
