// System notifications (docs/domain/notifications.md, "System notifications"): messages from the operator to every
// user, a global superusers' table (no settings group; superusers with confirmed 2FA write it). Each keeps the
// number the API has always named it by (`id`, numbered by the database) beside its uuid, and its publication window
// travels as yyyy-MM-dd HH:mm:ss in UTC (docs/decisions.md, "System notifications on the records engine"). Every
// signed-in user reads the published ones and marks them read (server/routes/system-notifications.routes.ts).
import { NOTIFICATION_TYPES } from './account';
import { defineEntity } from './define';
import { f } from './fields';

export const systemNotification = defineEntity({
  name: 'system_notification',
  plural: 'system-notifications',
  titleField: 'title',
  scope: 'global',
  access: 'superusers',
  fields: {
    id: f.int({ readOnly: true, serial: true }),
    type: f.enum(NOTIFICATION_TYPES, { required: true }),
    publish_at: f.datetime({ required: true, stamp: true }),
    publish_until: f.datetime({ stamp: true }),
    /** The text per language (`{ <locale>: { title, body } }`, at least one). */
    translations: f.json('notification_translations', { required: true }),
    /** The title in the first language it has (en-us, de, de-ch), stored on each write: what a search finds. */
    title: f.text({ readOnly: true, searchable: true, max: 200 }),
  },
  validate: (r) =>
    r.publish_until != null &&
    r.publish_at != null &&
    new Date(r.publish_until as string).getTime() <= new Date(r.publish_at as string).getTime()
      ? [{ path: 'publish_until', key: 'validation.publish_until_before' }]
      : [],
  defaultSort: { field: 'publish_at', descending: true },
  indexes: [['id']],
});
