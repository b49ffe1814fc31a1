// The signed-in user's own account: e-mail verification, profile, password, terms, API tokens, deletion.
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { userGroups } from '../db/entity-tables';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext, UserRow } from '../context';
import {
  invitations,
  personalAccessTokens,
  settingsGroupMembers,
  settingsGroups,
  users,
  userTokens,
} from '../db/schema';
import { HttpError, fieldError, forbidden, notFound } from '../http-error';
import { hashPassword, verifyPassword } from './password';
import { limitOrThrow } from './rate-limit';
import { endUserSessions, rotateSession } from './session.service';
import { randomToken, sha256 } from './crypto';
import { ACCOUNT_LINKS, accountMail, recipientOf } from '../mail/templates';
import { TERMS_VERSION, type profileBody, type updatePasswordBody } from '../../src/entities/account';

const VERIFY_MINUTES = 60 * 24;
const emailHash = (email: string) => sha256(email.toLowerCase()).slice(0, 40);

export function verificationUrl(ctx: AppContext, user: UserRow, now = Date.now()) {
  const expires = Math.floor(now / 1000) + VERIFY_MINUTES * 60;
  const hash = emailHash(user.email);
  const signature = ctx.keyring.sign(`verify:${user.uuid}:${hash}:${expires}`);
  return ACCOUNT_LINKS.verify(ctx.config.appUrl, user, `${hash}?expires=${expires}&signature=${signature}`);
}

export async function sendVerificationMail(ctx: AppContext, user: UserRow) {
  await ctx.mailer.send(await accountMail(ctx.db, 'verify', recipientOf(user), verificationUrl(ctx, user)));
}

export async function resendVerification(ctx: AppContext, user: UserRow) {
  if (user.email_verified_at) return 'auth.already_verified' as const;
  await limitOrThrow(ctx.db, { key: `verify-mail:${user.id}`, max: 6, windowSeconds: 60 });
  await sendVerificationMail(ctx, user);
  return 'auth.verification_sent' as const;
}

/** Checks a signed verification link; true when the address is (now) verified. */
export async function verifyEmail(ctx: AppContext, uuid: string, hash: string, expires: string, signature: string) {
  if (!/^\d+$/.test(expires) || Number(expires) * 1000 < Date.now()) return false;
  if (!ctx.keyring.verify(`verify:${uuid}:${hash}:${expires}`, signature)) return false;
  const [user] = await ctx.db.select().from(users).where(eq(users.uuid, uuid)).limit(1);
  if (!user || emailHash(user.email) !== hash) return false;
  if (!user.email_verified_at)
    await ctx.db.update(users).set({ email_verified_at: new Date() }).where(eq(users.id, user.id));
  return true;
}

export async function acceptTerms(ctx: AppContext, user: UserRow, version: string) {
  if (version !== TERMS_VERSION) throw fieldError('version', 'auth.terms_version');
  await ctx.db
    .update(users)
    .set({ terms_version: version, terms_accepted_at: new Date() })
    .where(eq(users.id, user.id));
}

export async function updateProfile(ctx: AppContext, user: UserRow, body: z.infer<typeof profileBody>) {
  const emailChanged = body.email.trim().toLowerCase() !== user.email.toLowerCase();
  if (emailChanged) {
    const [taken] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, body.email.trim().toLowerCase()))
      .limit(1);
    if (taken) throw fieldError('email', 'auth.email_taken');
  }
  const [updated] = await ctx.db
    .update(users)
    .set({
      first_name: body.first_name,
      last_name: body.last_name,
      email: body.email.trim(),
      organisation: body.organisation ?? null,
      gender: body.gender ?? null,
      locale: body.locale,
      date_format: body.date_format,
      updated_at: new Date(),
      ...(emailChanged ? { email_verified_at: null } : {}),
    })
    .where(eq(users.id, user.id))
    .returning();
  if (emailChanged && updated) await sendVerificationMail(ctx, updated);
  return updated!;
}

export async function updatePassword(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  body: z.infer<typeof updatePasswordBody>,
) {
  if (!(await verifyPassword(body.current_password, user.password_hash)))
    throw fieldError('current_password', 'auth.password_wrong');
  if (body.password !== body.password_confirmation) throw fieldError('password', 'auth.passwords_mismatch');
  await ctx.db
    .update(users)
    .set({ password_hash: await hashPassword(body.password, ctx.config.scryptCost), updated_at: new Date() })
    .where(eq(users.id, user.id));
  // Changing the password ends the user's other sessions; this one continues under a new id.
  await endUserSessions(ctx.db, user.id);
  if (req.authVia === 'session')
    await rotateSession(ctx.db, ctx.config, req, reply, { userId: user.id, passwordConfirmedAt: new Date() });
}

const CONFIRM_WINDOW_MS = 3 * 60 * 60 * 1000;

export async function confirmPassword(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  password: string,
) {
  await limitOrThrow(ctx.db, { key: `confirm-password:${user.id}`, max: 5, windowSeconds: 60 });
  if (!(await verifyPassword(password, user.password_hash))) throw fieldError('password', 'auth.password_wrong');
  if (req.authVia !== 'session') throw forbidden();
  await rotateSession(ctx.db, ctx.config, req, reply, {
    userId: user.id,
    remember: req.session!.remember,
    passwordConfirmedAt: new Date(),
  });
}

/** Sensitive changes need a password confirmed within 3 hours in this session (423 otherwise, as Fortify). */
export function requirePasswordConfirmed(req: FastifyRequest) {
  if (req.authVia !== 'session') throw forbidden();
  const at = req.session?.password_confirmed_at;
  if (!at || Date.now() - at.getTime() > CONFIRM_WINDOW_MS)
    throw new HttpError(423, 'auth.password_confirmation_required');
}

// ---- API tokens for scripts (hashed, revocable, listed in the profile) ----
export async function createApiToken(ctx: AppContext, userId: number, name: string) {
  const token = `hw_${randomToken()}`;
  const [row] = await ctx.db
    .insert(personalAccessTokens)
    .values({ user_id: userId, name, token_hash: sha256(token) })
    .returning();
  return { id: row!.id, name: row!.name, token, created_at: row!.created_at.toISOString() };
}

export async function listApiTokens(ctx: AppContext, userId: number) {
  const rows = await ctx.db
    .select()
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.user_id, userId))
    .orderBy(desc(personalAccessTokens.created_at));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    last_used_at: r.last_used_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
  }));
}

export async function revokeApiToken(ctx: AppContext, userId: number, id: number) {
  const gone = await ctx.db
    .delete(personalAccessTokens)
    .where(and(eq(personalAccessTokens.id, id), eq(personalAccessTokens.user_id, userId)))
    .returning({ id: personalAccessTokens.id });
  if (gone.length === 0) throw notFound();
}

// ---- account deletion: e-mailed link, 30 days, signing in again restores (docs/domain/sign-in.md, "Account deletion") ----
export const DELETION_GRACE_DAYS = 30;

export async function requestDeletion(ctx: AppContext, user: UserRow) {
  await limitOrThrow(ctx.db, { key: `delete-mail:${user.id}`, max: 6, windowSeconds: 60 });
  const token = randomToken();
  await ctx.db.insert(userTokens).values({
    user_id: user.id,
    purpose: 'account_deletion',
    token_hash: sha256(token),
    expires_at: new Date(Date.now() + 24 * 60 * 60_000),
  });
  const url = ACCOUNT_LINKS.delete(ctx.config.appUrl, user, token);
  await ctx.mailer.send(await accountMail(ctx.db, 'delete', recipientOf(user), url));
}

/** Confirms a deletion link: schedules the deletion and ends every session and token of the account. */
export async function confirmDeletion(ctx: AppContext, token: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(userTokens)
      .set({ used_at: new Date() })
      .where(
        and(
          eq(userTokens.token_hash, sha256(token)),
          eq(userTokens.purpose, 'account_deletion'),
          isNull(userTokens.used_at),
          gt(userTokens.expires_at, sql`now()`),
        ),
      )
      .returning({ userId: userTokens.user_id });
    if (!used) return false;
    await tx
      .update(users)
      .set({ date_to_delete: new Date(Date.now() + DELETION_GRACE_DAYS * 86_400_000) })
      .where(eq(users.id, used.userId));
    await endUserSessions(tx, used.userId);
    await tx.delete(personalAccessTokens).where(eq(personalAccessTokens.user_id, used.userId));
    return true;
  });
}

// ---- invitations addressed to the user ----
export async function answerInvitation(ctx: AppContext, user: UserRow, uuid: string, accept: boolean) {
  return ctx.db.transaction(async (tx) => {
    const [inv] = await tx
      .update(invitations)
      .set({ status: accept ? 'accepted' : 'refused' })
      .where(
        and(
          eq(invitations.uuid, uuid),
          eq(sql`lower(${invitations.email})`, user.email.toLowerCase()),
          eq(invitations.status, 'sent'),
          gt(invitations.expires_at, sql`now()`),
        ),
      )
      .returning();
    if (!inv) throw notFound();
    if (accept) {
      await tx
        .insert(settingsGroupMembers)
        .values({ settings_group_uuid: inv.settings_group_uuid, user_id: user.id, role: inv.role })
        .onConflictDoNothing();
      // the user groups named by the invitation that still exist (docs/domain/permissions.md, "Invitations"): the
      // user joins their members (a group's `member_uuids`, docs/decisions.md, "refs as uuid arrays")
      if (inv.user_group_uuids.length)
        await tx
          .update(userGroups)
          .set({ member_uuids: sql`array_append(${userGroups.member_uuids}, ${user.uuid}::uuid)` })
          .where(
            and(
              inArray(userGroups.uuid, inv.user_group_uuids),
              eq(userGroups.settings_group_uuid, inv.settings_group_uuid),
              isNull(userGroups.deleted_at),
              sql`not (${user.uuid}::uuid = any(${userGroups.member_uuids}))`,
            ),
          );
    }
    const [group] = await tx
      .select({ name: settingsGroups.name })
      .from(settingsGroups)
      .where(eq(settingsGroups.uuid, inv.settings_group_uuid));
    return { ...inv, settings_group_name: group?.name ?? '' };
  });
}
