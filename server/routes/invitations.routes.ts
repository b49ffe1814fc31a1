// Invitations to a settings group (docs/domain/permissions.md, "Invitations"; thin routes over
// server/services/invitations.service.ts): admins invite, list, resend and revoke; the e-mailed link's page reads
// its invitation by token (no login needed, rate-limited) and the invitee accepts or refuses it from their account
// (`/user/invitations/{uuid}/accept|refuse`, account.routes.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../plugins/auth';
import { translate } from '../i18n/messages';
import * as invitations from '../services/invitations.service';
import { limitOrThrow } from '../services/rate-limit';
import { created, ok } from './schemas';

const params = z.object({ uuid: z.uuid() });
const invitationReply = z.object({
  uuid: z.string(),
  settings_group_uuid: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'user']),
  user_group_uuids: z.array(z.string()),
  status: z.enum(['sent', 'accepted', 'refused', 'revoked', 'expired']),
  expires_at: z.string(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  links: z.record(z.string(), z.string()),
});
const inviteBody = z.strictObject({
  // more than the limit is refused by the service with a message naming the limit
  emails: z.array(z.string().max(320)).min(1).max(5000),
  role: z.enum(['admin', 'user']).default('user'),
  user_group_uuids: z.array(z.uuid()).max(1000).optional(),
});

export async function invitationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['invitations'];

  r.post(
    '/settings-groups/:uuid/invitations',
    { schema: { tags, params, body: inviteBody, response: created(z.object({ data: z.array(invitationReply) })) } },
    async (req, reply) =>
      reply
        .code(201)
        .send({ data: await invitations.invite(ctx, requireUser(req), req.params.uuid, req.body, req.ip) }),
  );
  r.get(
    '/settings-groups/:uuid/invitations',
    { schema: { tags, params, response: ok(z.object({ data: z.array(invitationReply) })) } },
    async (req) => ({ data: await invitations.listInvitations(ctx, requireUser(req), req.params.uuid) }),
  );
  r.post(
    '/invitations/:uuid/resend',
    { schema: { tags, params, response: ok(z.object({ data: invitationReply })) } },
    async (req) => ({ data: await invitations.resend(ctx, requireUser(req), req.params.uuid, req.ip) }),
  );
  r.delete(
    '/invitations/:uuid',
    { schema: { tags, params, response: ok(z.object({ data: invitationReply, message: z.string() })) } },
    async (req) => ({
      data: await invitations.revoke(ctx, requireUser(req), req.params.uuid, req.ip),
      message: translate(req.locale, 'invitation.revoked'),
    }),
  );
  r.get(
    '/invitations/token/:token',
    {
      config: { public: true },
      schema: {
        tags,
        params: z.object({ token: z.string().max(100) }),
        response: ok(
          z.object({
            data: z.object({
              uuid: z.string(),
              settings_group_name: z.string(),
              email: z.string(),
              role: z.enum(['admin', 'user']),
              status: z.enum(['sent', 'accepted', 'refused', 'revoked', 'expired']),
              expires_at: z.string(),
            }),
          }),
        ),
      },
    },
    async (req, reply) => {
      reply.header('Referrer-Policy', 'no-referrer').header('Cache-Control', 'no-store');
      await limitOrThrow(ctx.db, { key: `invitation-token:${req.ip}`, max: 30, windowSeconds: 60 });
      return { data: await invitations.byToken(ctx, req.params.token) };
    },
  );
}
