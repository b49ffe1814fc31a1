// Stored filters, access rules and the user groups of properties (docs/domain/permissions.md, "Access rules" and
// "Restricted access"): their shapes in the API. The server checks a filter against its model's list filters.
import { z } from 'zod';

const name = z.string().trim().min(1, 'errors.required').max(120);
const uuids = z.array(z.uuid()).max(1000);
/** A list query's filter as JSON: `{ "<field>": value | [values] | { from, to } | { contains } }`. */
export const filterJson = z.record(z.string().max(60), z.unknown()).refine((f) => Object.keys(f).length <= 50);

export const storedFilterBody = z.strictObject({
  settings_group_uuid: z.uuid(),
  name,
  model: z.string().max(60),
  filter: filterJson,
});
export const storedFilterUpdate = z.strictObject({ name: name.optional(), filter: filterJson.optional() });
export const storedFilterSchema = z.object({
  uuid: z.string(),
  settings_group_uuid: z.string(),
  name: z.string(),
  model: z.string(),
  filter: z.record(z.string(), z.unknown()),
  /** The filter group it belongs to (docs/domain/permissions.md, "Access rules"), if any. */
  filter_group_uuid: z.string().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const accessRuleBody = z.strictObject({
  settings_group_uuid: z.uuid(),
  name,
  model: z.string().max(60),
  filter_uuids: uuids.optional(),
  filter: filterJson.nullable().optional(),
  user_group_uuids: uuids,
});
export const accessRuleUpdate = z.strictObject({
  name: name.optional(),
  filter_uuids: uuids.optional(),
  filter: filterJson.nullable().optional(),
  user_group_uuids: uuids.optional(),
});
export const accessRuleSchema = z.object({
  uuid: z.string(),
  settings_group_uuid: z.string(),
  name: z.string(),
  model: z.string(),
  filter_uuids: z.array(z.string()),
  filter: z.record(z.string(), z.unknown()).nullable(),
  user_group_uuids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});

export const propertyUserGroupsBody = z.strictObject({ user_group_uuids: uuids });
export const propertyUserGroupsSchema = z.object({ property_uuid: z.string(), user_group_uuids: z.array(z.string()) });

export type StoredFilter = z.infer<typeof storedFilterSchema>;
export type AccessRule = z.infer<typeof accessRuleSchema>;
