// `POST /email-templates/preview` beside the engine's routes (docs/domain/email-templates.md, "Preview"): a template,
// saved (`template_uuid`) or as typed in the editor, rendered with a record of the settings group the admin picks
// (`record_uuid`), else sample values: its subject, text and HTML as the mail would carry them. An admins' table: 401 signed out, 404 outside the caller's settings groups, 403 for a
// member; a placeholder the mail does not have is the 422 a save would give.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALES, type Locale } from '../../src/entities/account';
import { MAIL_KEYS, type MailKey } from '../../src/domain/mail-templates';
import { entities } from '../../src/entities/registry';
import { accessOf, assertReach } from '../crud/access';
import { getRow } from '../crud/read';
import { runValidate } from '../crud/write';
import { renderTemplate } from '../mail/compose';
import { previewValues } from '../mail/preview-values';
import { ok } from './schemas';

const entity = entities.email_template;

const typed = z.object({
  settings_group_uuid: z.uuid(),
  mail: z.enum(MAIL_KEYS as [MailKey, ...MailKey[]]),
  locale: z.enum(LOCALES),
  subject: z.string().max(200),
  body: z.string().max(20_000),
});
// `record_uuid`: the record of the settings group the preview is rendered with (MAIL_RECORD), else sample values
const record = { record_uuid: z.uuid().optional() };
// the form as typed first: its field messages are the ones a 422 names when neither form fits
const body = z.union([typed.extend(record).strict(), z.object({ template_uuid: z.uuid(), ...record }).strict()]);

export async function emailTemplatesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  r.post(
    '/email-templates/preview',
    {
      schema: {
        tags: ['email-templates'],
        body,
        response: ok(z.object({ data: z.object({ subject: z.string(), text: z.string(), html: z.string() }) })),
      },
    },
    async (req) => {
      const access = await accessOf(ctx, req);
      const input = req.body;
      let t: { settings_group_uuid: string; mail: MailKey; locale: Locale; subject: string; body: string };
      if ('template_uuid' in input) {
        const row = await getRow(ctx, access, entity, input.template_uuid);
        t = {
          settings_group_uuid: String(row.settings_group_uuid),
          mail: row.mail as MailKey,
          locale: row.locale as Locale,
          subject: String(row.subject),
          body: String(row.body),
        };
      } else {
        assertReach(access, entity, input.settings_group_uuid);
        const { record_uuid: _record, ...typedTemplate } = input;
        t = typedTemplate;
        // the model's own check, as a save runs it
        runValidate(entity, t, t);
      }
      return { data: renderTemplate(t, t.locale, await previewValues(ctx, access, t, input.record_uuid)) };
    },
  );
}
