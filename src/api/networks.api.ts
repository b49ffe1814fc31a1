// Networks and the audit log of a settings group (docs/domain/permissions.md, "Networks" and "Audit log"): the
// admin's calls. A change that would refuse the admin's own address answers 422 on `confirm_lockout` until it is
// sent again with `confirm_lockout: true`.
import { http, requestEnvelope } from './http';

export type NetworkAction = 'allow' | 'deny';

export interface Network {
  uuid: string;
  settings_group_uuid: string;
  cidr: string;
  action: NetworkAction;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface NetworkInput {
  cidr: string;
  action: NetworkAction;
  description: string | null;
  confirm_lockout?: boolean;
}

export interface AuditEntry {
  id: number;
  user: { uuid: string; name: string; email: string } | null;
  action: string;
  target_type: string | null;
  target_uuid: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  created_at: string;
}

export interface AuditMeta {
  per_page: number;
  page: number;
  next_before: number | null;
}

export const networkKeys = {
  list: (sg: string) => ['networks', sg] as const,
  audit: (sg: string, before: number | null) => ['audit-log', sg, before] as const,
};

/** A settings group's ranges, by range (the list's largest page: a settings group keeps a handful). */
export const fetchNetworks = (sg: string) =>
  http.get<Network[]>('networks', { query: { settings_group_uuid: sg, per_page: 500, sort_by: 'cidr' } });
export const createNetwork = (sg: string, body: NetworkInput, replace = false) =>
  http.post<Network>('networks', { settings_group_uuid: sg, ...body }, replace ? { query: { replace: 1 } } : {});
export const updateNetwork = (uuid: string, body: Partial<NetworkInput>) =>
  http.patch<Network>(`networks/${encodeURIComponent(uuid)}`, body);
export const deleteNetwork = (uuid: string, confirmLockout = false) =>
  http.delete<unknown>(`networks/${encodeURIComponent(uuid)}`, confirmLockout ? { query: { confirm_lockout: 1 } } : {});

export const fetchAuditLog = (sg: string, before: number | null, perPage = 50) =>
  requestEnvelope<AuditEntry[], AuditMeta>(`settings-groups/${encodeURIComponent(sg)}/audit-log`, {
    method: 'GET',
    query: { per_page: perPage, before: before ?? undefined },
  });
