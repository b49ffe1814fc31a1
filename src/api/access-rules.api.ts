// Stored filters and access rules (docs/domain/permissions.md, "Access rules"): the calls and their query keys.
// Types come from src/entities/access-rules.ts.
import type { AccessRule, StoredFilter } from '../entities/access-rules';
import { http } from './http';

export const accessRuleKeys = {
  rules: (sg: string) => ['permissions', 'access-rules', sg] as const,
  filters: (sg: string) => ['permissions', 'filters', sg] as const,
  filterGroups: (sg: string) => ['permissions', 'filter-groups', sg] as const,
};

/** A settings group's filter groups (`/filter-groups`): what its stored filters are sorted into. */
export interface FilterGroup {
  uuid: string;
  name: string;
}
export const fetchFilterGroups = (sg: string) =>
  http.get<FilterGroup[]>('filter-groups', { query: { settings_group_uuid: sg, per_page: 500 } });

export const fetchAccessRules = (sg: string) =>
  http.get<AccessRule[]>('access-rules', { query: { settings_group_uuid: sg, per_page: 500 } });
export const fetchFilters = (sg: string) =>
  http.get<StoredFilter[]>('filters', { query: { settings_group_uuid: sg, per_page: 500 } });
export const deleteAccessRule = (uuid: string) => http.delete<{ message: string }>(`access-rules/${uuid}`);

type RuleBody = {
  name: string;
  filter_uuids: string[];
  filter: Record<string, unknown> | null;
  user_group_uuids: string[];
};
export const createAccessRule = (body: RuleBody & { settings_group_uuid: string; model: string }) =>
  http.post<AccessRule>('access-rules', body);
export const updateAccessRule = (uuid: string, body: RuleBody) => http.patch<AccessRule>(`access-rules/${uuid}`, body);

type FilterBody = { name: string; filter: Record<string, unknown>; filter_group_uuid: string | null };
export const createFilter = (body: FilterBody & { settings_group_uuid: string; model: string }) =>
  http.post<StoredFilter>('filters', body);
export const updateFilter = (uuid: string, body: FilterBody) => http.patch<StoredFilter>(`filters/${uuid}`, body);
export const deleteFilter = (uuid: string) => http.delete<{ message: string }>(`filters/${uuid}`);

/** The user groups of a property (restricted access, docs/domain/permissions.md, "Restricted access"). */
export const propertyUserGroupsKey = (uuid: string) => ['permissions', 'property-user-groups', uuid] as const;
export const fetchPropertyUserGroups = (uuid: string) =>
  http.get<{ property_uuid: string; user_group_uuids: string[] }>(`properties/${uuid}/user-groups`);
export const setPropertyUserGroups = (uuid: string, userGroupUuids: string[]) =>
  http.put<{ property_uuid: string; user_group_uuids: string[] }>(`properties/${uuid}/user-groups`, {
    user_group_uuids: userGroupUuids,
  });
