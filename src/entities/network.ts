// Networks of a settings group (docs/domain/permissions.md, "Networks"): address ranges its members may (allow) or
// may not (deny) reach it from. An admins' table, audited. The range is stored normalised by the model's write hook
// (server/models/network.ts): the network address and the prefix, so one range is never stored twice.
import { defineEntity } from './define';
import { f } from './fields';

export const network = defineEntity({
  name: 'network',
  plural: 'networks',
  titleField: 'cidr',
  scope: 'settings_group',
  access: 'admins',
  audit: true,
  fields: {
    // the free text first: what a generic edit of "the first text field" changes (the range is checked)
    description: f.text({ max: 500, searchable: true }),
    cidr: f.text({ required: true, max: 100, searchable: true }),
    action: f.enum(['deny', 'allow'], { required: true }),
  },
  defaultSort: { field: 'cidr' },
});
