// Two-factor management for the signed-in user (Fortify's endpoint names; docs/domain/sign-in.md, "Two-factor authentication").
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../plugins/auth';
import { requirePasswordConfirmed } from '../services/account.service';
import * as twoFactor from '../services/two-factor.service';
import { translate } from '../i18n/messages';
import { codeBody } from '../../src/entities/account';
import { messageReply, ok } from './schemas';

export async function twoFactorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['two-factor'];
  const codes = ok(z.array(z.string()));

  r.post('/user/two-factor-authentication', { schema: { tags, response: ok(messageReply) } }, async (req) => {
    const user = requireUser(req);
    requirePasswordConfirmed(req);
    await twoFactor.enable(ctx, user);
    return { message: translate(req.locale, 'auth.two_factor_enabled') };
  });

  r.get(
    '/user/two-factor-qr-code',
    { schema: { tags, response: ok(z.object({ svg: z.string(), url: z.string() })) } },
    async (req) => {
      const user = requireUser(req);
      requirePasswordConfirmed(req);
      return twoFactor.qrCode(ctx, user);
    },
  );

  r.get(
    '/user/two-factor-secret-key',
    { schema: { tags, response: ok(z.object({ secretKey: z.string() })) } },
    async (req) => {
      const user = requireUser(req);
      requirePasswordConfirmed(req);
      return twoFactor.secretKey(ctx, user);
    },
  );

  r.post(
    '/user/confirmed-two-factor-authentication',
    { schema: { tags, body: codeBody, response: ok(messageReply) } },
    async (req) => {
      await twoFactor.confirm(ctx, req, requireUser(req), req.body.code);
      return { message: translate(req.locale, 'auth.two_factor_confirmed') };
    },
  );

  r.get('/user/two-factor-recovery-codes', { schema: { tags, response: codes } }, async (req) => {
    const user = requireUser(req);
    requirePasswordConfirmed(req);
    return twoFactor.recoveryCodes(ctx, user);
  });

  r.post('/user/two-factor-recovery-codes', { schema: { tags, response: codes } }, async (req) => {
    const user = requireUser(req);
    requirePasswordConfirmed(req);
    return twoFactor.regenerateRecoveryCodes(ctx, user);
  });

  r.delete('/user/two-factor-authentication', { schema: { tags, response: ok(messageReply) } }, async (req) => {
    const user = requireUser(req);
    requirePasswordConfirmed(req);
    await twoFactor.disable(ctx, req, user);
    return { message: translate(req.locale, 'auth.two_factor_disabled') };
  });
}
