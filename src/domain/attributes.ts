// Custom attributes (docs/domain/attributes.md): the fields a settings group adds to a model, their types, and how a
// value of each type is checked and stored in the record's `attributes` object. Pure: the server, the grid and the
// forms share it.
import type { Field } from '../entities/fields';
import { fromCell, type CellContext, type CellValue } from './cells';

/** The models a settings group may add attributes to, by model name. */
export const ATTRIBUTE_MODELS = [
  'property',
  'partition',
  'area',
  'facility',
  'document',
  'contact',
  'contract',
  'guarantee',
  'measurement',
  'ticket',
  'task',
  'budget',
  'bill',
] as const;
export type AttributeModel = (typeof ATTRIBUTE_MODELS)[number];
export const isAttributeModel = (name: string): name is AttributeModel =>
  (ATTRIBUTE_MODELS as readonly string[]).includes(name);

export const ATTRIBUTE_TYPES = [
  'text',
  'long_text',
  'int',
  'decimal',
  'money',
  'date',
  'bool',
  'select',
  'multi_select',
] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** A key: a slug of lower-case letters, digits and underscores, starting with a letter, at most 40 characters. */
export const ATTRIBUTE_KEY = /^[a-z][a-z0-9_]{0,39}$/;
/** At most this many live attributes per model in a settings group (a form and a grid stay usable). */
export const MAX_ATTRIBUTES_PER_MODEL = 100;
/** At most this many options per select, each value at most 100 characters. */
export const MAX_ATTRIBUTE_OPTIONS = 200;
export const MAX_TEXT = { text: 1_000, long_text: 20_000 } as const;
/** Numbers stay within what a JSON number carries exactly to the cent. */
export const MAX_NUMBER = 1e12;
const SCALE = { decimal: 4, money: 2 } as const;

export type AttributeLabels = Partial<Record<'de' | 'de-ch' | 'en-us', string>>;
export interface AttributeOption {
  value: string;
  labels?: AttributeLabels;
}

/** What the engine and the clients know of an attribute. */
export interface AttributeDef {
  uuid?: string;
  settings_group_uuid?: string;
  model: string;
  key: string;
  type: AttributeType;
  required?: boolean | null;
  searchable?: boolean | null;
  default?: unknown;
  options?: AttributeOption[] | null;
  labels?: AttributeLabels | null;
  section?: string | null;
  sort_order?: number | null;
  /** A date attribute's dates are a kind of the deadline calendar (src/domain/calendar-kinds.ts). */
  calendar?: boolean | null;
}

/** A value checked: the stored value, or the message key of what is wrong with it. */
export type Checked =
  { ok: true; value: unknown } | { ok: false; key: string; params?: Record<string, string | number> };

const fail = (key: string, params?: Record<string, string | number>): Checked => ({
  ok: false,
  key,
  ...(params ? { params } : {}),
});
const ok = (value: unknown): Checked => ({ ok: true, value });

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function realDate(s: string) {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1800 || y > 9999) return false;
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** Text a PostgreSQL jsonb value can hold: no NUL, no lone surrogate. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const storable = (s: string) => !s.includes('\u0000') && !LONE_SURROGATE.test(s);

function number(def: AttributeDef, v: unknown): Checked {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isFinite(n)) return fail(def.type === 'int' ? 'validation.integer' : 'validation.decimal');
  if (Math.abs(n) >= MAX_NUMBER) return fail('validation.decimal_digits');
  if (def.type === 'int') return Number.isInteger(n) ? ok(n) : fail('validation.integer');
  const scale = SCALE[def.type as keyof typeof SCALE];
  const text = typeof v === 'string' ? v.trim() : String(v);
  const decimals = text.includes('e') ? 99 : (text.split('.')[1]?.length ?? 0);
  if (decimals > scale) return fail('validation.decimal_scale');
  return ok(n);
}

/**
 * Checks one value of an attribute as a request sends it and answers what is stored: text as text, numbers as JSON
 * numbers (a decimal string is taken too), a day as `YYYY-MM-DD`, a yes/no as a boolean, a select's option value, a
 * multi-select's values in the options' order. `null` (or an empty text or list) clears it.
 */
export function checkAttributeValue(def: AttributeDef, v: unknown): Checked {
  if (v === null || v === '' || (Array.isArray(v) && v.length === 0)) return ok(null);
  switch (def.type) {
    case 'text':
    case 'long_text': {
      if (typeof v !== 'string') return fail('validation.string');
      if (!storable(v)) return fail('validation.unstorable_text');
      const max = MAX_TEXT[def.type];
      return v.length > max ? fail('validation.max_string', { max }) : ok(v);
    }
    case 'int':
    case 'decimal':
    case 'money':
      return number(def, v);
    case 'date':
      return typeof v === 'string' && realDate(v) ? ok(v) : fail('validation.date');
    case 'bool':
      return typeof v === 'boolean' ? ok(v) : fail('validation.boolean');
    case 'select': {
      const values = optionValues(def);
      return typeof v === 'string' && values.includes(v)
        ? ok(v)
        : fail('validation.attribute_option', { options: values.join(', ') });
    }
    case 'multi_select': {
      const values = optionValues(def);
      if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || !values.includes(x)))
        return fail('validation.attribute_option', { options: values.join(', ') });
      return ok(values.filter((x) => v.includes(x)));
    }
  }
}

export const optionValues = (def: AttributeDef) => (def.options ?? []).map((o) => o.value);

const LABEL_ORDER = {
  de: ['de', 'de-ch', 'en-us'],
  'de-ch': ['de-ch', 'de', 'en-us'],
  'en-us': ['en-us', 'de', 'de-ch'],
} as const;

/** A label in the user's language, else in the nearest one written, else the key (or the option's value). */
export function labelIn(labels: AttributeLabels | null | undefined, locale: string, fallback: string): string {
  const order = LABEL_ORDER[locale as keyof typeof LABEL_ORDER] ?? LABEL_ORDER['en-us'];
  for (const l of order) {
    const text = labels?.[l]?.trim();
    if (text) return text;
  }
  return fallback;
}

export const attributeLabel = (def: AttributeDef, locale: string) => labelIn(def.labels, locale, def.key);
export const optionLabel = (def: AttributeDef, value: string, locale: string) =>
  labelIn(def.options?.find((o) => o.value === value)?.labels, locale, value);

/** Every label an attribute is known by (an import maps a column headed by any of them, ignoring case). */
export const attributeNames = (def: AttributeDef) =>
  [def.key, ...Object.values(def.labels ?? {})].filter((s): s is string => !!s?.trim()).map((s) => s.trim());

/** The path of an attribute as a field of lists, grids and messages: `attributes.<key>`. */
export const attributePath = (key: string) => `attributes.${key}`;
export const ATTRIBUTE_PATH = /^attributes\.([a-z][a-z0-9_]{0,39})$/;
export const attributeKeyOf = (path: string) => ATTRIBUTE_PATH.exec(path)?.[1] ?? null;

/** The attributes in the order a form and a grid show them: sort order, then key. */
export const byAttributeOrder = (a: AttributeDef, b: AttributeDef) =>
  (a.sort_order ?? 0) - (b.sort_order ?? 0) || a.key.localeCompare(b.key);

/** Whether a list cursor's sort value could be an attribute's: a JSON scalar or a list of option values. */
export function attributeCursorFits(v: unknown): boolean {
  if (typeof v === 'string') return v.length <= 20_000 && !v.includes('\u0000');
  if (typeof v === 'number') return Number.isFinite(v);
  if (typeof v === 'boolean') return true;
  return Array.isArray(v) && v.length <= 200 && v.every((x) => typeof x === 'string' && x.length <= 100);
}

/**
 * The field an attribute is beside a model's own (grid columns, forms, exports): text, long text, whole number,
 * decimal, money, date and yes/no as those kinds, a selection as a choice of its option values, a multi-select as
 * several of them (`enums`).
 */
export function attributeField(def: AttributeDef): Field {
  const required = def.required === true;
  switch (def.type) {
    case 'text':
      return { kind: 'text', max: MAX_TEXT.text, required };
    case 'long_text':
      return { kind: 'long_text', max: MAX_TEXT.long_text, required };
    case 'int':
    case 'decimal':
    case 'money':
    case 'date':
      return { kind: def.type, required };
    case 'bool':
      return { kind: 'bool', required };
    case 'select':
      return { kind: 'enum', values: optionValues(def), required };
    case 'multi_select':
      return { kind: 'enums', values: optionValues(def), required };
  }
}

/** An option's value by its value or its label in any language, ignoring case (a pasted or imported cell). */
export function optionByText(def: AttributeDef, text: string): string | undefined {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return undefined;
  for (const o of def.options ?? [])
    if (
      o.value.toLowerCase() === wanted ||
      Object.values(o.labels ?? {}).some((l) => l?.trim().toLowerCase() === wanted)
    )
      return o.value;
  return undefined;
}

/**
 * A workbook or CSV cell of an attribute as the value a write takes (`null`: empty), or undefined when the cell is
 * not one: read by the cell parser of the field kind its type maps to (`attributeField`, with the locale-aware
 * numbers and dates; a multi-select's options separated by `;` or line breaks), an option by its value or its label
 * in any language. The write checks the value (`checkAttributeValue`).
 */
export function attributeFromCell(
  def: AttributeDef,
  raw: CellValue,
  ctx: CellContext,
): string | number | boolean | string[] | null | undefined {
  const parsed = fromCell(attributeField(def), attributePath(def.key), raw, {
    ...ctx,
    enumByLabel: (_name, label) => optionByText(def, label),
  });
  return parsed.ok ? (parsed.value as string | number | boolean | string[] | null) : undefined;
}

/** How long a type change can be undone, and an archived attribute's values are kept, in days. */
export const ATTRIBUTE_KEEP_DAYS = 30;

/**
 * A stored value as a value of an attribute's new type or options (a type change, docs/domain/attributes.md,
 * "Changing the type"), or undefined when it does not convert: a value the new definition takes as it is (a number's
 * text, a select's option); else text from a number, a day, a yes/no or options (their labels in `locale`,
 * separated by `; `); a yes/no from yes/no words; a single option into a multi-select and a multi-select of one
 * option into a select; an option's value from its label.
 */
export function convertAttributeValue(def: AttributeDef, value: unknown, before?: AttributeDef): unknown {
  const direct = checkAttributeValue(def, value);
  if (direct.ok) return direct.value;
  const list = Array.isArray(value) ? value : [value];
  const text = list
    .map((v) =>
      before && (before.type === 'select' || before.type === 'multi_select')
        ? optionLabel(before, String(v), 'en-us')
        : String(v),
    )
    .join('; ');
  const again = (v: unknown) => {
    const c = checkAttributeValue(def, v);
    return c.ok ? c.value : undefined;
  };
  switch (def.type) {
    case 'text':
    case 'long_text':
      return again(text);
    case 'int':
    case 'decimal':
    case 'money':
      return typeof value === 'boolean' ? undefined : again(text.replace(/['’\s]/g, ''));
    case 'bool': {
      const word = text.trim().toLowerCase();
      if (['yes', 'ja', 'true', '1', 'x'].includes(word)) return true;
      if (['no', 'nein', 'false', '0'].includes(word)) return false;
      return undefined;
    }
    case 'select':
      return list.length === 1 ? (optionByText(def, String(list[0])) ?? undefined) : undefined;
    case 'multi_select': {
      const values = list.map((v) => optionByText(def, String(v)));
      return values.every((v) => v !== undefined) ? again(values) : undefined;
    }
    default:
      return undefined;
  }
}
