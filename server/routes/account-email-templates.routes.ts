// `POST /account-email-templates/preview` beside the engine's routes (docs/domain/email-templates.md, "Account
// mails"): an account mail's template, saved (`template_uuid`) or as typed in the editor, rendered with the caller as
// the recipient and the mail's link with `…` in place of its secret: its subject, text and HTML as the mail would
// carry them. A superusers' table: 401 signed out, 403 for anyone but a superuser with confirmed 2FA (checked before
// the body); a placeholder the mail does not have is the 422 a save would give.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALES, type Locale } from '../../src/entities/account';
import { ACCOUNT_MAIL_KEYS, type AccountMailKey } from '../../src/domain/mail-templates';
import { entities } from '../../src/entities/registry';
import { accessOf, writeRouteConfig } from '../crud/access';
import { getRow } from '../crud/read';
import { runValidate } from '../crud/write';
import { renderTemplate } from '../mail/compose';
import { ACCOUNT_LINKS, accountValues, recipientOf } from '../mail/templates';
import { ok } from './schemas';

const entity = entities.account_email_template;

const typed = z.object({
  mail: z.enum(ACCOUNT_MAIL_KEYS as [AccountMailKey, ...AccountMailKey[]]),
  locale: z.enum(LOCALES),
  subject: z.string().max(200),
  body: z.string().max(20_000),
});
// the form as typed first: its field messages are the ones a 422 names when neither form fits
const body = z.union([typed.strict(), z.object({ template_uuid: z.uuid() }).strict()]);

export async function accountEmailTemplatesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  r.post(
    '/account-email-templates/preview',
    {
      // the superusers' alone, before the body is read (docs/domain/permissions.md, "Scopes and access of a model")
      config: writeRouteConfig(entity),
      schema: {
        tags: ['account-email-templates'],
        body,
        response: ok(z.object({ data: z.object({ subject: z.string(), text: z.string(), html: z.string() }) })),
      },
    },
    async (req) => {
      const access = await accessOf(ctx, req);
      const input = req.body;
      let t: z.infer<typeof typed>;
      if ('template_uuid' in input) {
        const row = await getRow(ctx, access, entity, input.template_uuid);
        t = {
          mail: row.mail as AccountMailKey,
          locale: row.locale as Locale,
          subject: String(row.subject),
          body: String(row.body),
        };
      } else {
        t = input;
        // the model's own check, as a save runs it
        runValidate(entity, t, t);
      }
      // the caller as the recipient; a preview makes no token: `…` stands for the link's secret
      const to = recipientOf(access.user);
      const link = ACCOUNT_LINKS[t.mail](ctx.config.appUrl, access.user, '…');
      return { data: renderTemplate(t, t.locale, accountValues(to, link)) };
    },
  );
}
