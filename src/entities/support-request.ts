// Support requests (docs/domain/support-requests.md): a user's question to the operator of the installation. They
// belong to the user who wrote them, not to a settings group: a global model owned by its creator (`access:
// 'owners'`, docs/domain/permissions.md, "Scopes and access of a model"), which each user reaches for their own
// requests and superusers with confirmed 2FA for every one. The status moves by actions only (docs/domain/states.md).
// Not a webhook model (src/entities/administration.ts, RECORD_MODELS): webhooks belong to a settings group and hear
// of its members' tables, and a support request belongs to none.
import { defineEntity } from './define';
import { f } from './fields';
import { SUPPORT_REQUEST_STATES } from '../domain/transitions';

export const supportRequest = defineEntity({
  name: 'support_request',
  plural: 'support-requests',
  titleField: 'subject',
  scope: 'global',
  access: 'owners',
  audit: true,
  fields: {
    subject: f.text({ required: true, max: 200, searchable: true }),
    /** Stored as written, shown as text (never as HTML). */
    description: f.longText({ required: true, max: 20_000, searchable: true }),
    /** The app's path the user was on when they opened the form: a path of this app only, never another origin. */
    page: f.text({ max: 500, format: 'app_path' }),
    status: f.enum(SUPPORT_REQUEST_STATES, { default: 'open', required: true, readOnly: true }),
    /** The requester's name, for the superusers' list (read with the row from the owning user). */
    requester_name: f.text({ computed: true, virtual: true }),
    answer: f.longText({ readOnly: true, hidden: false }),
    answered_at: f.datetime({ readOnly: true }),
    answered_by: f.text({ readOnly: true, max: 200 }),
  },
  status: { field: 'status', active: ['open', 'answered'] },
});
