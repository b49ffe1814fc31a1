// Delegation between colleagues (docs/domain/permissions.md, "Delegation") and the members picker it uses.
import { http } from './http';

export interface Delegation {
  uuid: string;
  settings_group_uuid: string;
  from_user_uuid: string;
  from_name: string;
  to_user_uuid: string;
  to_name: string;
  valid_from: string;
  valid_to: string;
  note: string | null;
  in_force: boolean;
  links: { delete?: string };
}

export interface Colleague {
  user_uuid: string;
  name: string;
  role: 'admin' | 'user';
}

export interface DelegationBody {
  settings_group_uuid: string;
  to_user_uuid: string;
  valid_from: string;
  valid_to: string;
  note?: string;
}

export const delegationKeys = {
  list: (sg: string) => ['delegations', sg] as const,
  colleagues: (sg: string) => ['settings-groups', sg, 'members'] as const,
};

export const fetchDelegations = (sg: string) =>
  http.get<Delegation[]>('delegations', { query: { settings_group_uuid: sg, per_page: 500 } });
export const fetchColleagues = (sg: string) =>
  http.get<Colleague[]>(`settings-groups/${encodeURIComponent(sg)}/members`);
export const createDelegation = (body: DelegationBody) => http.post<Delegation>('delegations', body);
export const deleteDelegation = (uuid: string) => http.delete<null>(`delegations/${encodeURIComponent(uuid)}`);
