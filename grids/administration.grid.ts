// The administration tables of a settings group that have a grid page (settings pages, admins only): user groups,
// their members as chips, pasted and imported by name or e-mail (refs-cells.ts); the groups of stored filters; the
// e-mail templates; the superusers' account mail templates.
import { filterGroup, userGroup } from '../src/entities/administration';
import { emailTemplate } from '../src/entities/email-template';
import { accountEmailTemplate } from '../src/entities/account-email-template';
import { attribute } from '../src/entities/attribute';
import { recordTemplate } from '../src/entities/record-template';
import { defineGrid } from './define-grid';

export const userGroupsGrid = defineGrid(userGroup, {
  columns: ['name', 'member_uuids'],
  card: ['member_uuids'],
});

export const filterGroupsGrid = defineGrid(filterGroup, { columns: ['name', 'description'] });

const templateColumns = {
  columns: ['mail', 'locale', 'subject', 'updated_at'],
  card: ['locale', 'subject'],
} as const;

export const emailTemplatesGrid = defineGrid(emailTemplate, templateColumns);

/** The account mails' wording, the superusers' (docs/domain/email-templates.md, "Account mails"). */
export const accountEmailTemplatesGrid = defineGrid(accountEmailTemplate, templateColumns);

/** A settings group's attributes of every model (docs/domain/attributes.md). */
export const attributesGrid = defineGrid(attribute, {
  columns: ['model', 'key', 'type', 'required', 'searchable', 'calendar', 'sort_order', 'section'],
  card: ['model', 'type'],
});

/** A settings group's record templates of every model (docs/domain/record-templates.md). */
export const recordTemplatesGrid = defineGrid(recordTemplate, {
  columns: ['model', 'name', 'description', 'updated_at'],
  card: ['model', 'description'],
});
