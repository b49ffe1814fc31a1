// A settings group's own wording of a mail the product sends (docs/domain/email-templates.md): per mail and language a
// subject and a body with the mail's placeholders; without one, the product's built-in text is sent.
import { LOCALES } from './account';
import { defineEntity, type FieldError } from './define';
import { f } from './fields';
import { MAIL_KEYS, MAIL_PLACEHOLDERS, placeholdersIn, unknownPlaceholder } from '../domain/mail-templates';

/** A template's fields: which mail (one of `mails`), its language, subject and body. */
export const templateFields = <M extends string>(mails: readonly M[]) => ({
  mail: f.enum(mails, { required: true }),
  locale: f.enum(LOCALES, { required: true }),
  subject: f.text({ required: true, max: 200, searchable: true }),
  body: f.longText({ required: true, max: 20_000 }),
});

/**
 * A template's check against its mails' placeholder lists: a placeholder the mail does not have is refused by name;
 * a mail with a link must keep it in its body.
 */
export const templateCheck =
  (placeholders: Readonly<Record<string, readonly string[]>>) =>
  (t: Readonly<Record<string, unknown>>): FieldError[] => {
    const mail = typeof t.mail === 'string' ? t.mail : undefined;
    if (!mail || !Object.hasOwn(placeholders, mail)) return [];
    const known = placeholders[mail]!;
    const errors: FieldError[] = [];
    for (const path of ['subject', 'body'] as const) {
      const text = typeof t[path] === 'string' ? (t[path] as string) : '';
      const unknown = unknownPlaceholder(known, text);
      if (unknown !== null)
        errors.push({
          path,
          key: 'validation.unknown_placeholder',
          params: { name: `{{${unknown}}}`, names: known.map((n) => `{{${n}}}`).join(', ') },
        });
    }
    if (typeof t.body === 'string' && !placeholdersIn(t.body).includes('link'))
      errors.push({ path: 'body', key: 'validation.link_placeholder', params: { name: '{{link}}' } });
    return errors;
  };

export const emailTemplate = defineEntity({
  name: 'email_template',
  plural: 'email-templates',
  titleField: 'subject',
  scope: 'settings_group',
  access: 'admins',
  audit: true,
  fields: templateFields(MAIL_KEYS),
  defaultSort: { field: 'mail' },
  validate: templateCheck(MAIL_PLACEHOLDERS),
});
