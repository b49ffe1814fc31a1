// E-mail templates (docs/domain/email-templates.md): one per mail and language in a settings group. A second live one
// is a 422 on `locale`, checked in the write's transaction under a lock per settings group, so two writes at the same
// moment (a paste, an import) take turns.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { entities } from '../../src/entities/registry';
import type { ModelBehaviour } from '../crud/model-behaviour';
import { col, tableOf } from '../crud/table';
import { fieldError } from '../http-error';

const template = entities.email_template;

export const emailTemplateModel: ModelBehaviour = {
  hooks: {
    beforeWrite: async (h, merged, changes, current) => {
      if (current && !('mail' in changes) && !('locale' in changes)) return;
      await h.db.execute(
        sql`select pg_advisory_xact_lock(hashtext('email_templates'), hashtext(${h.settingsGroup}::text))`,
      );
      const [taken] = await h.db
        .select({ uuid: col(template, 'uuid') })
        .from(tableOf(template))
        .where(
          and(
            eq(col(template, 'settings_group_uuid'), h.settingsGroup),
            eq(col(template, 'mail'), String(merged.mail)),
            eq(col(template, 'locale'), String(merged.locale)),
            isNull(col(template, 'deleted_at')),
            isNull(col(template, 'archived_at')),
            current ? ne(col(template, 'uuid'), String(current.uuid)) : undefined,
          ),
        )
        .limit(1);
      if (taken) throw fieldError('locale', 'validation.email_template_taken');
    },
  },
};
