// A model's own settings (docs/domain/fields.md, "Model settings"): typed values with defaults, declared as data in
// the model's definition (`settings` in define.ts), one set per settings group. The zod schema of a PATCH and the generic settings form (views/model-settings) are both derived from the
// declaration here; every model has `enabled`. No React, no SQL, no I/O.
import { z } from 'zod';
import { isWritable, type Field } from './fields';
import { valueSchema } from './schemas';
import { COMMON_SETTINGS } from './setting-kinds';
import type { Setting, SettingsBlock, SettingValue } from './setting-kinds';

export * from './setting-kinds';

/** The kinds of field a new record's default value may be given for (docs/domain/fields.md, "Model settings"). */
const DEFAULTABLE = new Set<Field['kind']>([
  'text',
  'long_text',
  'email',
  'phone',
  'int',
  'decimal',
  'money',
  'area',
  'percent',
  'bool',
  'date',
  'enum',
  'ref',
]);

type WithFields = { settings?: SettingsBlock; fields?: Readonly<Record<string, Field>>; numbering?: { field: string } };

/** A field a client writes and the engine stores (not read-only, computed or virtual). */
const ownWritable = (field: Field) => isWritable(field) && !field.virtual;

/** The fields a settings group may give a new record's default value for: writable fields of the kinds above, not
 * unique (a default would be taken once) and not the running number. */
export function defaultableFields(model: WithFields): Record<string, Field> {
  return Object.fromEntries(
    Object.entries(model.fields ?? {}).filter(
      ([name, field]) =>
        ownWritable(field) && DEFAULTABLE.has(field.kind) && !field.unique && name !== model.numbering?.field,
    ),
  );
}

/** The fields a settings group may require beside the model's own required ones: its optional writable fields. */
export const optionalFields = (model: WithFields): string[] =>
  Object.entries(model.fields ?? {})
    .filter(([, field]) => ownWritable(field) && !field.required && field.kind !== 'json')
    .map(([name]) => name);

/**
 * The settings of a model's records that every model with fields has beside `enabled` (docs/domain/fields.md, "Model
 * settings"): a new record's default values, the optional fields the settings group requires, and the shared grid
 * view a user without a layout of the table opens.
 */
export const recordSettings = (model: WithFields) =>
  ({
    default_values: { kind: 'field_values', default: {}, fields: defaultableFields(model) },
    required_fields: {
      kind: 'choice_list',
      default: [],
      options: optionalFields(model),
      min: 0,
      fieldOptions: true,
    },
    default_view: { kind: 'grid_view', default: '' },
  }) as const satisfies SettingsBlock;

/** The record settings of a model's values, typed (`recordSettings`). */
export type RecordSettingsValues = {
  default_values: Record<string, unknown>;
  required_fields: string[];
  default_view: string;
};
export const recordSettingsOf = (values: Readonly<Record<string, unknown>>): RecordSettingsValues => ({
  default_values: (values.default_values as Record<string, unknown> | undefined) ?? {},
  required_fields: (values.required_fields as string[] | undefined) ?? [],
  default_view: (values.default_view as string | undefined) ?? '',
});

/** The values of a model's settings, `enabled` and its own, by key. */
export type SettingsValues<B extends SettingsBlock | undefined> = { enabled: boolean } & ([NonNullable<B>] extends [
  SettingsBlock,
]
  ? { -readonly [K in keyof NonNullable<B>]: SettingValue<NonNullable<B>[K]> }
  : Record<never, never>);

const recordBlocks = new WeakMap<object, SettingsBlock>();

/** Every setting of a model: `enabled` first, then its own in their declared order, then the record settings of a
 * model with fields (`recordSettings`; a workspace section has none). */
export const settingsOf = (model: WithFields): SettingsBlock => {
  if (!model.fields) return { ...COMMON_SETTINGS, ...model.settings };
  let block = recordBlocks.get(model);
  if (!block) recordBlocks.set(model, (block = { ...COMMON_SETTINGS, ...model.settings, ...recordSettings(model) }));
  return block;
};

/** The defaults of all of a model's settings. */
export function settingDefaults(model: WithFields): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(settingsOf(model)).map(([key, setting]) => [
      key,
      Array.isArray(setting.default)
        ? [...(setting.default as unknown[])]
        : typeof setting.default === 'object'
          ? { ...setting.default }
          : setting.default,
    ]),
  );
}

/** The zod schema of one setting's value (the messages come from the API's error mapping, as for fields). */
export function settingSchema(setting: Setting): z.ZodType {
  switch (setting.kind) {
    case 'bool':
      return z.boolean();
    case 'int':
      return z.number().int().min(setting.min).max(setting.max);
    case 'text':
      return z.string().trim().max(setting.max);
    case 'int_list':
      return z
        .array(z.number().int().min(setting.min).max(setting.max))
        .max(setting.maxItems)
        .refine((list) => new Set(list).size === list.length, 'errors.distinct');
    case 'choice':
      return z.enum(setting.options as [string, ...string[]]);
    case 'choice_list':
      return z
        .array(z.enum(setting.options as [string, ...string[]]))
        .min(setting.min)
        .max(setting.options.length)
        .refine((list) => new Set(list).size === list.length, 'errors.distinct');
    case 'field_values':
      // each value checked as a write checks it; null is no default (leave the key out)
      return z.strictObject(
        Object.fromEntries(
          Object.entries(setting.fields).map(([name, field]) => [name, valueSchema(field).optional()]),
        ),
      );
    case 'grid_view':
      return z.union([z.literal(''), z.uuid()]);
  }
}

/** A PATCH of a model's settings: only known keys, each optional (only the keys it changes). */
export const settingsPatchSchema = (model: WithFields) =>
  z.strictObject(
    Object.fromEntries(
      Object.entries(settingsOf(model)).map(([key, setting]) => [key, settingSchema(setting).optional()]),
    ),
  );

/** Stored values read back: each known key whose stored value still fits its setting, else its default (a setting
 * whose limits were narrowed since it was saved reads as its default rather than failing the read). */
export function settingValues(model: WithFields, stored: unknown): Record<string, unknown> {
  const values = settingDefaults(model);
  const saved =
    stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  for (const [key, setting] of Object.entries(settingsOf(model))) {
    if (!Object.hasOwn(saved, key)) continue;
    const parsed = settingSchema(setting).safeParse(saved[key]);
    if (parsed.success) values[key] = parsed.data;
  }
  return values;
}
