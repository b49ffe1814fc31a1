// The superusers' wording of the account mails (docs/domain/email-templates.md, "Account mails"): address
// verification, password reset, account deletion and the two-factor unlock belong to a person, not to a settings
// group, so their templates are a global superusers' table (docs/decisions.md, "Account mails as a superusers'
// table"). Per mail and language a subject and a body; without one, the built-in text is sent.
import { defineEntity } from './define';
import { templateCheck, templateFields } from './email-template';
import { ACCOUNT_MAIL_KEYS, ACCOUNT_MAIL_PLACEHOLDERS } from '../domain/mail-templates';

export const accountEmailTemplate = defineEntity({
  name: 'account_email_template',
  plural: 'account-email-templates',
  titleField: 'subject',
  scope: 'global',
  access: 'superusers',
  audit: true,
  fields: templateFields(ACCOUNT_MAIL_KEYS),
  defaultSort: { field: 'mail' },
  validate: templateCheck(ACCOUNT_MAIL_PLACEHOLDERS),
});
