// Stored filters and access rules (docs/domain/permissions.md, "Access rules"): the calls and their query keys.
// Types come from src/entities/access-rules.ts.
import type { AccessRule, StoredFilter } from '../entities/access-rules';
import { http } from './http';

export const accessRuleKeys = {
  rules: (sg: string) => ['permissions', 'access-rules', sg] as const,
  filters: (sg: string) => ['permissions', 'filters', sg] as const,
};

export const fetchAccessRules = (sg: string) =>
  http.get<AccessRule[]>('access-rules', { query: { settings_group_uuid: sg } });
export const fetchFilters = (sg: string) => http.get<StoredFilter[]>('filters', { query: { settings_group_uuid: sg } });
export const deleteAccessRule = (uuid: string) => http.delete<{ message: string }>(`access-rules/${uuid}`);
