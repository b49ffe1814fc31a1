// The schemas `json` fields name (src/entities/fields.ts, `f.json('rights')`): one zod schema per name, checked inside
// the depth and size limits of free JSON (src/entities/json.ts). A definition names its schema, so definitions stay
// data and import no validation code.
import type { z } from 'zod';
import { rightsSchema } from './permissions';
import { filterJson } from './access-rules';
import { gridViewQuerySchema, notificationTranslations } from './account';
import { webhookEventsSchema } from './webhook';
import { exportRecipientsSchema } from './scheduled-export';
import { attributeDefaultSchema, attributeLabelsSchema, attributeOptionsSchema } from './attribute';
import { recordTemplateValuesSchema } from './record-template';

export const JSON_SCHEMAS = {
  /** A permission group's rights: model name → the actions granted on it (docs/domain/permissions.md). */
  rights: rightsSchema,
  /** A stored filter's conditions, as a list query's filter (docs/domain/permissions.md, "Access rules"); the model's
   * own filter fields are checked by the model's hooks. */
  filter: filterJson,
  /** A saved view's query of its table: sort, filters, search, status limiter (docs/domain/preferences.md). */
  grid_view_query: gridViewQuerySchema,
  /** A system notification's text per language (docs/domain/notifications.md, "System notifications"). */
  notification_translations: notificationTranslations,
  /** A webhook's events, `<model>.<change>` (docs/domain/webhooks.md). */
  webhook_events: webhookEventsSchema,
  /** A scheduled export's recipients: members by user uuid (docs/domain/scheduled-exports.md). */
  scheduled_export_recipients: exportRecipientsSchema,
  /** An attribute's label per language, its select options, its default (docs/domain/attributes.md). */
  attribute_labels: attributeLabelsSchema,
  attribute_options: attributeOptionsSchema,
  attribute_default: attributeDefaultSchema,
  /** A record template's values for new records of its model (docs/domain/record-templates.md). */
  record_template_values: recordTemplateValuesSchema,
} satisfies Record<string, z.ZodType>;

export type JsonSchemaName = keyof typeof JSON_SCHEMAS;

export function jsonSchemaOf(name: string): z.ZodType {
  if (!Object.hasOwn(JSON_SCHEMAS, name)) throw new Error(`no JSON schema named ${name}`);
  return JSON_SCHEMAS[name as JsonSchemaName];
}
