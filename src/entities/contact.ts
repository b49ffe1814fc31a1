// A person or an organisation; a tenant when it has a tenancy (docs/domain/fields.md, "Models").
import { defineEntity } from './define';
import { f } from './fields';

export const contact = defineEntity({
  name: 'contact',
  plural: 'contacts',
  titleField: 'display_name',
  scope: 'settings_group',
  fields: {
    kind: f.enum(['person', 'organisation'], { default: 'person', required: true }),
    display_name: f.text({ computed: true, searchable: true, max: 300 }),
    organisation: f.text({ max: 200, searchable: true }),
    first_name: f.text({ max: 100, searchable: true }),
    last_name: f.text({ max: 100, searchable: true }),
    gender: f.enum(['male', 'female', 'gender_neutral']),
    email_address: f.email({ searchable: true }),
    phone_number: f.phone({ searchable: true }),
    street: f.text({ max: 200 }),
    postcode: f.text({ max: 20 }),
    city: f.text({ max: 100, searchable: true }),
    country: f.text({ max: 2, default: 'CH' }),
    language: f.enum(['en-us', 'de', 'de-ch', 'fr', 'it']),
    keyword: f.text({ max: 200, searchable: true }),
    description: f.longText(),
  },
  defaultSort: { field: 'display_name' },
  validate: (c) =>
    c.kind === 'organisation'
      ? c.organisation
        ? []
        : [{ path: 'organisation', key: 'validation.required' }]
      : c.last_name || c.organisation
        ? []
        : [{ path: 'last_name', key: 'validation.required' }],
});
