// The values a template's preview is rendered with (docs/domain/email-templates.md, "Preview"): a real record of the
// settings group the admin picks, read in their scope, filled in by the same builder the mail itself uses, so the
// preview reads as the mail would. The recipient is the admin (their name and date format); a link that would carry
// a secret (an order's public page, an invitation, a deletion's confirmation) shows its address with `…` in place of
// the token, and no token is made. An invitation needs no record: the settings group and the admin give its values.
import { eq, sql } from 'drizzle-orm';
import type { Locale } from '../../src/entities/account';
import { entities } from '../../src/entities/registry';
import { MAIL_RECORD, SAMPLE_VALUES, type MailKey, type MailValues } from '../../src/domain/mail-templates';
import type { AppContext } from '../context';
import type { Access } from '../crud/access';
import { getRow } from '../crud/read';
import type { Row } from '../crud/present';
import { rowsOf } from '../crud/table';
import { task } from '../db/entity-tables';
import { settingsGroups } from '../db/schema';
import { HttpError, fieldError } from '../http-error';
import { guaranteeReminderMail } from './guarantee-mail';
import { invitationMail } from './invitation-mail';
import { orderMail } from './order-mail';
import { propertyDeleteMail } from './property-delete-mail';
import { taskReminderMail } from './task-mail';
import { INVITATION_DAYS } from '../services/invitations.service';

const DAY = 86_400_000;
const HIDDEN_TOKEN = '…';
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

/** The name of a record the picked one refers to (its property, contractor, guarantor, facility), '' without. */
async function nameOf(ctx: AppContext, table: 'contacts' | 'properties' | 'facilities', column: string, uuid: unknown) {
  if (typeof uuid !== 'string') return '';
  const [row] = rowsOf<{ name: string | null }>(
    await ctx.db.execute(
      sql`select ${sql.identifier(column)} as name from ${sql.identifier(table)} where uuid = ${uuid} limit 1`,
    ),
  );
  return row?.name ?? '';
}

/** The record a preview is rendered with: read in the caller's scope and of the template's settings group, else a
 * 422 on `record_uuid` (a record hidden from the caller reads as one that does not exist). */
async function pickedRecord(ctx: AppContext, access: Access, model: string, uuid: string, settingsGroup: string) {
  let row: Row;
  try {
    row = await getRow(ctx, access, entities[model as keyof typeof entities], uuid);
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 403))
      throw fieldError('record_uuid', 'validation.ref_not_found');
    throw error;
  }
  if (row.settings_group_uuid !== settingsGroup) throw fieldError('record_uuid', 'validation.ref_not_found');
  return row;
}

/** A template's preview values: the picked record's, the settings group's for an invitation, else the samples. */
export async function previewValues(
  ctx: AppContext,
  access: Access,
  t: { settings_group_uuid: string; mail: MailKey; locale: Locale },
  recordUuid: string | undefined,
): Promise<MailValues> {
  const model = MAIL_RECORD[t.mail];
  if (model && !recordUuid) return SAMPLE_VALUES[t.mail];
  const { user } = access;
  const me = { email: user.email, name: `${user.first_name} ${user.last_name}`.trim(), locale: t.locale };
  const dateFormat = user.date_format;
  const today = access.today ?? new Date().toISOString().slice(0, 10);
  const [group] = await ctx.db
    .select({ name: settingsGroups.name })
    .from(settingsGroups)
    .where(eq(settingsGroups.uuid, t.settings_group_uuid));
  const groupName = group?.name ?? '';
  const url = (path: string) => `${ctx.config.appUrl}/${path}`;
  if (!model || !recordUuid) {
    const expires = new Date(Date.parse(today) + INVITATION_DAYS * DAY).toISOString().slice(0, 10);
    const from = { ...me, dateFormat };
    return invitationMail(me.email, from, groupName, expires, url(`invitations/${HIDDEN_TOKEN}`)).templating.values;
  }
  const row = await pickedRecord(ctx, access, model, recordUuid, t.settings_group_uuid);
  switch (t.mail) {
    case 'order': {
      const name = await nameOf(ctx, 'contacts', 'display_name', row.contact_uuid);
      const to = { email: '', name, language: t.locale };
      const order = { title: String(row.title), sender: groupName };
      return orderMail(to, order, url(`public/order/${HIDDEN_TOKEN}`)).templating.values;
    }
    case 'guarantee': {
      const end = String(row.end_date);
      const guarantee = {
        title: String(row.title),
        property: await nameOf(ctx, 'properties', 'name', row.property_uuid),
        guarantor: await nameOf(ctx, 'contacts', 'display_name', row.guarantor_uuid),
        endDate: end,
        daysLeft: daysBetween(today, end),
      };
      const link = url(`${entities.guarantee.plural}/${recordUuid}`);
      return guaranteeReminderMail({ ...me, dateFormat }, guarantee, link).templating.values;
    }
    case 'property_delete': {
      const link = url(`property-delete-requests/confirm/${HIDDEN_TOKEN}`);
      return propertyDeleteMail(me, String(row.name), groupName, link).templating.values;
    }
    case 'task': {
      const [owner] = await ctx.db
        .select({ title: task.title, facility: task.facility_uuid })
        .from(task)
        .where(eq(task.uuid, String(row.task_uuid)));
      const due = String(row.due_date);
      const reminder = {
        title: owner?.title ?? '',
        property: await nameOf(ctx, 'properties', 'name', row.property_uuid),
        facility: await nameOf(ctx, 'facilities', 'name', owner?.facility),
        dueDate: due,
        daysLeft: daysBetween(today, due),
      };
      const link = url(`${entities.task.plural}/${String(row.task_uuid)}`);
      return taskReminderMail({ ...me, dateFormat }, reminder, link).templating.values;
    }
    default:
      return SAMPLE_VALUES[t.mail];
  }
}
