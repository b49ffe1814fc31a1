// Partitions (apartments, office floors, parking, storage).
import { partition } from '../src/entities/partition';
import { defineGrid } from './define-grid';

export const partitionsGrid = defineGrid(partition, {
  columns: ['name', 'property_uuid', 'number_internal', 'usage', 'floor', 'net_room_area', 'status'],
  card: ['property_uuid', 'usage', 'floor'],
});
