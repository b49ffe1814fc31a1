// Members, user groups, permission groups and the caller's own rights (docs/domain/permissions.md): the calls and
// their query keys. Types come from src/entities/permissions.ts.
import type { PermissionGroup, Right, Rights, UserGroup } from '../entities/permissions';
import { http } from './http';

export interface Member {
  user_uuid: string;
  name: string;
  email: string;
  role: 'admin' | 'user';
  user_group_uuids: string[];
  last_login: string | null;
  two_factor: boolean;
  /** Too many wrong codes: the member's two-factor sign-in waits for an unlock. */
  two_factor_locked: boolean;
  member_since: string;
}

/** `GET /user/rights`: per settings group the caller's role and the rights granted per model. */
export type UserRights = Record<string, { role: 'admin' | 'user'; rights: Record<string, Right[]> }>;

export const permissionKeys = {
  all: ['permissions'] as const,
  members: (sg: string) => ['permissions', 'members', sg] as const,
  userGroups: (sg: string) => ['permissions', 'user-groups', sg] as const,
  permissionGroups: (sg: string) => ['permissions', 'permission-groups', sg] as const,
  /** Below `user`: signing out or a new login refreshes it with the user. */
  rights: ['user', 'rights'] as const,
};

export const fetchUserRights = (signal?: AbortSignal) => http.get<UserRights>('user/rights', { signal });

export const fetchMembers = (sg: string) => http.get<Member[]>(`settings-groups/${sg}/members/details`);
export const updateMember = (sg: string, user: string, body: { role?: Member['role']; user_group_uuids?: string[] }) =>
  http.patch<Member>(`settings-groups/${sg}/members/${user}`, body);
export const unlockMemberTwoFactor = (sg: string, user: string) =>
  http.post<{ message: string }>(`settings-groups/${sg}/members/${user}/two-factor-unlock`);
export const removeMember = (sg: string, user: string) =>
  http.delete<{ message: string }>(`settings-groups/${sg}/members/${user}`);

export const fetchUserGroups = (sg: string) =>
  http.get<UserGroup[]>('user-groups', { query: { settings_group_uuid: sg, per_page: 500 } });
export const createUserGroup = (body: { settings_group_uuid: string; name: string; member_uuids?: string[] }) =>
  http.post<UserGroup>('user-groups', body);
export const updateUserGroup = (uuid: string, body: { name?: string; member_uuids?: string[] }) =>
  http.patch<UserGroup>(`user-groups/${uuid}`, body);
export const deleteUserGroup = (uuid: string) => http.delete<{ message: string }>(`user-groups/${uuid}`);

export const fetchPermissionGroups = (sg: string) =>
  http.get<PermissionGroup[]>('permission-groups', { query: { settings_group_uuid: sg, per_page: 500 } });
export const createPermissionGroup = (body: {
  settings_group_uuid: string;
  name: string;
  rights?: Rights;
  user_group_uuids?: string[];
}) => http.post<PermissionGroup>('permission-groups', body);
export const updatePermissionGroup = (
  uuid: string,
  body: { name?: string; rights?: Rights; user_group_uuids?: string[] },
) => http.patch<PermissionGroup>(`permission-groups/${uuid}`, body);
export const deletePermissionGroup = (uuid: string) => http.delete<{ message: string }>(`permission-groups/${uuid}`);
