// Licenses of a settings group (docs/domain/permissions.md, "Licenses"): a superusers' table of a settings group
// (its superusers with confirmed 2FA write it in any settings group, its admins read it). A license names a holder
// (a contact of the settings group), a validity from..to and the properties of the settings group it covers; a
// property with a license in force today is deleted only once the license has run out (server/models/license.ts).
import { defineEntity } from './define';
import { f } from './fields';

export const license = defineEntity({
  name: 'license',
  plural: 'licenses',
  titleField: 'name',
  scope: 'settings_group',
  access: 'superusers',
  fields: {
    name: f.text({ required: true, max: 200, searchable: true }),
    holder_uuid: f.ref('contact'),
    /** The holder's display name, read with the license (server/models/license.ts). */
    holder_name: f.text({ computed: true, virtual: true, max: 300 }),
    valid_from: f.date({ required: true }),
    valid_to: f.date({ required: true }),
    description: f.longText({ max: 5000 }),
    property_uuids: f.refs('property'),
    /** Valid today (UTC), from valid_from to valid_to, both days included (server/models/license.ts). */
    valid_today: f.bool({ computed: true, virtual: true, default: undefined }),
  },
  validate: (r) =>
    typeof r.valid_from === 'string' && typeof r.valid_to === 'string' && r.valid_to < r.valid_from
      ? [{ path: 'valid_to', key: 'validation.end_before_start' }]
      : [],
  defaultSort: { field: 'valid_to' },
});
