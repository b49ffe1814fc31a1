// A settings group's own wording of a mail the product sends (docs/domain/email-templates.md): per mail and language a
// subject and a body with the mail's placeholders; without one, the product's built-in text is sent.
import { LOCALES } from './account';
import { defineEntity, type FieldError } from './define';
import { f } from './fields';
import {
  MAIL_KEYS,
  MAIL_PLACEHOLDERS,
  placeholdersIn,
  unknownPlaceholder,
  type MailKey,
} from '../domain/mail-templates';

export const emailTemplate = defineEntity({
  name: 'email_template',
  plural: 'email-templates',
  titleField: 'subject',
  scope: 'settings_group',
  access: 'admins',
  audit: true,
  fields: {
    mail: f.enum(MAIL_KEYS, { required: true }),
    locale: f.enum(LOCALES, { required: true }),
    subject: f.text({ required: true, max: 200, searchable: true }),
    body: f.longText({ required: true, max: 20_000 }),
  },
  defaultSort: { field: 'mail' },
  // a placeholder the mail does not have is refused by name; a mail with a link must keep it in its body
  validate: (t) => {
    const mail = t.mail as MailKey | undefined;
    if (!mail || !Object.hasOwn(MAIL_PLACEHOLDERS, mail)) return [];
    const errors: FieldError[] = [];
    for (const path of ['subject', 'body'] as const) {
      const text = typeof t[path] === 'string' ? (t[path] as string) : '';
      const unknown = unknownPlaceholder(mail, text);
      if (unknown !== null)
        errors.push({
          path,
          key: 'validation.unknown_placeholder',
          params: { name: `{{${unknown}}}`, names: MAIL_PLACEHOLDERS[mail].map((n) => `{{${n}}}`).join(', ') },
        });
    }
    if (typeof t.body === 'string' && !placeholdersIn(t.body).includes('link'))
      errors.push({ path: 'body', key: 'validation.link_placeholder', params: { name: '{{link}}' } });
    return errors;
  },
});
