// The kinds of a model's settings and their constructors (docs/domain/fields.md, "Model settings"): the data a model's
// definition declares its `settings` with. A leaf the definitions import (src/entities/model-settings.ts derives the
// schemas and the defaults, and imports the definitions' schemas: importing it from a definition would be a cycle).
import type { Field } from './fields';

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
  /** The options are the model's field names: the form labels them with the fields' labels (`required_fields`). */
  fieldOptions?: true;
};

/** Values for some of a model's fields, each checked by its field's schema (a new record's `default_values`). */
export type FieldValuesSetting = SettingBase & {
  kind: 'field_values';
  default: Readonly<Record<string, unknown>>;
  fields: Readonly<Record<string, Field>>;
};

/** A shared saved grid view of the model's table in the settings group, or '' for none (`default_view`). */
export type GridViewSetting = SettingBase & { kind: 'grid_view'; default: '' };

export type Setting =
  | BoolSetting
  | IntSetting
  | TextSetting
  | IntListSetting
  | ChoiceSetting
  | ChoiceListSetting
  | FieldValuesSetting
  | GridViewSetting;
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
            : S extends FieldValuesSetting
              ? Record<string, unknown>
              : S extends GridViewSetting
                ? string
                : never;

/** What every model has: whether the module is switched on in the settings group (docs/domain/fields.md,
 * "Model settings"). */
export const COMMON_SETTINGS = { enabled: s.bool(true) } as const satisfies SettingsBlock;
