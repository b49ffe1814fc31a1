// Partitions (apartments, office floors, parking, storage).
import { partition } from '../src/entities/partition';
import { defineGrid } from './define-grid';

export const partitionsGrid = defineGrid(partition, {
  columns: ['name', 'property_uuid', 'status', 'usage', 'number_internal', 'floor', 'net_room_area'],
  card: ['property_uuid', 'usage', 'floor'],
});
