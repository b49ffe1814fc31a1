// Sign-in calls (docs/domain/sign-in.md, "Sign-in calls"): Sanctum's csrf-cookie and token, Fortify's login, 2FA challenge,
// register, logout, forgot and reset password.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as auth from '../services/auth.service';
import * as twoFactor from '../services/two-factor.service';
import { createApiToken } from '../services/account.service';
import { createSession, setSessionCookies } from '../services/session.service';
import { presentUser } from '../services/user-presenter';
import { translate } from '../i18n/messages';
import {
  forgotPasswordBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  tokenCreateBody,
  twoFactorChallengeBody,
  userSchema,
} from '../../src/entities/account';
import { created, messageReply, noContent, ok } from './schemas';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get(
    '/sanctum/csrf-cookie',
    { config: { public: true }, schema: { tags: ['auth'], response: noContent } },
    async (req, reply) => {
      if (req.session) {
        setSessionCookies(
          ctx.config,
          req,
          reply,
          req.cookies.hauswerk_session!,
          req.session.xsrf_token,
          req.session.remember,
        );
      } else {
        const s = await createSession(ctx.db, req, {});
        setSessionCookies(ctx.config, req, reply, s.rawId, s.row.xsrf_token, false);
      }
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/login',
    {
      config: { public: true },
      schema: { tags: ['auth'], body: loginBody, response: ok(z.object({ two_factor: z.boolean() })) },
    },
    (req, reply) => auth.login(ctx, req, reply, req.body),
  );

  r.post(
    '/two-factor-challenge',
    { config: { public: true }, schema: { tags: ['auth'], body: twoFactorChallengeBody, response: noContent } },
    async (req, reply) => {
      await twoFactor.challenge(ctx, req, reply, req.body);
      return reply.code(204).send(null);
    },
  );

  // The unlock link of a locked two-factor sign-in opens the sign-in page, whose button sends its token here (a mail
  // scanner opening the link unlocks nothing; docs/domain/sign-in.md, "Two-factor lock").
  r.post(
    '/two-factor-unlock',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: z.strictObject({ token: z.string().min(1).max(100) }),
        response: ok(messageReply),
      },
    },
    async (req) => {
      await twoFactor.unlockWithToken(ctx, req, req.body.token);
      return { message: translate(req.locale, 'auth.two_factor_unlocked') };
    },
  );

  r.post(
    '/register',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: registerBody,
        response: created(z.object({ data: z.object({ user: userSchema }) })),
      },
    },
    async (req, reply) => {
      const user = await auth.register(ctx, req, reply, req.body);
      return reply.code(201).send({ data: { user: await presentUser(ctx.db, user) } });
    },
  );

  r.post(
    '/logout',
    { config: { public: true }, schema: { tags: ['auth'], response: ok(messageReply) } },
    async (req, reply) => {
      const locale = req.locale;
      await auth.logout(ctx, req, reply);
      return { message: translate(locale, 'auth.logged_out') };
    },
  );

  r.post(
    '/forgot-password',
    { config: { public: true }, schema: { tags: ['auth'], body: forgotPasswordBody, response: ok(messageReply) } },
    async (req) => {
      await auth.forgotPassword(ctx, req, req.body);
      return { message: translate(req.locale, 'auth.reset_link_sent') };
    },
  );

  r.post(
    '/reset-password',
    { config: { public: true }, schema: { tags: ['auth'], body: resetPasswordBody, response: ok(messageReply) } },
    async (req) => {
      await auth.resetPassword(ctx, req, req.body);
      return { message: translate(req.locale, 'auth.reset_done') };
    },
  );

  // Scripts: a bearer token for e-mail + password, answered for callers on this machine only.
  r.post(
    '/sanctum/token',
    {
      config: { public: true, csrf: false },
      schema: {
        tags: ['auth'],
        body: tokenCreateBody,
        response: ok(z.object({ data: z.object({ token: z.string() }) })),
      },
    },
    async (req) => {
      auth.assertLocal(ctx, req);
      const user = await auth.attempt(ctx, req.body.email, req.body.password, req.ip);
      await twoFactor.requireSecondFactor(ctx, req, user, req.body);
      const token = await createApiToken(ctx, user.id, req.body.device_name);
      return { data: { token: token.token } };
    },
  );
}
