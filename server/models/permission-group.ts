// Permission groups (docs/domain/permissions.md, "Permissions and roles"): rights per model for the members of their
// user groups (the rights checked by the `rights` JSON schema, src/entities/permissions.ts); names unique in the
// settings group (any case). The rights apply from the next request (server/services/session.service.ts).
import { entities } from '../../src/entities/registry';
import type { ModelBehaviour } from '../crud/model-behaviour';
import { assertNameFree, sameUuids } from './admin-names';

export const permissionGroup: ModelBehaviour = {
  hooks: {
    beforeWrite: async (h, merged, changes, current) => {
      await assertNameFree(h, entities.permission_group, merged, changes, current);
    },
  },
  auditDetails: (before, after) => ({
    name: after.name,
    ...(JSON.stringify(before.rights) !== JSON.stringify(after.rights)
      ? { rights: { from: before.rights, to: after.rights } }
      : {}),
    ...(!sameUuids(before.user_group_uuids, after.user_group_uuids)
      ? { user_group_uuids: after.user_group_uuids }
      : {}),
  }),
};
