// TOTP two-factor sign-in (RFC 6238; Fortify's endpoints): enable, confirm, recovery codes, challenge, disable; the
// account's lock after too many wrong codes and its unlocking (docs/domain/sign-in.md, "Two-factor lock").
import crypto from 'node:crypto';
import { and, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, UserRow } from '../context';
import type { Db } from '../db/client';
import { users, userTokens } from '../db/schema';
import { HttpError, fieldError } from '../http-error';
import { base32Encode, matchTotp, otpauthUrl, type HmacSha1 } from '../../src/domain/totp';
import { ACCOUNT_LINKS, accountMail, recipientOf } from '../mail/templates';
import { clearHits, hit, limitOrThrow, throttled, tooManyAttempts, type Limit } from './rate-limit';
import { randomToken, sha256 } from './crypto';
import { endUserSessions } from './session.service';
import { completeLogin } from './auth.service';

export const hmacSha1: HmacSha1 = (key, msg) => new Uint8Array(crypto.createHmac('sha1', key).update(msg).digest());

const newRecoveryCodes = () =>
  Array.from({ length: 8 }, () => `${crypto.randomBytes(5).toString('hex')}-${crypto.randomBytes(5).toString('hex')}`);

function secretOf(ctx: AppContext, user: UserRow): string {
  if (!user.two_factor_secret) throw new HttpError(409, 'auth.two_factor_not_enabled');
  return ctx.keyring.open(user.two_factor_secret);
}

export const recoveryCodes = (ctx: AppContext, user: UserRow): string[] => {
  if (!user.two_factor_recovery_codes) throw new HttpError(409, 'auth.two_factor_not_enabled');
  return JSON.parse(ctx.keyring.open(user.two_factor_recovery_codes)) as string[];
};

export async function enable(ctx: AppContext, user: UserRow) {
  if (user.two_factor_secret && user.two_factor_confirmed_at) return; // already on: nothing to change
  await ctx.db
    .update(users)
    .set({
      two_factor_secret: ctx.keyring.seal(base32Encode(crypto.randomBytes(20))),
      two_factor_recovery_codes: ctx.keyring.seal(JSON.stringify(newRecoveryCodes())),
      two_factor_confirmed_at: null,
      two_factor_last_step: null,
    })
    .where(eq(users.id, user.id));
}

export async function qrCode(ctx: AppContext, user: UserRow) {
  const url = otpauthUrl('Hauswerk', user.email, secretOf(ctx, user));
  const { default: QRCode } = await import('qrcode'); // loaded when first used, not at start
  return { svg: await QRCode.toString(url, { type: 'svg', margin: 1 }), url };
}

export const secretKey = (ctx: AppContext, user: UserRow) => ({ secretKey: secretOf(ctx, user) });

export async function confirm(ctx: AppContext, req: FastifyRequest, user: UserRow, code: string) {
  await limitOrThrow(ctx.db, { key: `2fa-confirm:${user.id}`, max: 5, windowSeconds: 60 });
  const step = matchTotp(secretOf(ctx, user), code, Date.now(), hmacSha1, user.two_factor_last_step);
  if (step === null) throw fieldError('code', 'auth.two_factor_invalid');
  await ctx.db
    .update(users)
    .set({ two_factor_confirmed_at: new Date(), two_factor_last_step: step })
    .where(eq(users.id, user.id));
  await endUserSessions(ctx.db, user.id, req.session?.id_hash); // a 2FA change ends the other sessions
}

export async function regenerateRecoveryCodes(ctx: AppContext, user: UserRow) {
  secretOf(ctx, user);
  const codes = newRecoveryCodes();
  await ctx.db
    .update(users)
    .set({ two_factor_recovery_codes: ctx.keyring.seal(JSON.stringify(codes)) })
    .where(eq(users.id, user.id));
  return codes;
}

export async function disable(ctx: AppContext, req: FastifyRequest, user: UserRow) {
  await ctx.db
    .update(users)
    .set({
      two_factor_secret: null,
      two_factor_recovery_codes: null,
      two_factor_confirmed_at: null,
      two_factor_last_step: null,
    })
    .where(eq(users.id, user.id));
  await endUserSessions(ctx.db, user.id, req.session?.id_hash);
}

/** Completes a sign-in that is waiting for a code (POST /two-factor-challenge). */
export async function challenge(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  body: { code: string } | { recovery_code: string },
) {
  const pendingId = req.session?.pending_user_id;
  if (!pendingId) throw fieldError('code', 'auth.two_factor_no_pending');
  await limitOrThrow(ctx.db, { key: `2fa:${req.session!.id_hash}`, max: 5, windowSeconds: 60 });
  const [user] = await ctx.db.select().from(users).where(eq(users.id, pendingId)).limit(1);
  if (!user?.two_factor_confirmed_at) throw fieldError('code', 'auth.two_factor_no_pending');
  await checkSecondFactor(ctx, req, user, body);
  await completeLogin(ctx, req, reply, user, req.session!.pending_remember);
}

/**
 * Checks a user's second factor (a code or a recovery code, which then is spent): a wrong one counts towards the
 * account's lock (a 422 on the field, the tenth a 429), and a locked account refuses every one, a right one too.
 * The sign-in challenge and the scripts' token (POST /sanctum/token) both go through here.
 */
export async function checkSecondFactor(
  ctx: AppContext,
  req: FastifyRequest,
  user: UserRow,
  body: { code: string } | { recovery_code: string },
) {
  if (await isLocked(ctx.db, user.id)) throw await refuseLocked(ctx, req, user);
  if ('code' in body) {
    const step = matchTotp(secretOf(ctx, user), body.code, Date.now(), hmacSha1, user.two_factor_last_step);
    if (step === null) {
      req.log.warn({ event: 'two_factor_failure', user: user.id, ip: req.ip }, '2fa failed');
      await countFailure(ctx, req, user);
      throw fieldError('code', 'auth.two_factor_invalid');
    }
    await ctx.db.update(users).set({ two_factor_last_step: step }).where(eq(users.id, user.id));
  } else {
    const codes = recoveryCodes(ctx, user);
    const idx = codes.indexOf(body.recovery_code.trim());
    if (idx < 0) {
      req.log.warn({ event: 'two_factor_failure', user: user.id, ip: req.ip }, '2fa recovery code failed');
      await countFailure(ctx, req, user);
      throw fieldError('recovery_code', 'auth.two_factor_invalid');
    }
    codes.splice(idx, 1); // a recovery code works once
    await ctx.db
      .update(users)
      .set({ two_factor_recovery_codes: ctx.keyring.seal(JSON.stringify(codes)) })
      .where(eq(users.id, user.id));
  }
  await clearHits(ctx.db, failureLimit(user.id).key);
}

/** A sign-in in one request (the scripts' token): an account with a second factor sends it along, or gets a 422 on
 * `code` (docs/domain/sign-in.md, "Sign-in calls"). */
export async function requireSecondFactor(
  ctx: AppContext,
  req: FastifyRequest,
  user: UserRow,
  body: { code?: string; recovery_code?: string },
) {
  if (!user.two_factor_confirmed_at) return;
  if (body.code !== undefined) return checkSecondFactor(ctx, req, user, { code: body.code });
  if (body.recovery_code !== undefined) return checkSecondFactor(ctx, req, user, { recovery_code: body.recovery_code });
  throw fieldError('code', 'auth.two_factor_required');
}

// ---- the account's lock (docs/domain/sign-in.md, "Two-factor lock") ----

/** Wrong second factors of an account, whichever pending login sent them: 10 in a window of 15 minutes lock it. */
export const failureLimit = (userId: number): Limit => ({
  key: `2fa-failures:${userId}`,
  max: 10,
  windowSeconds: 15 * 60,
});
/** The unlock link is mailed again at most once per 15 minutes while the account stays locked. */
const unlockMailLimit = (userId: number): Limit => ({
  key: `2fa-unlock-mail:${userId}`,
  max: 1,
  windowSeconds: 15 * 60,
});
/** Unlock links that name no lock, per address: 10 in 10 minutes, then 429 (guessing is limited per IP). */
const unlockMissLimit = (ip: string): Limit => ({ key: `2fa-unlock-miss:${ip}`, max: 10, windowSeconds: 10 * 60 });

/** The lock is a `user_tokens` row (no table of its own): open while unused. It lasts until it is unlocked, so its
 * row does not expire (the housekeeping job deletes expired tokens only); unlocking ends it at once. */
const LOCK = 'two_factor_lock';
const UNTIL_UNLOCKED = new Date('9999-12-31T00:00:00.000Z');
const openLock = (userId: number) =>
  and(eq(userTokens.user_id, userId), eq(userTokens.purpose, LOCK), isNull(userTokens.used_at));

const locked = () => new HttpError(429, 'auth.two_factor_locked');

/** Whether the user `userId` names (a column or value of the caller's query) has an open lock: for lists. */
export const lockedSql = (userId: SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${userTokens} where ${userTokens.user_id} = ${userId}
    and ${userTokens.purpose} = ${LOCK} and ${userTokens.used_at} is null)`;

export async function isLocked(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: userTokens.id }).from(userTokens).where(openLock(userId)).limit(1);
  return Boolean(row);
}

/** Counts a wrong code; the tenth in the window locks the account, mails the unlock link and answers 429. */
async function countFailure(ctx: AppContext, req: FastifyRequest, user: UserRow) {
  const limit = failureLimit(user.id);
  const { hits } = await hit(ctx.db, limit);
  if (hits < limit.max) return;
  const made = await ctx.db.transaction(async (tx) => {
    // the user's row taken first: two last wrong codes at once make one lock
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    if (await isLocked(tx, user.id)) return false;
    // a token nobody knows until the link is mailed (mailUnlockLink replaces it)
    await tx
      .insert(userTokens)
      .values({ user_id: user.id, purpose: LOCK, token_hash: sha256(randomToken()), expires_at: UNTIL_UNLOCKED });
    return true;
  });
  if (made) req.log.warn({ event: 'two_factor_locked', user: user.id, ip: req.ip }, '2fa locked');
  throw await refuseLocked(ctx, req, user);
}

/** The 429 of a locked account, after mailing the unlock link when none went out in the last 15 minutes (a lost
 * mail is sent again on a later try; each new link replaces the one before). */
async function refuseLocked(ctx: AppContext, req: FastifyRequest, user: UserRow) {
  // counted first (atomically): of two refused tries at once, one mails
  if ((await hit(ctx.db, unlockMailLimit(user.id))).hits > 1) return locked();
  const token = randomToken();
  const [lock] = await ctx.db
    .update(userTokens)
    .set({ token_hash: sha256(token) })
    .where(openLock(user.id))
    .returning({ id: userTokens.id });
  if (!lock) return locked();
  const url = ACCOUNT_LINKS.unlock(ctx.config.appUrl, user, token);
  try {
    await ctx.mailer.send(await accountMail(ctx.db, 'unlock', recipientOf(user), url));
  } catch (err) {
    // the lock stands; the next try mails again once the 15 minutes are over, and an administrator can unlock
    await clearHits(ctx.db, unlockMailLimit(user.id).key);
    req.log.error({ event: 'two_factor_unlock_mail_failed', user: user.id, err }, 'unlock mail failed');
  }
  return locked();
}

/** Ends the account's lock and its counters (the link or an administrator); whether it was locked. */
export async function unlock(db: Db, userId: number): Promise<boolean> {
  const ended = await db
    .update(userTokens)
    .set({ used_at: sql`now()`, expires_at: sql`now()` })
    .where(openLock(userId))
    .returning({ id: userTokens.id });
  await clearHits(db, failureLimit(userId).key);
  await clearHits(db, unlockMailLimit(userId).key);
  return ended.length > 0;
}

/** The unlock link (POST /two-factor-unlock): single use; a token that names no open lock is a 422 on `token`, and
 * too many of those from one address a 429. */
export async function unlockWithToken(ctx: AppContext, req: FastifyRequest, token: string) {
  const misses = unlockMissLimit(req.ip);
  const wait = await tooManyAttempts(ctx.db, misses);
  if (wait) throw throttled(wait);
  const userId = await ctx.db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ userId: userTokens.user_id })
      .from(userTokens)
      .where(and(eq(userTokens.token_hash, sha256(token)), eq(userTokens.purpose, LOCK), isNull(userTokens.used_at)))
      .for('update');
    if (lock) await unlock(tx, lock.userId);
    return lock?.userId ?? null;
  });
  if (userId === null) {
    await hit(ctx.db, misses);
    throw fieldError('token', 'auth.two_factor_unlock_invalid');
  }
  req.log.info({ event: 'two_factor_unlocked', user: userId, ip: req.ip, by: 'link' }, '2fa unlocked');
}
