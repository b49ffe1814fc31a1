// The closed set of field kinds a model is made of (docs/domain/architecture.md, "Field kinds"). Every adapter (database columns,
// zod, grid columns, form inputs, spreadsheet cells, test values) maps each kind with
// `satisfies { [K in FieldKind]: … }`, so adding a kind fails the typecheck until every adapter handles it.

export const FIELD_KINDS = [
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
  'datetime',
  'enum',
  'enums',
  'ref',
  'refs',
  'json',
  'geo',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

interface Common {
  required?: boolean;
  /** Shown but never written by clients (set by the server or by an action). */
  readOnly?: boolean;
  /** Derived by the server from other fields; implies readOnly. */
  computed?: boolean;
  /** A computed field its model also computes in SQL (`computedSql`, server/models), so lists sort and filter by it
   * without loading every row (a facility's remaining lifetime). */
  listable?: boolean;
  /** Computed by the server in SQL on every read (its model's `selected`, server/models): no column, never stale. */
  virtual?: boolean;
  searchable?: boolean;
  /** Unique within the settings group (ignoring archived and deleted records is not done: unique means unique). */
  unique?: boolean;
  /** Left out of list replies and grids unless asked for (long texts). */
  hidden?: boolean;
}

export type TextField = Common & {
  kind: 'text' | 'long_text' | 'email' | 'phone';
  max?: number;
  default?: string;
  /** A named check of the text beyond its length (src/entities/text-formats.ts): a saved view's `table_name`. */
  format?: TextFormat;
};
/** The names of the text checks of src/entities/text-formats.ts (the definitions name them and stay data). */
export type TextFormat = 'table_name' | 'http_url' | 'attribute_key' | 'app_path';
export type NumberField = Common & {
  kind: 'int' | 'decimal' | 'money' | 'area' | 'percent' | 'geo';
  min?: number;
  max?: number;
  default?: number;
  /**
   * An `int` the database numbers on insert (a sequence; read-only): the number an older API names its records by
   * (a system notification's `id`, docs/decisions.md, "System notifications on the records engine").
   */
  serial?: boolean;
};
export type BoolField = Common & { kind: 'bool'; default?: boolean };
export type DateField = Common & {
  kind: 'date' | 'datetime';
  /**
   * A `datetime` written `yyyy-MM-dd HH:mm:ss` in UTC in requests and replies instead of ISO 8601 (stored as an
   * instant like any datetime): the form an older API gave it (docs/domain/notifications.md).
   */
  stamp?: boolean;
};
export type EnumField = Common & {
  kind: 'enum';
  values: readonly string[];
  default?: string;
  /** What a record created by an import takes when the file gives none (docs/spreadsheet-api.md, "Import"). */
  importDefault?: string;
};
/** A reference by model name (never by import), stored as `<name>` uuid column. */
export type RefField = Common & { kind: 'ref'; model: string; onDelete?: 'restrict' | 'set null' | 'cascade' };

/**
 * Many references to one model (a user group's members, a permission group's user groups), stored as a `<name>`
 * uuid array column named `…_uuids` (docs/decisions.md, "refs as uuid arrays"). `model` is a model of the registry,
 * or `member`: the members of the record's settings group, by user uuid, titled by name (users are no model). At
 * most `max` (10,000) uuids, no uuid twice; every one must be a record the caller sees, as for `ref`.
 */
export type RefsField = Common & { kind: 'refs'; model: string; max?: number };
/** The pseudo-model of `refs` to the members of the settings group (users, by uuid). */
export const MEMBER_MODEL = 'member';
export const MAX_REFS = 10_000;
/**
 * A JSON value checked by a named zod schema (src/entities/json-schemas.ts: a permission group's rights, a filter's
 * conditions), within the depth and size limits of free JSON (src/entities/json.ts).
 */
export type JsonField = Common & { kind: 'json'; schema: string; default?: unknown };

/** Several of a closed set of values (a multi-select attribute's options), stored as a list in their order. */
export type EnumsField = Common & { kind: 'enums'; values: readonly string[] };
export type Field =
  TextField | NumberField | BoolField | DateField | EnumField | EnumsField | RefField | RefsField | JsonField;

type Opts<F> = Omit<F, 'kind'>;
/**
 * What a constructor returns: the field with its kind, its constructor's defaults and the options given, as literal
 * types (the database tables type their columns by `kind`, `required`, `computed`, `default` and `searchable`).
 */
type Made<F, D, O> = Omit<F, keyof D | keyof Given<O>> & Omit<D, keyof Given<O>> & Given<O>;
// Options come from the argument only, never from where the field is used (`defineEntity` wants a `Field`).
type Given<O> = NoInfer<O>;
type NoOptions = Record<never, never>;

/** Field constructors: `f.text({ max: 200 })`, `f.enum(['a', 'b'])`, `f.ref('property', { required: true })`. */
export const f = {
  text: <const O extends Opts<TextField> = NoOptions>(o: O = {} as O) =>
    ({ kind: 'text', max: 200, ...o }) as Made<TextField, { kind: 'text'; max: number }, O>,
  longText: <const O extends Opts<TextField> = NoOptions>(o: O = {} as O) =>
    ({ kind: 'long_text', max: 20_000, hidden: true, ...o }) as Made<
      TextField,
      { kind: 'long_text'; max: number; hidden: boolean },
      O
    >,
  email: <const O extends Opts<TextField> = NoOptions>(o: O = {} as O) =>
    ({ kind: 'email', max: 254, ...o }) as Made<TextField, { kind: 'email'; max: number }, O>,
  phone: <const O extends Opts<TextField> = NoOptions>(o: O = {} as O) =>
    ({ kind: 'phone', max: 40, ...o }) as Made<TextField, { kind: 'phone'; max: number }, O>,
  int: <const O extends Opts<NumberField> = NoOptions>(o: O = {} as O) =>
    ({ kind: 'int', ...o }) as Made<NumberField, { kind: 'int' }, O>,
  decimal: <const O extends Opts<NumberField> = NoOptions>(o: O = {} as O) =>
    ({ kind: 'decimal', ...o }) as Made<NumberField, { kind: 'decimal' }, O>,
  money: <const O extends Opts<NumberField> = NoOptions>(o: O = {} as O) =>
    ({ kind: 'money', ...o }) as Made<NumberField, { kind: 'money' }, O>,
  area: <const O extends Opts<NumberField> = NoOptions>(o: O = {} as O) =>
    ({ kind: 'area', min: 0, ...o }) as Made<NumberField, { kind: 'area'; min: number }, O>,
  percent: <const O extends Opts<NumberField> = NoOptions>(o: O = {} as O) =>
    ({ kind: 'percent', ...o }) as Made<NumberField, { kind: 'percent' }, O>,
  geo: <const O extends Opts<NumberField> = NoOptions>(axis: 'lat' | 'lng', o: O = {} as O) =>
    ({
      kind: 'geo',
      min: axis === 'lat' ? -90 : -180,
      max: axis === 'lat' ? 90 : 180,
      ...o,
    }) as Made<NumberField, { kind: 'geo'; min: number; max: number }, O>,
  bool: <const O extends Opts<BoolField> = NoOptions>(o: O = {} as O) =>
    ({ kind: 'bool', default: false, ...o }) as Made<BoolField, { kind: 'bool'; default: false }, O>,
  date: <const O extends Opts<DateField> = NoOptions>(o: O = {} as O) =>
    ({ kind: 'date', ...o }) as Made<DateField, { kind: 'date' }, O>,
  datetime: <const O extends Opts<DateField> = NoOptions>(o: O = {} as O) =>
    ({ kind: 'datetime', ...o }) as Made<DateField, { kind: 'datetime' }, O>,
  enum: <
    const V extends readonly string[],
    const O extends Omit<Opts<EnumField>, 'values'> & { default?: V[number] } = NoOptions,
  >(
    values: V,
    o: O = {} as O,
  ) => ({ kind: 'enum', values, ...o }) as Made<EnumField, { kind: 'enum'; values: V }, O>,
  ref: <const O extends Omit<Opts<RefField>, 'model'> = NoOptions>(model: string, o: O = {} as O) =>
    ({ kind: 'ref', model, ...o }) as Made<RefField, { kind: 'ref'; model: string }, O>,
  /** `f.refs('user_group')`: never null, an empty list when none (a required one needs at least one). */
  refs: <const O extends Omit<Opts<RefsField>, 'model'> = NoOptions>(model: string, o: O = {} as O) =>
    ({ kind: 'refs', model, max: MAX_REFS, ...o }) as Made<RefsField, { kind: 'refs'; model: string; max: number }, O>,
  /** `f.json('rights')`: the value checked by the named schema (src/entities/json-schemas.ts). */
  json: <const O extends Omit<Opts<JsonField>, 'schema'> = NoOptions>(schema: string, o: O = {} as O) =>
    ({ kind: 'json', schema, hidden: true, ...o }) as Made<
      JsonField,
      { kind: 'json'; schema: string; hidden: boolean },
      O
    >,
};

/**
 * Digits and scale of the numeric kinds: money numeric(14,2), areas numeric(12,2) (docs/domain/fields.md, "Numbers, money
 * and dates").
 */
export const NUMERIC_PRECISION = {
  decimal: [14, 4],
  money: [14, 2],
  area: [12, 2],
  percent: [7, 3],
  geo: [9, 6],
} as const;

export const isNumericKind = (k: FieldKind) => k === 'int' || k in NUMERIC_PRECISION;
/** Decimal kinds travel as strings in JSON (never floats; docs/domain/fields.md, "Numbers, money and dates"). */
export const isDecimalKind = (k: FieldKind): k is keyof typeof NUMERIC_PRECISION => k in NUMERIC_PRECISION;
export const isWritable = (field: Field) => !field.readOnly && !field.computed;
