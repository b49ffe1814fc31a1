// Rights per model (docs/domain/permissions.md, "Permissions and roles"): what a permission group grants, and the
// shapes of user groups and permission groups in the API. Data and validation only.
import { z } from 'zod';
import { entityByName } from './registry';

export const RIGHTS = ['view', 'create', 'update', 'delete', 'archive', 'import', 'export'] as const;
export type Right = (typeof RIGHTS)[number];
/** A permission group's rights: model name → the actions granted on it. */
export type Rights = Record<string, Right[]>;

/** Every right but view acts on records one can see: granting it without view is a mistake. */
export const rightsSchema = z
  .record(z.string().max(60), z.array(z.enum(RIGHTS)).max(RIGHTS.length))
  .superRefine((rights, ctx) => {
    for (const [model, granted] of Object.entries(rights)) {
      // rights on an admins' table are accepted and grant nothing (its access level: src/entities/define.ts)
      if (!entityByName(model)) ctx.addIssue({ code: 'custom', path: [model], message: 'errors.unknown_model' });
      else if (granted.length && !granted.includes('view'))
        ctx.addIssue({ code: 'custom', path: [model], message: 'errors.right_without_view' });
      if (new Set(granted).size !== granted.length)
        ctx.addIssue({ code: 'custom', path: [model], message: 'errors.right_twice' });
    }
  });

const name = z.string().trim().min(1, 'errors.required').max(120);
const uuids = z.array(z.uuid()).max(1000);

export const userGroupBody = z.strictObject({
  settings_group_uuid: z.uuid(),
  name,
  member_uuids: uuids.optional(),
});
export const userGroupUpdate = z.strictObject({
  name: name.optional(),
  member_uuids: uuids.optional(),
});
export const userGroupSchema = z.object({
  uuid: z.string(),
  settings_group_uuid: z.string(),
  name: z.string(),
  member_uuids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});

export const permissionGroupBody = z.strictObject({
  settings_group_uuid: z.uuid(),
  name,
  rights: rightsSchema.optional(),
  user_group_uuids: uuids.optional(),
});
export const permissionGroupUpdate = z.strictObject({
  name: name.optional(),
  rights: rightsSchema.optional(),
  user_group_uuids: uuids.optional(),
});
export const permissionGroupSchema = z.object({
  uuid: z.string(),
  settings_group_uuid: z.string(),
  name: z.string(),
  rights: z.record(z.string(), z.array(z.enum(RIGHTS))),
  user_group_uuids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});

export type UserGroup = z.infer<typeof userGroupSchema>;
export type PermissionGroup = z.infer<typeof permissionGroupSchema>;
