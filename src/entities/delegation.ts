// Delegation between colleagues (docs/domain/permissions.md, "Delegation"): a member hands what is assigned to them
// to another member of the same settings group for a period. A user's own row (scope `user`, owned by the delegating
// member) that the delegate and the settings group's admins see too. The rules of who may delegate to whom are the
// model's hooks (server/models/delegation.ts).
import { defineEntity } from './define';
import { f, MEMBER_MODEL } from './fields';

export const delegation = defineEntity({
  name: 'delegation',
  plural: 'delegations',
  titleField: 'to_user_uuid',
  scope: 'user',
  owner: 'from_user_id',
  sharing: { users: ['to_user_uuid'], admins: true },
  fields: {
    to_user_uuid: f.ref(MEMBER_MODEL, { required: true }),
    valid_from: f.date({ required: true }),
    valid_to: f.date({ required: true }),
    /** What the delegation is for (holidays, sick leave), for the delegate. */
    note: f.text({ max: 500 }),
    /** The delegating member (the row's owner; an admin names one on create) and the names of both, read in SQL. */
    from_user_uuid: f.text({ computed: true, virtual: true }),
    from_name: f.text({ computed: true, virtual: true }),
    to_name: f.text({ computed: true, virtual: true }),
    /** In force on the caller's day (X-Timezone-Offset, else UTC), both days included. */
    in_force: f.bool({ computed: true, virtual: true }),
  },
  validate: (r) =>
    typeof r.valid_from === 'string' && typeof r.valid_to === 'string' && r.valid_to < r.valid_from
      ? [{ path: 'valid_to', key: 'validation.delegation_period' }]
      : [],
  defaultSort: { field: 'valid_from' },
  indexes: [['to_user_uuid']],
});
