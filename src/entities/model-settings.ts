// A model's own settings (docs/domain/fields.md, "Model settings"): typed values with defaults, declared as data in
// the model's definition (`settings` in define.ts), one set per settings group. The zod schema of a PATCH and the generic settings form (views/model-settings) are both derived from the
// declaration here; every model has `enabled`. No React, no SQL, no I/O.
import { z } from 'zod';

/** What every kind may declare: `overriddenBy`, another setting of the model that, when set (not empty, not off),
 * takes this one's place (a canton's preset over the threshold it implies); the form then shows this one disabled. */
type SettingBase = { overriddenBy?: string };
export type BoolSetting = SettingBase & { kind: 'bool'; default: boolean };
export type IntSetting = SettingBase & { kind: 'int'; default: number; min: number; max: number };
export type TextSetting = SettingBase & { kind: 'text'; default: string; max: number };
/** A list of distinct whole numbers (a guarantee's reminder stages in days before its end). */
export type IntListSetting = SettingBase & {
  kind: 'int_list';
  default: readonly number[];
  min: number;
  max: number;
  maxItems: number;
};

/** One of a fixed list of values ('' among them when the setting may be left unset): drawn as a select. */
export type ChoiceSetting = SettingBase & { kind: 'choice'; default: string; options: readonly string[] };

/** Some of a fixed list of values, none twice, at least `min` (the languages a settings group offers). */
export type ChoiceListSetting = SettingBase & {
  kind: 'choice_list';
  default: readonly string[];
  options: readonly string[];
  min: number;
};

export type Setting = BoolSetting | IntSetting | TextSetting | IntListSetting | ChoiceSetting | ChoiceListSetting;
export type SettingKind = Setting['kind'];
export type SettingsBlock = Readonly<Record<string, Setting>>;

/** Setting constructors: `s.bool(true)`, `s.int({ default: 1, min: 1, max: 999 })`, `s.intList({ … })`. */
export const s = {
  bool: (value: boolean): BoolSetting => ({ kind: 'bool', default: value }),
  int: (o: Omit<IntSetting, 'kind'>): IntSetting => ({ kind: 'int', ...o }),
  text: (o: Omit<TextSetting, 'kind'>): TextSetting => ({ kind: 'text', ...o }),
  intList: (o: Omit<IntListSetting, 'kind'>): IntListSetting => ({ kind: 'int_list', ...o }),
  choice: (o: Omit<ChoiceSetting, 'kind'>): ChoiceSetting => ({ kind: 'choice', ...o }),
  choiceList: (o: Omit<ChoiceListSetting, 'kind'>): ChoiceListSetting => ({ kind: 'choice_list', ...o }),
};

/** The largest running number (a 32-bit counter, ten digits at most beside a prefix of up to 20). */
export const NUMBER_MAX = 999_999_999;

/**
 * The settings of a model with a running number (`numbering` in define.ts; docs/domain/fields.md, "Model
 * settings"): a new record's number is the prefix and the next number, five digits at least (T-00001).
 */
export const numberingSettings = (prefix: string) =>
  ({
    numbering_prefix: s.text({ default: prefix, max: 20 }),
    next_number: s.int({ default: 1, min: 1, max: NUMBER_MAX }),
  }) as const;

/** The value type of one setting. */
export type SettingValue<S extends Setting> = S extends BoolSetting
  ? boolean
  : S extends IntSetting
    ? number
    : S extends TextSetting
      ? string
      : S extends IntListSetting
        ? number[]
        : S extends ChoiceSetting
          ? string
          : S extends ChoiceListSetting
            ? string[]
            : never;

/** What every model has: whether the module is switched on in the settings group (docs/domain/fields.md,
 * "Model settings"). */
export const COMMON_SETTINGS = { enabled: s.bool(true) } as const satisfies SettingsBlock;

/** The values of a model's settings, `enabled` and its own, by key. */
export type SettingsValues<B extends SettingsBlock | undefined> = { enabled: boolean } & ([NonNullable<B>] extends [
  SettingsBlock,
]
  ? { -readonly [K in keyof NonNullable<B>]: SettingValue<NonNullable<B>[K]> }
  : Record<never, never>);

/** Every setting of a model: `enabled` first, then its own in their declared order. */
export const settingsOf = (model: { settings?: SettingsBlock }): SettingsBlock => ({
  ...COMMON_SETTINGS,
  ...model.settings,
});

/** The defaults of all of a model's settings. */
export function settingDefaults(model: { settings?: SettingsBlock }): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(settingsOf(model)).map(([key, setting]) => [
      key,
      Array.isArray(setting.default) ? [...(setting.default as unknown[])] : setting.default,
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
  }
}

/** A PATCH of a model's settings: only known keys, each optional (only the keys it changes). */
export const settingsPatchSchema = (model: { settings?: SettingsBlock }) =>
  z.strictObject(
    Object.fromEntries(
      Object.entries(settingsOf(model)).map(([key, setting]) => [key, settingSchema(setting).optional()]),
    ),
  );

/** Stored values read back: each known key whose stored value still fits its setting, else its default (a setting
 * whose limits were narrowed since it was saved reads as its default rather than failing the read). */
export function settingValues(model: { settings?: SettingsBlock }, stored: unknown): Record<string, unknown> {
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
