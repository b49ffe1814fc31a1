// Invitations to a settings group (docs/domain/permissions.md, "Invitations"): an admin invites one or many
// addresses with a role and user groups; each gets a mail with a personal link (a random token stored as its
// SHA-256 only) valid for 14 days; the admin lists, resends (a new token and expiry) and revokes them. All the
// addresses of one request are checked before anything is written: one bad address is a 422 naming it and nothing
// is sent. The mails go out after the commit.
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { groupMail } from '../mail/compose';
import type { AppContext, UserRow } from '../context';
import { invitations, settingsGroupMembers, settingsGroups, users } from '../db/schema';
import { userGroups } from '../db/entity-tables';
import { ValidationFailed, HttpError, fieldError, notFound } from '../http-error';
import type { MessageKey } from '../i18n/messages';
import { invitationMail } from '../mail/invitation-mail';
import { randomToken, sha256 } from './crypto';
import { requireAdmin } from './permissions.service';
import { audit } from '../audit/writer';

export const INVITATION_DAYS = 14;
export const MAX_INVITATIONS = 200;
const EMAIL = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]{2,}$/;

export type InvitationStatus = 'sent' | 'accepted' | 'refused' | 'revoked' | 'expired';

const statusOf = (row: typeof invitations.$inferSelect, now = new Date()): InvitationStatus =>
  row.status === 'sent' && row.expires_at <= now ? 'expired' : (row.status as InvitationStatus);

const present = (row: typeof invitations.$inferSelect) => ({
  uuid: row.uuid,
  settings_group_uuid: row.settings_group_uuid,
  email: row.email,
  role: row.role as 'admin' | 'user',
  user_group_uuids: row.user_group_uuids,
  status: statusOf(row),
  expires_at: row.expires_at.toISOString(),
  sent_at: row.sent_at ? row.sent_at.toISOString() : null,
  created_at: row.created_at.toISOString(),
  links: {
    ...(['sent', 'expired'].includes(statusOf(row)) ? { resend: `/api/v1/invitations/${row.uuid}/resend` } : {}),
    ...(statusOf(row) === 'sent' ? { revoke: `/api/v1/invitations/${row.uuid}` } : {}),
  },
});
export type InvitationReply = ReturnType<typeof present>;

const inviteUrl = (ctx: AppContext, token: string) => `${ctx.config.appUrl}/invitations/${token}`;
const expiry = (now: Date) => new Date(now.getTime() + INVITATION_DAYS * 86_400_000);

/** The addresses' problems, keyed `emails.N`: malformed, twice in the list, outside the allowed domains, a member. */
async function problems(
  ctx: AppContext,
  settingsGroup: string,
  emails: readonly string[],
  domains: readonly string[],
): Promise<ConstructorParameters<typeof ValidationFailed>[0]> {
  const out: ConstructorParameters<typeof ValidationFailed>[0] = {};
  const add = (i: number, key: MessageKey, email: string) =>
    (out[`emails.${i}`] ??= []).push({ key, params: { email } });
  const members = new Set(
    (
      await ctx.db
        .select({ email: users.email })
        .from(settingsGroupMembers)
        .innerJoin(users, eq(users.id, settingsGroupMembers.user_id))
        .where(
          and(
            eq(settingsGroupMembers.settings_group_uuid, settingsGroup),
            inArray(
              sql`lower(${users.email})`,
              emails.map((e) => e.toLowerCase()),
            ),
          ),
        )
    ).map((r) => r.email.toLowerCase()),
  );
  const seen = new Set<string>();
  emails.forEach((email, i) => {
    const lower = email.toLowerCase();
    if (!EMAIL.test(email) || email.length > 254) return add(i, 'invitation.email_invalid', email);
    if (seen.has(lower)) return add(i, 'invitation.email_twice', email);
    seen.add(lower);
    const domain = lower.slice(lower.lastIndexOf('@') + 1);
    if (domains.length && !domains.includes(domain)) return add(i, 'invitation.domain_not_allowed', email);
    if (members.has(lower)) add(i, 'invitation.already_member', email);
  });
  return out;
}

/**
 * Invites the addresses (trimmed; at most MAX_INVITATIONS): an open invitation of the same address is renewed
 * rather than doubled. Answers the invitations and sends their mails after the commit.
 */
export async function invite(
  ctx: AppContext,
  admin: UserRow,
  settingsGroup: string,
  body: { emails: string[]; role: 'admin' | 'user'; user_group_uuids?: string[] },
  ip?: string,
) {
  const { group } = await requireAdmin(ctx, admin, settingsGroup);
  const emails = body.emails.map((e) => e.trim()).filter((e) => e !== '');
  if (!emails.length) throw fieldError('emails', 'validation.required');
  if (emails.length > MAX_INVITATIONS)
    throw fieldError('emails', 'invitation.too_many', { max: MAX_INVITATIONS, count: emails.length });
  const bad = await problems(ctx, settingsGroup, emails, group.allowed_email_domains);
  if (Object.keys(bad).length) throw new ValidationFailed(bad);
  const groups = [...new Set(body.user_group_uuids ?? [])];
  if (groups.length) {
    const found = await ctx.db
      .select({ uuid: userGroups.uuid })
      .from(userGroups)
      .where(
        and(
          inArray(userGroups.uuid, groups),
          eq(userGroups.settings_group_uuid, settingsGroup),
          isNull(userGroups.deleted_at),
        ),
      );
    if (found.length !== groups.length) throw fieldError('user_group_uuids', 'validation.ref_not_found');
  }
  const now = new Date();
  const sent = await ctx.db.transaction(async (tx) => {
    const out: { row: typeof invitations.$inferSelect; token: string }[] = [];
    for (const email of emails) {
      const token = randomToken();
      const values = {
        role: body.role,
        user_group_uuids: groups,
        token_hash: sha256(token),
        expires_at: expiry(now),
        sent_at: now,
        created_by: admin.id,
      };
      const [open] = await tx
        .update(invitations)
        .set(values)
        .where(
          and(
            eq(invitations.settings_group_uuid, settingsGroup),
            eq(sql`lower(${invitations.email})`, email.toLowerCase()),
            eq(invitations.status, 'sent'),
          ),
        )
        .returning();
      const [row] = open
        ? [open]
        : await tx
            .insert(invitations)
            .values({ settings_group_uuid: settingsGroup, email, status: 'sent', ...values })
            .returning();
      out.push({ row: row!, token });
      await audit(tx, {
        settings_group_uuid: settingsGroup,
        user_id: admin.id,
        action: 'invitation.send',
        target_type: 'invitation',
        target_uuid: row!.uuid,
        details: { email, role: body.role, user_group_uuids: groups, renewed: !!open },
        ip,
      });
    }
    return out;
  });
  await sendAll(ctx, admin, settingsGroup, group.name, sent);
  return sent.map((s) => present(s.row));
}

async function sendAll(
  ctx: AppContext,
  admin: UserRow,
  settingsGroup: string,
  groupName: string,
  sent: { row: typeof invitations.$inferSelect; token: string }[],
) {
  const from = {
    name: `${admin.first_name} ${admin.last_name}`.trim(),
    locale: admin.locale,
    dateFormat: admin.date_format,
  };
  for (const { row, token } of sent) {
    const expires = row.expires_at.toISOString().slice(0, 10);
    await ctx.mailer.send(
      await groupMail(
        ctx.db,
        settingsGroup,
        invitationMail(row.email, from, groupName, expires, inviteUrl(ctx, token)),
      ),
    );
  }
}

export async function listInvitations(ctx: AppContext, admin: UserRow, settingsGroup: string) {
  await requireAdmin(ctx, admin, settingsGroup);
  const rows = await ctx.db
    .select()
    .from(invitations)
    .where(eq(invitations.settings_group_uuid, settingsGroup))
    .orderBy(desc(invitations.created_at), asc(invitations.email));
  return rows.map(present);
}

/** An invitation for its settings group's admin (404 outside, 403 for a member). */
async function loadForAdmin(ctx: AppContext, admin: UserRow, uuid: string) {
  const [row] = await ctx.db.select().from(invitations).where(eq(invitations.uuid, uuid));
  if (!row) throw notFound();
  const { group } = await requireAdmin(ctx, admin, row.settings_group_uuid);
  return { row, group };
}

/** Sends again with a new link and 14 more days; an answered or revoked invitation is a 409. */
export async function resend(ctx: AppContext, admin: UserRow, uuid: string, ip?: string) {
  const { row, group } = await loadForAdmin(ctx, admin, uuid);
  if (!['sent', 'expired'].includes(statusOf(row))) throw new HttpError(409, 'invitation.answered');
  const token = randomToken();
  const now = new Date();
  const updated = await ctx.db.transaction(async (tx) => {
    const [done] = await tx
      .update(invitations)
      .set({ token_hash: sha256(token), expires_at: expiry(now), sent_at: now })
      .where(and(eq(invitations.uuid, uuid), eq(invitations.status, 'sent')))
      .returning();
    if (!done) throw new HttpError(409, 'invitation.answered');
    await audit(tx, {
      settings_group_uuid: done.settings_group_uuid,
      user_id: admin.id,
      action: 'invitation.resend',
      target_type: 'invitation',
      target_uuid: uuid,
      details: { email: done.email, expires_at: done.expires_at.toISOString() },
      ip,
    });
    return done;
  });
  await sendAll(ctx, admin, row.settings_group_uuid, group.name, [{ row: updated, token }]);
  return present(updated);
}

/** Revokes an open invitation: its link is dead at once; an answered one is a 409. */
export async function revoke(ctx: AppContext, admin: UserRow, uuid: string, ip?: string) {
  const { row } = await loadForAdmin(ctx, admin, uuid);
  const updated = await ctx.db.transaction(async (tx) => {
    const [done] = await tx
      .update(invitations)
      .set({ status: 'revoked' })
      .where(and(eq(invitations.uuid, row.uuid), eq(invitations.status, 'sent')))
      .returning();
    if (!done) throw new HttpError(409, 'invitation.answered');
    await audit(tx, {
      settings_group_uuid: done.settings_group_uuid,
      user_id: admin.id,
      action: 'invitation.revoke',
      target_type: 'invitation',
      target_uuid: uuid,
      details: { email: done.email },
      ip,
    });
    return done;
  });
  return present(updated);
}

/**
 * The invitation behind an e-mailed link, for the page that opens it (signed in or not: the token is the secret):
 * the settings group's name, the address and whether it can still be accepted. An unknown token is a 404.
 */
export async function byToken(ctx: AppContext, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw notFound();
  const [found] = await ctx.db
    .select({ row: invitations, name: settingsGroups.name })
    .from(invitations)
    .innerJoin(settingsGroups, eq(settingsGroups.uuid, invitations.settings_group_uuid))
    .where(eq(invitations.token_hash, sha256(token)));
  if (!found) throw notFound();
  return {
    uuid: found.row.uuid,
    settings_group_name: found.name,
    email: found.row.email,
    role: found.row.role as 'admin' | 'user',
    status: statusOf(found.row),
    expires_at: found.row.expires_at.toISOString(),
  };
}
