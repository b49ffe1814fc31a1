// The signed-in user's account (docs/domain/sign-in.md, "Sign-in calls"): profile, password, terms, e-mail verification,
// API tokens, invitations and the account deletion request.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../plugins/auth';
import * as account from '../services/account.service';
import { openInvitations, presentUser } from '../services/user-presenter';
import { translate } from '../i18n/messages';
import {
  apiTokenCreateBody,
  apiTokenSchema,
  confirmPasswordBody,
  invitationSchema,
  profileBody,
  termsBody,
  updatePasswordBody,
} from '../../src/entities/account';
import { created, messageReply, ok, userReply } from './schemas';

const uuidParam = z.object({ uuid: z.uuid() });

export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['account'];

  r.get('/user', { schema: { tags, response: ok(userReply) } }, async (req) => ({
    data: await presentUser(ctx.db, requireUser(req)),
  }));

  r.put(
    '/user/profile-information',
    { schema: { tags, body: profileBody, response: ok(userReply.extend({ message: z.string() })) } },
    async (req) => {
      const user = await account.updateProfile(ctx, requireUser(req), req.body);
      return {
        message: translate(user.locale as never, 'auth.profile_updated'),
        data: await presentUser(ctx.db, user),
      };
    },
  );

  r.put(
    '/user/password',
    { schema: { tags, body: updatePasswordBody, response: ok(messageReply) } },
    async (req, reply) => {
      await account.updatePassword(ctx, req, reply, requireUser(req), req.body);
      return { message: translate(req.locale, 'auth.password_updated') };
    },
  );

  r.post(
    '/user/confirm-password',
    { schema: { tags, body: confirmPasswordBody, response: { 201: z.null(), ...ok(z.null()) } } },
    async (req, reply) => {
      await account.confirmPassword(ctx, req, reply, requireUser(req), req.body.password);
      return reply.code(201).send(null);
    },
  );

  r.get(
    '/user/confirmed-password-status',
    { schema: { tags, response: ok(z.object({ confirmed: z.boolean() })) } },
    async (req) => {
      requireUser(req);
      try {
        account.requirePasswordConfirmed(req);
        return { confirmed: true };
      } catch {
        return { confirmed: false };
      }
    },
  );

  r.put('/user/terms', { schema: { tags, body: termsBody, response: ok(messageReply) } }, async (req) => {
    await account.acceptTerms(ctx, requireUser(req), req.body.version);
    return { message: translate(req.locale, 'auth.terms_accepted') };
  });

  r.get(
    '/email/verified-status',
    { schema: { tags, response: ok(z.object({ verified: z.boolean() })) } },
    async (req) => ({
      verified: requireUser(req).email_verified_at !== null,
    }),
  );

  r.post('/email/verification-notification', { schema: { tags, response: ok(messageReply) } }, async (req) => {
    const key = await account.resendVerification(ctx, requireUser(req));
    return { message: translate(req.locale, key) };
  });

  // The signed link from the e-mail: verifies and sends the browser to the verification page.
  r.get(
    '/email/verify/:uuid/:hash',
    {
      config: { public: true },
      schema: {
        tags,
        params: z.object({ uuid: z.string().max(64), hash: z.string().max(64) }),
        querystring: z.object({ expires: z.string().max(20), signature: z.string().max(100) }),
        response: { 302: z.null() },
      },
    },
    async (req, reply) => {
      const verified = await account.verifyEmail(
        ctx,
        req.params.uuid,
        req.params.hash,
        req.query.expires,
        req.query.signature,
      );
      return reply.redirect(`/email-verification?verified=${verified ? 1 : 0}`);
    },
  );

  r.post('/user/delete-request', { schema: { tags, response: ok(messageReply) } }, async (req) => {
    await account.requestDeletion(ctx, requireUser(req));
    return { message: translate(req.locale, 'auth.delete_requested') };
  });

  r.get(
    '/user/delete-request/:token',
    {
      config: { public: true },
      schema: { tags, params: z.object({ token: z.string().max(100) }), response: { 302: z.null() } },
    },
    async (req, reply) => {
      const ok = await account.confirmDeletion(ctx, req.params.token);
      if (ok) req.log.info({ event: 'account_deletion_confirmed' }, 'account deletion confirmed');
      return reply.redirect(`/login?account_deletion=${ok ? 'scheduled' : 'invalid'}`);
    },
  );

  r.get(
    '/user/invitations',
    { schema: { tags, response: ok(z.object({ data: z.array(invitationSchema) })) } },
    async (req) => ({
      data: await openInvitations(ctx.db, requireUser(req).email),
    }),
  );

  for (const action of ['accept', 'refuse'] as const) {
    r.post(
      `/user/invitations/:uuid/${action}`,
      { schema: { tags, params: uuidParam, response: ok(messageReply) } },
      async (req) => {
        const inv = await account.answerInvitation(ctx, requireUser(req), req.params.uuid, action === 'accept');
        return {
          message: translate(req.locale, action === 'accept' ? 'invitation.accepted' : 'invitation.refused', {
            name: inv.settings_group_name,
          }),
        };
      },
    );
  }

  r.get(
    '/user/api-tokens',
    { schema: { tags, response: ok(z.object({ data: z.array(apiTokenSchema) })) } },
    async (req) => ({
      data: await account.listApiTokens(ctx, requireUser(req).id),
    }),
  );

  r.post(
    '/user/api-tokens',
    {
      schema: {
        tags,
        body: apiTokenCreateBody,
        response: created(
          z.object({ data: apiTokenSchema.omit({ last_used_at: true }).extend({ token: z.string() }) }),
        ),
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      account.requirePasswordConfirmed(req);
      return reply.code(201).send({ data: await account.createApiToken(ctx, user.id, req.body.name) });
    },
  );

  r.delete(
    '/user/api-tokens/:id',
    { schema: { tags, params: z.object({ id: z.coerce.number().int().positive() }), response: ok(messageReply) } },
    async (req) => {
      await account.revokeApiToken(ctx, requireUser(req).id, req.params.id);
      return { message: translate(req.locale, 'auth.token_revoked') };
    },
  );
}
