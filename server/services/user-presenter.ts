// The User reply of GET /user and friends (docs/domain/sign-in.md, "Sign-in calls"), built in two queries.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { invitations, modelSettings, settingsGroupMembers, settingsGroups } from '../db/schema';
import { TERMS_VERSION, type User } from '../../src/entities/account';
import type { UserRow } from '../context';

const API = '/api/v1';
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The models switched off in a settings group (their setting `enabled` stored as false; docs/domain/fields.md,
 * "Model settings"), by name: the navigation leaves their pages out.
 */
const modelsOff = sql<string[]>`array(select ${modelSettings.model} from ${modelSettings}
  where ${modelSettings.settings_group_uuid} = ${settingsGroups.uuid}
    and ${modelSettings.values} -> 'enabled' = 'false'::jsonb order by ${modelSettings.model})`;

export async function memberships(db: Db, userId: number) {
  return db
    .select({
      uuid: settingsGroups.uuid,
      name: settingsGroups.name,
      role: settingsGroupMembers.role,
      off: modelsOff,
    })
    .from(settingsGroupMembers)
    .innerJoin(settingsGroups, eq(settingsGroups.uuid, settingsGroupMembers.settings_group_uuid))
    .where(eq(settingsGroupMembers.user_id, userId))
    .orderBy(asc(settingsGroups.name));
}

export async function openInvitations(db: Db, email: string) {
  const rows = await db
    .select({ inv: invitations, name: settingsGroups.name })
    .from(invitations)
    .innerJoin(settingsGroups, eq(settingsGroups.uuid, invitations.settings_group_uuid))
    .where(
      and(
        eq(sql`lower(${invitations.email})`, email.toLowerCase()),
        eq(invitations.status, 'sent'),
        gt(invitations.expires_at, sql`now()`),
      ),
    );
  return rows.map(({ inv, name }) => ({
    uuid: inv.uuid,
    settings_group_uuid: inv.settings_group_uuid,
    settings_group_name: name,
    role: inv.role as 'admin' | 'user',
    status: inv.status as 'sent',
    expires_at: inv.expires_at.toISOString(),
    created_at: inv.created_at.toISOString(),
  }));
}

export async function presentUser(db: Db, u: UserRow): Promise<User> {
  const [groups, invites] = await Promise.all([memberships(db, u.id), openInvitations(db, u.email)]);
  const def = groups.find((g) => g.uuid === u.default_settings_group_uuid) ?? groups[0] ?? null;
  const twoFactorEnabled = u.two_factor_secret !== null;
  const twoFactorConfirmed = u.two_factor_confirmed_at !== null;
  const termsAccepted = u.terms_version === TERMS_VERSION && u.terms_accepted_at !== null;
  const locale = u.locale as User['locale'];
  const dateFormat = u.date_format as User['date_format'];
  const links: Record<string, string> = {
    self: `${API}/user`,
    update_profile: `${API}/user/profile-information`,
    update_password: `${API}/user/password`,
    api_tokens: `${API}/user/api-tokens`,
    [twoFactorEnabled ? 'two_factor_disable' : 'two_factor_enable']: `${API}/user/two-factor-authentication`,
  };
  if (!u.date_to_delete) links.delete_request = `${API}/user/delete-request`;
  if (!u.email_verified_at) links.verification_notification = `${API}/email/verification-notification`;
  if (!termsAccepted) links.accept_terms = `${API}/user/terms`;
  const superuserReady = u.is_superuser && twoFactorConfirmed;
  return {
    uuid: u.uuid,
    email: u.email,
    email_verified_at: iso(u.email_verified_at),
    name: `${u.first_name} ${u.last_name}`.trim(),
    first_name: u.first_name,
    last_name: u.last_name,
    organisation: u.organisation,
    gender: u.gender as User['gender'],
    locale,
    date_format: dateFormat,
    settings: { locale, date_format: dateFormat },
    terms_accepted: termsAccepted,
    terms_accepted_at: iso(u.terms_accepted_at),
    terms_version: TERMS_VERSION,
    is_superuser: u.is_superuser,
    is_partner: u.is_partner,
    is_internal: u.is_internal,
    image: u.image,
    attributes: (u.attributes ?? {}) as Record<string, unknown>,
    created_at: u.created_at.toISOString(),
    last_login: iso(u.last_login),
    has_settings_groups: groups.length > 0,
    settings_group_count: groups.length,
    default_settings_group: def ? { uuid: def.uuid, name: def.name, role: def.role as 'admin' | 'user' } : null,
    two_factor_enabled: twoFactorEnabled,
    two_factor_confirmed: twoFactorConfirmed,
    date_to_delete: iso(u.date_to_delete),
    invitations: invites,
    acl: {
      settings_groups: Object.fromEntries(groups.map((g) => [g.uuid, g.role as 'admin' | 'user'])),
      system_notifications: superuserReady ? ['view', 'create', 'update', 'delete'] : ['view'],
      disabled_models: Object.fromEntries(groups.map((g) => [g.uuid, g.off ?? []])),
    },
    needs_attention: invites.length > 0 || u.date_to_delete !== null,
    links,
  };
}
