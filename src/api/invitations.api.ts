// Invitations to a settings group (docs/domain/permissions.md, "Invitations"): the admin's calls (invite, list,
// resend, revoke), the link page's read by token (no login) and the settings group's allowed e-mail domains.
import type { SettingsGroup } from '../entities/account';
import { http } from './http';

export type InvitationStatus = 'sent' | 'accepted' | 'refused' | 'revoked' | 'expired';
export type InvitationRole = 'admin' | 'user';

export interface Invitation {
  uuid: string;
  email: string;
  role: InvitationRole;
  user_group_uuids: string[];
  status: InvitationStatus;
  expires_at: string;
  sent_at: string | null;
  created_at: string;
  links: { resend?: string; revoke?: string };
}

/** What the mailed link's page may know without a login. */
export interface InvitationByToken {
  uuid: string;
  settings_group_name: string;
  email: string;
  role: InvitationRole;
  status: InvitationStatus;
  expires_at: string;
}

export interface InvitationUserGroup {
  uuid: string;
  name: string;
}

export const invitationKeys = {
  list: (sg: string) => ['invitations', sg] as const,
  userGroups: (sg: string) => ['invitations', 'user-groups', sg] as const,
  byToken: (token: string) => ['invitations', 'token', token] as const,
};

export const fetchInvitations = (sg: string) =>
  http.get<Invitation[]>(`settings-groups/${encodeURIComponent(sg)}/invitations`);
export const sendInvitations = (
  sg: string,
  body: { emails: string[]; role: InvitationRole; user_group_uuids?: string[] },
) => http.post<Invitation[]>(`settings-groups/${encodeURIComponent(sg)}/invitations`, body);
export const resendInvitation = (uuid: string) =>
  http.post<Invitation>(`invitations/${encodeURIComponent(uuid)}/resend`);
export const revokeInvitation = (uuid: string) => http.delete<Invitation>(`invitations/${encodeURIComponent(uuid)}`);
export const fetchInvitationByToken = (token: string) =>
  http.get<InvitationByToken>(`invitations/token/${encodeURIComponent(token)}`, { silent: true });
export const fetchInvitationUserGroups = (sg: string) =>
  http.get<InvitationUserGroup[]>('user-groups', { query: { settings_group_uuid: sg } });
export const updateAllowedDomains = (sg: string, domains: string[]) =>
  http.patch<SettingsGroup>(`settings-groups/${encodeURIComponent(sg)}`, { allowed_email_domains: domains });

/**
 * The addresses of a pasted text: one per line or separated by commas, semicolons or spaces (a column from a
 * spreadsheet), with "Name <address>" reduced to the address; blanks dropped, order kept.
 */
export function splitAddresses(text: string): string[] {
  return text
    .replace(/[^<>\n]*<([^<>]+)>/g, ' $1 ')
    .split(/[\s,;]+/)
    .map((part) => part.trim().replace(/^["']+|["']+$/g, ''))
    .filter(Boolean);
}
