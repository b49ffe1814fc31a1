// A settings group's named set of values for new records of a model (docs/domain/record-templates.md): "Gas boiler"
// fills a facility's renewal group, lifetime and three attributes. A create, a bulk row or an import row naming the
// template starts from its values; the record's own values win. The values are checked like a record's by the
// server (server/models/record-template.ts).
import { z } from 'zod';
import { defineEntity, type AnyEntity } from './define';
import { f, isWritable } from './fields';
import { ATTRIBUTE_MODELS } from '../domain/attributes';

/** At most this many values in a template (a model's fields and its attributes). */
export const MAX_TEMPLATE_VALUES = 300;

/** A template's values: field name → API value, and `attributes` → attribute key → value, as a create's body. */
export const recordTemplateValuesSchema = z
  .record(z.string().max(100), z.unknown())
  .refine((v) => Object.keys(v).length <= MAX_TEMPLATE_VALUES, { message: 'too many values' });

export const recordTemplate = defineEntity({
  name: 'record_template',
  plural: 'record-templates',
  titleField: 'name',
  scope: 'settings_group',
  audit: true,
  fields: {
    model: f.enum(ATTRIBUTE_MODELS, { required: true }),
    name: f.text({ required: true, max: 120, searchable: true }),
    description: f.text({ max: 500 }),
    values: f.json('record_template_values', { required: true, default: {} }),
  },
  defaultSort: { field: 'model', then: ['name'] },
});

/** The fields a template may fill: the model's writable fields but its settings group, a unique field and its running
 * number (each record has its own). */
export function templateFieldNames(entity: AnyEntity): string[] {
  return Object.entries(entity.fields)
    .filter(
      ([name, field]) =>
        isWritable(field) && !field.unique && name !== 'settings_group_uuid' && name !== entity.numbering?.field,
    )
    .map(([name]) => name);
}

/** A template's values as a form's draft: its fields, and its attributes as the flat keys `attributes.<key>`. */
export function templateDraft(values: unknown): Record<string, unknown> {
  if (!values || typeof values !== 'object' || Array.isArray(values)) return {};
  const { attributes, ...fields } = values as Record<string, unknown>;
  const flat: Record<string, unknown> = { ...fields };
  if (attributes && typeof attributes === 'object' && !Array.isArray(attributes))
    for (const [key, value] of Object.entries(attributes)) flat[`attributes.${key}`] = value;
  return flat;
}

/** A form's draft as a template's values: the flat `attributes.<key>` back into `attributes`; empty values left out. */
export function draftValues(draft: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const attributes: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(draft)) {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length)) continue;
    if (name.startsWith('attributes.')) attributes[name.slice('attributes.'.length)] = value;
    else out[name] = value;
  }
  if (Object.keys(attributes).length) out.attributes = attributes;
  return out;
}
