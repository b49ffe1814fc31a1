// User groups (docs/domain/permissions.md, "Permissions and roles"): their names unique in the settings group (any
// case); a deleted group leaves the permission groups, access rules and properties that named it, as the links to
// it went before it was a model; an archived one keeps them but grants nothing while archived (its members' rights
// and rules are read from live groups only: server/services/session.service.ts). The members' own page changes a
// member's groups through the members' workflow (server/services/permissions.service.ts).
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import { entities } from '../../src/entities/registry';
import type { ModelBehaviour } from '../crud/model-behaviour';
import { accessRules, permissionGroups, userGroups } from '../db/entity-tables';
import { propertyUserGroups } from '../db/permission-schema';
import { assertNameFree, sameUuids } from './admin-names';

export const userGroup: ModelBehaviour = {
  hooks: {
    beforeWrite: async (h, merged, changes, current) => {
      await assertNameFree(h, entities.user_group, merged, changes, current);
    },
    afterArchive: async (h, uuids) => {
      const deleted = (
        await h.db
          .select({ uuid: userGroups.uuid })
          .from(userGroups)
          .where(and(inArray(userGroups.uuid, uuids), isNotNull(userGroups.deleted_at)))
      ).map((r) => r.uuid);
      if (!deleted.length) return;
      const gone = sql`array[${sql.join(
        deleted.map((u) => sql`${u}`),
        sql`, `,
      )}]::uuid[]`;
      for (const table of [permissionGroups, accessRules])
        await h.db
          .update(table)
          .set({
            user_group_uuids: sql`array(select u from unnest(${table.user_group_uuids}) u where u <> all(${gone}))`,
          })
          .where(sql`${table.user_group_uuids} && ${gone}`);
      await h.db.delete(propertyUserGroups).where(inArray(propertyUserGroups.user_group_uuid, deleted));
    },
  },
  auditDetails: (before, after) => ({
    name: after.name,
    ...(after.name !== before.name ? { renamed_from: before.name } : {}),
    ...(!sameUuids(before.member_uuids, after.member_uuids) ? { member_uuids: after.member_uuids } : {}),
  }),
};
