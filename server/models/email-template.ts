// E-mail templates (docs/domain/email-templates.md): one per mail and language in a settings group, and one per
// account mail and language among the superusers' account mail templates. A second live one is a 422 on `locale`,
// checked in the write's transaction under a lock per settings group (crud/live-unique.ts; one lock for the global
// account mails), so two writes at the same moment (a paste, an import) take turns.
import { and, eq } from 'drizzle-orm';
import type { AnyEntity } from '../../src/entities/define';
import { entities } from '../../src/entities/registry';
import type { ModelBehaviour } from '../crud/model-behaviour';
import { col } from '../crud/table';
import { liveTaken } from '../crud/live-unique';
import { fieldError } from '../http-error';

/** The behaviour of a model of templates: one live template per mail and language. */
const onePerMailAndLanguage = (template: AnyEntity): ModelBehaviour => ({
  hooks: {
    beforeWrite: async (h, merged, changes, current) => {
      if (current && !('mail' in changes) && !('locale' in changes)) return;
      const match = and(
        eq(col(template, 'mail'), String(merged.mail)),
        eq(col(template, 'locale'), String(merged.locale)),
      )!;
      if (await liveTaken(h, template, match, current ? String(current.uuid) : null))
        throw fieldError('locale', 'validation.email_template_taken');
    },
  },
});

export const emailTemplateModel = onePerMailAndLanguage(entities.email_template);
export const accountEmailTemplateModel = onePerMailAndLanguage(entities.account_email_template);
