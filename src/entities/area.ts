// A room or space of a property, optionally inside a partition (docs/domain/fields.md, "Models").
import { defineEntity } from './define';
import { f } from './fields';

export const area = defineEntity({
  name: 'area',
  plural: 'areas',
  titleField: 'name',
  scope: 'property',
  fields: {
    property_uuid: f.ref('property', { required: true }),
    partition_uuid: f.ref('partition'),
    name: f.text({ required: true, max: 200, searchable: true }),
    number_internal: f.text({ max: 40, searchable: true }),
    floor: f.text({ max: 20 }),
    area_type: f.enum(['room', 'corridor', 'staircase', 'technical', 'outdoor', 'other'], { default: 'room' }),
    net_room_area: f.area(),
    floor_material_uuid: f.ref('material'),
    wall_material_uuid: f.ref('material'),
    description: f.longText(),
  },
  defaultSort: { field: 'name' },
});
