// TOTP two-factor sign-in (RFC 6238; Fortify's endpoints): enable, confirm, recovery codes, challenge, disable.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, UserRow } from '../context';
import { users } from '../db/schema';
import { HttpError, fieldError } from '../http-error';
import { base32Encode, matchTotp, otpauthUrl, type HmacSha1 } from '../../src/domain/totp';
import { limitOrThrow } from './rate-limit';
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
  if ('code' in body) {
    const step = matchTotp(secretOf(ctx, user), body.code, Date.now(), hmacSha1, user.two_factor_last_step);
    if (step === null) {
      req.log.warn({ event: 'two_factor_failure', user: user.id, ip: req.ip }, '2fa failed');
      throw fieldError('code', 'auth.two_factor_invalid');
    }
    await ctx.db.update(users).set({ two_factor_last_step: step }).where(eq(users.id, user.id));
  } else {
    const codes = recoveryCodes(ctx, user);
    const idx = codes.indexOf(body.recovery_code.trim());
    if (idx < 0) {
      req.log.warn({ event: 'two_factor_failure', user: user.id, ip: req.ip }, '2fa recovery code failed');
      throw fieldError('recovery_code', 'auth.two_factor_invalid');
    }
    codes.splice(idx, 1); // a recovery code works once
    await ctx.db
      .update(users)
      .set({ two_factor_recovery_codes: ctx.keyring.seal(JSON.stringify(codes)) })
      .where(eq(users.id, user.id));
  }
  await completeLogin(ctx, req, reply, user, req.session!.pending_remember);
}
