// A rentable or usable sub-unit of a property: apartment, office floor, parking, storage (docs/domain/fields.md, "Models").
import { defineEntity } from './define';
import { f } from './fields';

export const partition = defineEntity({
  name: 'partition',
  plural: 'partitions',
  titleField: 'name',
  scope: 'property',
  fields: {
    property_uuid: f.ref('property', { required: true }),
    name: f.text({ required: true, max: 200, searchable: true }),
    number_internal: f.text({ max: 40, searchable: true }),
    usage: f.enum(['residential', 'office', 'commercial', 'parking', 'storage', 'other'], { default: 'residential' }),
    floor: f.text({ max: 20 }),
    net_room_area: f.area(),
    energy_reference_area: f.area(),
    status: f.enum(['active', 'inactive'], { default: 'active', required: true }),
    description: f.longText(),
  },
  status: { field: 'status', active: ['active'] },
  defaultSort: { field: 'name' },
});
