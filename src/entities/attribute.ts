// A settings group's own field on a model (docs/domain/attributes.md): its key, type, options, labels per language,
// whether it is required or searchable, whether a date's values are a kind of the deadline calendar, its default
// and its place in the form. The values live in each record's `attributes` object and are checked by the engine
// (server/crud/attributes.ts).
import { z } from 'zod';
import { defineEntity, type FieldError } from './define';
import { f } from './fields';
import {
  ATTRIBUTE_MODELS,
  ATTRIBUTE_TYPES,
  MAX_ATTRIBUTE_OPTIONS,
  checkAttributeValue,
  type AttributeDef,
} from '../domain/attributes';

const label = z.string().trim().max(100);
/** A label per language; at least one is written (`labelIn` falls back to the others). */
export const attributeLabelsSchema = z.strictObject({
  de: label.optional(),
  'de-ch': label.optional(),
  'en-us': label.optional(),
});
/** A select's options: a value (what is stored and imported) and a label per language. */
export const attributeOptionsSchema = z
  .array(
    z.strictObject({
      value: z.string().trim().min(1).max(100),
      labels: attributeLabelsSchema.optional(),
    }),
  )
  .max(MAX_ATTRIBUTE_OPTIONS);
/** A default: a value of the attribute's type, checked against it by the model's check below. */
export const attributeDefaultSchema = z.union([
  z.string().max(1_000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(100)).max(MAX_ATTRIBUTE_OPTIONS),
]);

const isSelect = (type: unknown) => type === 'select' || type === 'multi_select';

export const attribute = defineEntity({
  name: 'attribute',
  plural: 'attributes',
  titleField: 'key',
  scope: 'settings_group',
  access: 'admins',
  audit: true,
  fields: {
    model: f.enum(ATTRIBUTE_MODELS, { required: true }),
    key: f.text({ required: true, max: 40, searchable: true, format: 'attribute_key' }),
    type: f.enum(ATTRIBUTE_TYPES, { required: true, default: 'text' }),
    labels: f.json('attribute_labels', { required: true, hidden: false }),
    options: f.json('attribute_options', { default: [] }),
    required: f.bool(),
    searchable: f.bool(),
    /** A date attribute's dates are a kind of the deadline calendar (docs/domain/attributes.md). */
    calendar: f.bool(),
    default: f.json('attribute_default'),
    sort_order: f.int({ required: true, default: 0, min: -10_000, max: 10_000 }),
    section: f.text({ max: 100 }),
    /** The type before the last change of type or options, while it can be undone (server/models/attribute.ts). */
    previous_type: f.enum(ATTRIBUTE_TYPES, { readOnly: true }),
    type_changed_at: f.datetime({ readOnly: true }),
  },
  defaultSort: { field: 'model', then: ['sort_order', 'key'] },
  // a slug key, a label in some language, options exactly for selects (each value once), a default of the type
  validate: (a) => {
    const errors: FieldError[] = [];
    const labels = (a.labels ?? {}) as Record<string, string | undefined>;
    if (!Object.values(labels).some((l) => l?.trim()))
      errors.push({ path: 'labels', key: 'validation.translation_required' });
    const options = (Array.isArray(a.options) ? a.options : []) as { value: string }[];
    if (isSelect(a.type)) {
      if (!options.length) errors.push({ path: 'options', key: 'validation.attribute_options' });
      const seen = new Set<string>();
      for (const [i, o] of options.entries()) {
        if (seen.has(o.value)) errors.push({ path: `options.${i}.value`, key: 'validation.distinct' });
        seen.add(o.value);
      }
    } else if (options.length) errors.push({ path: 'options', key: 'validation.attribute_no_options' });
    if (a.calendar === true && a.type !== 'date')
      errors.push({ path: 'calendar', key: 'validation.attribute_calendar_date' });
    if (a.default != null && typeof a.type === 'string') {
      const checked = checkAttributeValue(a as unknown as AttributeDef, a.default);
      if (!checked.ok)
        errors.push({ path: 'default', key: checked.key, ...(checked.params ? { params: checked.params } : {}) });
    }
    return errors;
  },
});
