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
  'ref',
  'geo',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

interface Common {
  required?: boolean;
  /** Shown but never written by clients (set by the server or by an action). */
  readOnly?: boolean;
  /** Derived by the server from other fields; implies readOnly. */
  computed?: boolean;
  searchable?: boolean;
  /** Unique within the settings group (ignoring archived and deleted records is not done: unique means unique). */
  unique?: boolean;
  /** Left out of list replies and grids unless asked for (long texts). */
  hidden?: boolean;
}

export type TextField = Common & { kind: 'text' | 'long_text' | 'email' | 'phone'; max?: number; default?: string };
export type NumberField = Common & {
  kind: 'int' | 'decimal' | 'money' | 'area' | 'percent' | 'geo';
  min?: number;
  max?: number;
  default?: number;
};
export type BoolField = Common & { kind: 'bool'; default?: boolean };
export type DateField = Common & { kind: 'date' | 'datetime' };
export type EnumField = Common & { kind: 'enum'; values: readonly string[]; default?: string };
/** A reference by model name (never by import), stored as `<name>` uuid column. */
export type RefField = Common & { kind: 'ref'; model: string; onDelete?: 'restrict' | 'set null' | 'cascade' };

export type Field = TextField | NumberField | BoolField | DateField | EnumField | RefField;

type Opts<F> = Omit<F, 'kind'>;

/** Field constructors: `f.text({ max: 200 })`, `f.enum(['a', 'b'])`, `f.ref('property', { required: true })`. */
export const f = {
  text: (o: Opts<TextField> = {}): TextField => ({ kind: 'text', max: 200, ...o }),
  longText: (o: Opts<TextField> = {}): TextField => ({ kind: 'long_text', max: 20_000, hidden: true, ...o }),
  email: (o: Opts<TextField> = {}): TextField => ({ kind: 'email', max: 254, ...o }),
  phone: (o: Opts<TextField> = {}): TextField => ({ kind: 'phone', max: 40, ...o }),
  int: (o: Opts<NumberField> = {}): NumberField => ({ kind: 'int', ...o }),
  decimal: (o: Opts<NumberField> = {}): NumberField => ({ kind: 'decimal', ...o }),
  money: (o: Opts<NumberField> = {}): NumberField => ({ kind: 'money', ...o }),
  area: (o: Opts<NumberField> = {}): NumberField => ({ kind: 'area', min: 0, ...o }),
  percent: (o: Opts<NumberField> = {}): NumberField => ({ kind: 'percent', ...o }),
  geo: (axis: 'lat' | 'lng', o: Opts<NumberField> = {}): NumberField => ({
    kind: 'geo',
    min: axis === 'lat' ? -90 : -180,
    max: axis === 'lat' ? 90 : 180,
    ...o,
  }),
  bool: (o: Opts<BoolField> = {}): BoolField => ({ kind: 'bool', default: false, ...o }),
  date: (o: Opts<DateField> = {}): DateField => ({ kind: 'date', ...o }),
  datetime: (o: Opts<DateField> = {}): DateField => ({ kind: 'datetime', ...o }),
  enum: <const V extends readonly string[]>(
    values: V,
    o: Omit<Opts<EnumField>, 'values'> & { default?: V[number] } = {},
  ) => ({ kind: 'enum', values, ...o }) as EnumField & { values: V },
  ref: (model: string, o: Omit<Opts<RefField>, 'model'> = {}): RefField => ({ kind: 'ref', model, ...o }),
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
