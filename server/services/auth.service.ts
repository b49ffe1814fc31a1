// Sign-in, registration, sign-out and password reset (Fortify's flows; docs/domain/sign-in.md, "Sign-in calls").
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext, UserRow } from '../context';
import { users, userTokens } from '../db/schema';
import { HttpError, ValidationFailed, fieldError } from '../http-error';
import { dummyHash, hashPassword, verifyPassword } from './password';
import { clearHits, hit, limitOrThrow, throttled, tooManyAttempts } from './rate-limit';
import { clearSessionCookies, endUserSessions, rotateSession } from './session.service';
import { randomToken, sha256 } from './crypto';
import { ACCOUNT_LINKS, accountMail, recipientOf } from '../mail/templates';
import { sendVerificationMail } from './account.service';
import { isLocalRequest } from './local-request';
import {
  DEFAULT_DATE_FORMAT,
  TERMS_VERSION,
  type Locale,
  type forgotPasswordBody,
  type loginBody,
  registrationName,
  type registerBody,
  type resetPasswordBody,
} from '../../src/entities/account';
import { sessions } from '../db/schema';

const loginLimit = (email: string, ip: string) => ({
  key: `login:${email.toLowerCase()}|${ip}`,
  max: 5,
  windowSeconds: 60,
});
const failed = () => new ValidationFailed({ email: [{ key: 'auth.failed' }] });

export const findUserByEmail = async (ctx: AppContext, email: string): Promise<UserRow | undefined> =>
  (
    await ctx.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase().trim()))
      .limit(1)
  )[0];

/** Checks e-mail and password under the login rate limit; the same answer for a wrong password and an unknown e-mail. */
export async function attempt(ctx: AppContext, email: string, password: string, ip: string): Promise<UserRow> {
  const limit = loginLimit(email, ip);
  const wait = await tooManyAttempts(ctx.db, limit);
  if (wait) throw throttled(wait);
  const user = await findUserByEmail(ctx, email);
  const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHash(ctx.config.scryptCost)));
  if (!user || !ok) {
    await hit(ctx.db, limit);
    throw failed();
  }
  await clearHits(ctx.db, limit.key);
  return user;
}

/** A successful sign-in restores an account scheduled for deletion (docs/domain/sign-in.md, "Account deletion"). */
export async function completeLogin(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  remember: boolean,
) {
  await rotateSession(ctx.db, ctx.config, req, reply, { userId: user.id, remember, passwordConfirmedAt: new Date() });
  await ctx.db.update(users).set({ last_login: new Date(), date_to_delete: null }).where(eq(users.id, user.id));
  req.log.info({ event: 'login_success', user: user.id, ip: req.ip }, 'login');
}

export async function login(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  body: z.infer<typeof loginBody>,
) {
  let user: UserRow;
  try {
    user = await attempt(ctx, body.email, body.password, req.ip);
  } catch (err) {
    req.log.warn({ event: 'login_failure', ip: req.ip }, 'login failed');
    throw err;
  }
  if (user.two_factor_confirmed_at) {
    await rotateSession(ctx.db, ctx.config, req, reply, {
      pendingUserId: user.id,
      pendingRemember: body.remember ?? false,
    });
    return { two_factor: true };
  }
  await completeLogin(ctx, req, reply, user, body.remember ?? false);
  return { two_factor: false };
}

export async function register(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  body: z.infer<typeof registerBody>,
) {
  if (body.password !== body.password_confirmation) throw fieldError('password', 'auth.passwords_mismatch');
  if (await findUserByEmail(ctx, body.email)) throw fieldError('email', 'auth.email_taken');
  const locale: Locale = body.locale ?? req.locale;
  const [user] = await ctx.db
    .insert(users)
    .values({
      email: body.email.trim(),
      password_hash: await hashPassword(body.password, ctx.config.scryptCost),
      ...registrationName(body),
      organisation: body.organisation ?? null,
      locale,
      date_format: DEFAULT_DATE_FORMAT[locale],
      terms_version: TERMS_VERSION,
      terms_accepted_at: new Date(),
    })
    .onConflictDoNothing()
    .returning();
  if (!user) throw fieldError('email', 'auth.email_taken'); // lost a race with the same address
  await completeLogin(ctx, req, reply, user, false);
  await sendVerificationMail(ctx, user);
  return user;
}

export async function logout(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  if (req.session) await ctx.db.delete(sessions).where(eq(sessions.id_hash, req.session.id_hash));
  clearSessionCookies(req, reply);
}

const RESET_MINUTES = 60;

export async function forgotPassword(ctx: AppContext, req: FastifyRequest, body: z.infer<typeof forgotPasswordBody>) {
  await limitOrThrow(ctx.db, { key: `reset-mail:${req.ip}`, max: 6, windowSeconds: 60 });
  const user = await findUserByEmail(ctx, body.email);
  if (!user) return;
  const token = randomToken();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(userTokens).where(and(eq(userTokens.user_id, user.id), eq(userTokens.purpose, 'password_reset')));
    await tx.insert(userTokens).values({
      user_id: user.id,
      purpose: 'password_reset',
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + RESET_MINUTES * 60_000),
    });
  });
  const url = ACCOUNT_LINKS.reset(ctx.config.appUrl, user, token);
  await ctx.mailer.send(await accountMail(ctx.db, 'reset', recipientOf(user), url));
}

export async function resetPassword(ctx: AppContext, req: FastifyRequest, body: z.infer<typeof resetPasswordBody>) {
  await limitOrThrow(ctx.db, { key: `reset:${req.ip}`, max: 6, windowSeconds: 60 });
  if (body.password !== body.password_confirmation) throw fieldError('password', 'auth.passwords_mismatch');
  const user = await findUserByEmail(ctx, body.email);
  const invalid = () => fieldError('email', 'auth.reset_invalid');
  if (!user) throw invalid();
  const passwordHash = await hashPassword(body.password, ctx.config.scryptCost);
  await ctx.db.transaction(async (tx) => {
    const used = await tx
      .update(userTokens)
      .set({ used_at: new Date() })
      .where(
        and(
          eq(userTokens.user_id, user.id),
          eq(userTokens.purpose, 'password_reset'),
          eq(userTokens.token_hash, sha256(body.token)),
          isNull(userTokens.used_at),
          gt(userTokens.expires_at, sql`now()`),
        ),
      )
      .returning({ id: userTokens.id });
    if (used.length === 0) throw invalid();
    await tx.update(users).set({ password_hash: passwordHash, updated_at: new Date() }).where(eq(users.id, user.id));
  });
  await endUserSessions(ctx.db, user.id);
  req.log.info({ event: 'password_reset', user: user.id, ip: req.ip }, 'password reset');
}

/** Tokens for e-mail and password go to programs on this machine only (never through a proxy). */
export function assertLocal(ctx: AppContext, req: FastifyRequest) {
  if (!isLocalRequest(req, ctx.config)) throw new HttpError(403, 'auth.token_loopback_only');
}
