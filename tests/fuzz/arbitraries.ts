// fast-check arbitraries derived from the OpenAPI (JSON schema) of a route: each value is schema-valid,
// near-valid (boundaries, off by one, empty, whitespace) or hostile (NUL, lone surrogates, 100k characters, deep
// nesting, prototype keys, impossible dates, crafted cursors, SQL-looking text, wrong types); and requests with
// every value at its bound at once (combined extremes, at the end of this file).
import fc from 'fast-check';

export interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
}

/** A JSON object as its list of members, so that `__proto__` can be an own key and keys can repeat. */
export class Obj {
  constructor(readonly entries: [string, Json][]) {}
}
/** JSON text sent as it is (numbers JavaScript cannot write, nesting JSON.stringify would not reach). */
export class Raw {
  constructor(readonly text: string) {}
}
export type Json = null | boolean | number | string | Json[] | Obj | Raw;

/** The JSON text of a value: objects keep their member order and duplicate or prototype keys. */
export function toJson(v: Json): string {
  if (v instanceof Raw) return v.text;
  if (v instanceof Obj) return `{${v.entries.map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`).join(',')}}`;
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  return JSON.stringify(v);
}

/** Records of the seeded workspace that hostile requests may name (model plural → uuids). */
export interface Pool {
  uuids: Map<string, string[]>;
  ids: string[];
  tokens: string[];
}

// ---- hostile building blocks ------------------------------------------------------------------------------

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

const deepRaw = (depth: number, array: boolean) =>
  new Raw(array ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

const protoObject = fc
  .tuple(fc.constantFrom(...PROTO_KEYS), fc.constantFrom('polluted', 'toString', 'isAdmin', 'prototype'))
  .map(
    ([k, inner]) =>
      new Raw(
        k === 'constructor'
          ? `{"constructor":{"prototype":{"${inner}":"yes"}}}`
          : `{"${k}":{"${inner}":"yes"},"${inner}":"own"}`,
      ),
  );

export const SQLISH = [
  "' or 1=1 --",
  "'; drop table users; --",
  '" or ""="',
  '%',
  '_',
  '\\',
  '%_%',
  "\\'",
  '$1',
  '::text',
  "E'\\x00'",
  '1; select pg_sleep(5)',
  '*/',
  "') or ('a'='a",
];

export const DATES = [
  '0000-01-01',
  '9999-12-31',
  '10000-01-01',
  '2024-02-30',
  '2023-02-29',
  '2024-13-01',
  '2024-00-10',
  '2024-1-1',
  '-001000-01-01',
  '+275760-09-13',
  '1969-12-31',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '2024-02-30T10:00:00Z',
  '2024-06-01T24:00:00Z',
  '2024-06-01T10:00:00+99:00',
  '2024-06-01 10:00:00',
  '275760-09-13T00:00:00.000Z',
];

const NUMERIC_TEXT = ['NaN', 'Infinity', '-Infinity', '1e309', '0x10', ' 1 ', '1,5', '1e-400', '-0', '00', '+1', '٣'];

const charsWithControls = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\uD800', 'x\uDC00y', '\uDBFF\uDFFF', '\u202E', '\uFEFF', '\r\n', '\t'),
);

/** A hostile string: NUL, lone surrogates, SQL-looking text, impossible dates, or very long. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: charsWithControls, weight: 4 },
  { arbitrary: fc.constantFrom(...SQLISH), weight: 3 },
  { arbitrary: fc.constantFrom(...DATES), weight: 2 },
  { arbitrary: fc.constantFrom(...NUMERIC_TEXT), weight: 1 },
  { arbitrary: fc.constantFrom('', ' ', '   ', '\n\t'), weight: 1 },
  // names that a lookup in a plain object finds on Object.prototype
  { arbitrary: fc.constantFrom('constructor', 'valueOf', 'toString', 'hasOwnProperty', '__proto__'), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('x', 'é', '\u0000', '\uD800', '😀', "'"), fc.constantFrom(201, 4001, 65_536, 100_000))
      .map(([c, n]) => c.repeat(n)),
    weight: 1,
  },
);

/** A cursor that looks like one the server issues: base64(url) of JSON with wrong types and hostile values. */
export const craftedCursor: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      fc.record({ v: fc.jsonValue({ maxDepth: 2 }), u: fc.oneof(fc.uuid(), hostileString) }),
      fc.record({ v: fc.oneof(hostileString, fc.integer()), u: fc.jsonValue({ maxDepth: 1 }) }),
      fc.jsonValue({ maxDepth: 2 }),
      fc.constant({ v: { a: 1 }, u: '00000000-0000-4000-8000-000000000000', __proto__x: 1 }),
    ),
    fc.constantFrom('base64url', 'base64', 'plain'),
  )
  .map(([value, enc]) => {
    const text = JSON.stringify(value) ?? 'null';
    return enc === 'plain' ? text : Buffer.from(text).toString(enc as BufferEncoding);
  });

/** Any value of a wrong kind, at any depth. */
export const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  { arbitrary: fc.constantFrom<Json>(null, true, false, 0, -1, '', [], new Obj([])), weight: 3 },
  { arbitrary: hostileString, weight: 4 },
  {
    arbitrary: fc.constantFrom<Json>(
      new Raw('1e308'),
      new Raw('-1e308'),
      new Raw('1e309'),
      new Raw('-0'),
      new Raw('9007199254740993'),
      new Raw('123456789012345678901234567890'),
      new Raw('5e-324'),
      2 ** 31,
      -(2 ** 31) - 1,
      2 ** 53,
      0.1,
    ),
    weight: 2,
  },
  {
    arbitrary: fc.tuple(fc.constantFrom(30, 1_000, 25_000), fc.boolean()).map(([d, a]) => deepRaw(d, a)),
    weight: 1,
  },
  { arbitrary: protoObject, weight: 1 },
  { arbitrary: craftedCursor, weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>, weight: 1 },
);

// ---- values from a schema ----------------------------------------------------------------------------------

const typeOf = (s: Schema) => s.type ?? (s.properties || s.additionalProperties ? 'object' : undefined);

const patternCache = new Map<string, fc.Arbitrary<string> | null>();
function matching(pattern: string): fc.Arbitrary<string> | null {
  if (!patternCache.has(pattern)) {
    let arb: fc.Arbitrary<string> | null = null;
    try {
      arb = fc.stringMatching(new RegExp(pattern));
    } catch {
      arb = null;
    }
    patternCache.set(pattern, arb);
  }
  return patternCache.get(pattern)!;
}

const isoDate = fc
  .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString());

/** Text the schema allows that a database may not: NUL, lone surrogates, SQL-looking text, within the length. */
const awkwardText = (s: Schema) =>
  fc
    .oneof(charsWithControls, fc.constantFrom(...SQLISH))
    .filter((x) => x.length >= (s.minLength ?? 0) && x.length <= (s.maxLength ?? 100_000));

function validString(s: Schema, pool: Pool, key?: string): fc.Arbitrary<string> {
  if (s.format === 'uuid') return poolUuid(pool, key);
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'date-time') return isoDate;
  if (s.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return isoDate.map((d) => d.slice(0, 10));
  if (s.pattern) {
    const m = matching(s.pattern);
    if (m) return m;
  }
  const plain = fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 40) });
  return fc.oneof({ arbitrary: plain, weight: 2 }, { arbitrary: awkwardText(s), weight: 1 });
}

function nearString(s: Schema): fc.Arbitrary<string> {
  const out = ['', ' ', '\t\n', 'x'];
  if (s.maxLength !== undefined) out.push('x'.repeat(s.maxLength), 'x'.repeat(s.maxLength + 1));
  if (s.minLength) out.push('x'.repeat(s.minLength - 1));
  if (s.format === 'uuid')
    out.push(
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      'AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA',
      '0000000000004000800000000000000',
    );
  if (s.format === 'email') out.push('a@b', '@', 'a@b.c', `${'a'.repeat(250)}@example.com`);
  if (s.format === 'date-time' || s.pattern?.includes('\\d{4}')) out.push(...DATES);
  if (s.pattern === '^-?\\d+(\\.\\d+)?$')
    out.push('0', '-0', '1e5', '99999999999999999999999999999999.99', '0.000000001', '-1', '1.');
  return fc.constantFrom(...out);
}

function numberValues(s: Schema, integer: boolean): fc.Arbitrary<Json> {
  const lo = s.minimum ?? s.exclusiveMinimum ?? -(2 ** 31);
  const hi = s.maximum ?? 2 ** 31;
  const valid: fc.Arbitrary<Json> = integer
    ? fc.integer({ min: Math.max(lo, Number.MIN_SAFE_INTEGER), max: Math.min(hi, Number.MAX_SAFE_INTEGER) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  const near = fc.constantFrom<Json>(
    lo,
    hi,
    lo - 1,
    hi + 1,
    0,
    new Raw('-0'),
    0.5,
    -1,
    2 ** 31,
    2 ** 53,
    new Raw('9007199254740993'),
    new Raw('1e308'),
    new Raw('-1e308'),
    new Raw('1e309'),
    new Raw('1.0'),
  );
  return fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: near, weight: 2 });
}

function poolUuid(pool: Pool, model?: string, ownOnly = false): fc.Arbitrary<string> {
  const own = (model && pool.uuids.get(model)) || [];
  const all = [...pool.uuids.values()].flat();
  if (ownOnly && own.length) return fc.constantFrom(...own);
  return fc.oneof(
    ...(own.length ? [{ arbitrary: fc.constantFrom(...own), weight: 4 }] : []),
    ...(all.length ? [{ arbitrary: fc.constantFrom(...all), weight: 2 }] : []),
    { arbitrary: fc.uuid(), weight: 1 },
  );
}

export interface Options {
  pool: Pool;
  /** Nesting left before only primitives are generated. */
  depth: number;
  /** The member name, so that `property_uuid` gets the uuid of a property. */
  key?: string;
  /** Combined extremes: the end of the allowed years the request's days and instants sit at. */
  edge?: Edge;
}

/** A value for one schema: mostly valid, sometimes near-valid, sometimes hostile. */
export function valueFor(s: Schema, o: Options): fc.Arbitrary<Json> {
  return fc.oneof(
    { arbitrary: validValue(s, o), weight: 6 },
    { arbitrary: nearValue(s), weight: 2 },
    { arbitrary: hostileValue, weight: 2 },
  );
}

function nearValue(s: Schema): fc.Arbitrary<Json> {
  switch (typeOf(s)) {
    case 'string':
      return nearString(s);
    case 'integer':
    case 'number':
      return fc.oneof(numberValues(s, typeOf(s) === 'integer'), fc.constantFrom(...NUMERIC_TEXT));
    case 'boolean':
      return fc.constantFrom<Json>('true', 1, 0, 'on', 'false');
    case 'array':
      return fc.constantFrom<Json>(
        [],
        Array.from({ length: Math.min((s.maxItems ?? 50) + 1, 1001) }, () => null),
        [null],
      );
    default:
      return fc.constantFrom<Json>(new Obj([]), [], null);
  }
}

function validValue(s: Schema, o: Options): fc.Arbitrary<Json> {
  const base = validOfType(s, o);
  return s.nullable ? fc.oneof(fc.constant(null), base) : base;
}

function validOfType(s: Schema, o: Options): fc.Arbitrary<Json> {
  if (s.enum?.length) return fc.constantFrom(...(s.enum as Json[]));
  if (s.anyOf?.length) return fc.oneof(...s.anyOf.map((x) => validValue(x, o)));
  const deeper = { ...o, depth: o.depth - 1 };
  switch (typeOf(s)) {
    case 'string':
      return validString(s, o.pool, o.key);
    case 'integer':
    case 'number':
      return numberValues(s, typeOf(s) === 'integer');
    case 'boolean':
      return fc.boolean();
    case 'array':
      if (o.depth <= 0) return fc.constant([]);
      return fc.array(valueFor(s.items ?? {}, deeper), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 4, 4)),
      });
    case 'object':
      return objectFor(s, deeper);
    default:
      return o.depth <= 0 ? fc.oneof(fc.string(), fc.integer()) : (fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>);
  }
}

/**
 * An object of a schema: its required and some optional members (every one mixed, or all valid but one), sometimes
 * unknown or prototype keys too.
 */
export function objectFor(s: Schema, o: Options): fc.Arbitrary<Json> {
  if (o.depth < 0) return fc.constant(new Obj([]));
  const props = Object.entries(s.properties ?? {});
  const required = new Set(s.required ?? []);
  const member = (k: string, value: (o: Options) => fc.Arbitrary<Json>) =>
    fc
      .tuple(fc.constant(k), value({ ...o, key: k }), fc.nat(9))
      // a required member is left out now and then, an optional one half of the time
      .map(([key, v, dice]) => ((required.has(key) ? dice === 0 : dice < 5) ? null : ([key, v] as [string, Json])));
  const mixed = fc.tuple(...props.map(([k, sub]) => member(k, (x) => valueFor(sub, x))));
  const allButOne = fc
    .nat(Math.max(props.length - 1, 0))
    .chain((bad) =>
      fc.tuple(
        ...props.map(([k, sub], i) =>
          i === bad
            ? fc.tuple(fc.constant(k), fc.oneof(nearValue(sub), hostileValue)).map((m) => m as [string, Json])
            : member(k, (x) => validValue(sub, x)),
        ),
      ),
    );
  const extraSchema = typeof s.additionalProperties === 'object' ? s.additionalProperties : {};
  const extra = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...PROTO_KEYS, 'unknown_field', 'uuid', 'id', ''), fc.string({ maxLength: 12 })),
      valueFor(extraSchema, { ...o, depth: o.depth - 1 }),
    ),
    { maxLength: props.length ? 2 : 4 },
  );
  return fc
    .tuple(
      props.length ? fc.oneof(mixed, allButOne) : fc.constant([]),
      fc.oneof({ arbitrary: fc.constant([]), weight: 3 }, { arbitrary: extra, weight: 1 }),
    )
    .map(([ms, ex]) => new Obj([...ms.filter((m): m is [string, Json] => m !== null), ...ex]));
}

// ---- path parameters ---------------------------------------------------------------------------------------

/** A path parameter: an existing record, a random uuid, a known id or token, or garbage. */
export function pathParam(name: string, s: Schema, pool: Pool, model?: string): fc.Arbitrary<string> {
  const garbage = fc.oneof(
    hostileString.map((x) => x.slice(0, 300)),
    fc.constantFrom('0', '-1', '1e3', '99999999999999999999', '..', '%2e%2e', 'null', 'undefined'),
  );
  let valid: fc.Arbitrary<string>;
  if (s.format === 'uuid' || name === 'uuid') valid = poolUuid(pool, model);
  else if (name === 'id') valid = pool.ids.length ? fc.constantFrom(...pool.ids, '1') : fc.constant('1');
  else if (name === 'token' || name === 'hash')
    valid = fc.oneof(...(pool.tokens.length ? [fc.constantFrom(...pool.tokens)] : []), fc.base64String());
  else if (name === 'model' || name === 'table')
    valid = fc.oneof(fc.constantFrom(...pool.uuids.keys(), 'facility', 'property'), validString(s, pool));
  else valid = validString(s, pool);
  return fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: garbage, weight: 1 });
}

// ---- query strings -----------------------------------------------------------------------------------------

/** Percent-encodes like encodeURIComponent, but writes a lone surrogate as its (invalid) three UTF-8 bytes. */
export function encode(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff)
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    else out += encodeURIComponent(ch);
  }
  return out;
}

/** The `key=value` pairs of one value in bracket notation (`filter[a][from]=1`, `ids[]=x`). */
export function pairs(key: string, v: Json): string[] {
  if (v instanceof Obj) return v.entries.flatMap(([k, x]) => pairs(`${key}[${k}]`, x));
  if (Array.isArray(v)) return v.length ? v.flatMap((x) => pairs(`${key}[]`, x)) : [`${encode(key)}[]=`];
  // fast-check's own JSON values come as plain objects (some without a prototype)
  if (v !== null && typeof v === 'object' && !(v instanceof Raw))
    return pairs(key, new Obj(Object.entries(v as Record<string, Json>)));
  const text = v instanceof Raw ? v.text : v === null ? '' : String(v);
  return [`${encode(key)}=${encode(text)}`];
}

const hostilePairs = (names: string[]) =>
  fc.oneof(
    fc.constantFrom(
      'a[__proto__][polluted]=1',
      '__proto__[polluted]=1',
      '__proto__=1',
      'constructor[prototype][polluted]=1',
      'a[constructor][prototype][polluted]=1',
      'x[][][][][][][]=1',
      '%E0%A4%A=1',
      'a=%',
      'a=%00',
      '=1',
      '&&&',
      '[]=1',
      'a[=1',
    ),
    fc
      .tuple(fc.constantFrom(...names, 'unknown'), fc.constantFrom(...PROTO_KEYS), fc.constantFrom('polluted', 'x'))
      .map(([n, p, x]) => `${n}[${p}][${x}]=1`),
    fc.constantFrom(...names, 'unknown').map((n) => `${n}[]=a&${n}[]=b&${n}=c&${n}[k]=d`),
    fc.constant(Array.from({ length: 250 }, (_, i) => `p${i}=1`).join('&')),
  );

export interface QueryParam {
  name: string;
  schema: Schema;
  required?: boolean;
}

/** A query string for the route's declared parameters, with hostile extras now and then. */
export function queryFor(params: QueryParam[], o: Options): fc.Arbitrary<string> {
  const members = params.map((p) =>
    fc
      .tuple(p.name === 'cursor' ? fc.oneof(craftedCursor, valueFor(p.schema, o)) : valueFor(p.schema, o), fc.nat(9))
      .map(([v, dice]) => ((p.required ? dice === 0 : dice < 6) ? [] : pairs(p.name, v))),
  );
  const names = params.map((p) => p.name);
  return fc
    .tuple(
      fc.tuple(...members),
      fc.oneof(
        { arbitrary: fc.constant<string[]>([]), weight: 4 },
        { arbitrary: fc.array(hostilePairs(names), { minLength: 1, maxLength: 2 }), weight: 1 },
      ),
    )
    .map(([ms, extra]) => [...ms.flat(), ...extra].join('&'));
}

// ---- combined extremes -------------------------------------------------------------------------------------
// One request with every value at its bound at once (docs/hostile-input.md, "Values the server derives"): a start
// date near 9999 with the longest duration and notice period, the largest quantity × the largest price, readings
// and counters near their maxima. Each field alone is valid; what the server derives from them together may not be.
// Lists get cursors whose sort value is impossible for the sort field's type (a 30 February, a number past the
// column). The route fuzzer varies one field at a time and never met these.

/** Days at the ends of the allowed years (mostly near 9999, where durations run out), and a few just outside. */
export const EDGE_DAYS = {
  late: ['9999-12-31', '9999-12-01', '9999-01-31', '9998-12-31', '9950-02-28'],
  early: ['1800-01-01', '1800-01-31', '1800-02-28'],
  outside: ['0000-01-01', '1799-12-31'],
};
/** Instants at the ends of the allowed years, in UTC and with offsets that move them across a year. */
export const EDGE_INSTANTS = {
  late: ['9999-12-31T23:59:59.999Z', '9999-12-31T00:00:00Z', '9999-01-01T00:00:00Z'],
  early: ['1800-01-01T00:00:00Z', '1800-12-31T23:59:59Z'],
  outside: ['9999-12-31T23:00:00-05:00', '1800-01-01T00:00:00+14:00', '0000-01-01T00:00:00Z'],
};
/** Which end a request's days and instants sit at, all of them at once: mostly the late one, where durations run out. */
export type Edge = keyof typeof EDGE_DAYS;
const edges = fc.constantFrom<Edge>('late', 'late', 'early', 'outside');
/** Decimals at the largest their columns hold (decimal 10+4, money 12+2, area 10+2, percent 4+3, geo 3+6). */
export const EDGE_DECIMALS = [
  '9999999999.9999',
  '-9999999999.9999',
  '999999999999.99',
  '-999999999999.99',
  '9999999999.99',
  '9999.999',
  '999.999999',
  '0.0001',
];

const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const isDay = (s: Schema) => s.format === 'date' || s.pattern === DAY_PATTERN;
const isDecimalText = (s: Schema) => s.type === 'string' && s.pattern === '^-?\\d+(\\.\\d+)?$';

const edgeDay = (edge: Edge = 'late') => fc.constantFrom(...EDGE_DAYS[edge]);
const edgeInstant = (edge: Edge = 'late') => fc.constantFrom(...EDGE_INSTANTS[edge]);
const edgeDecimal = fc.oneof(
  { arbitrary: fc.constantFrom<Json>(...EDGE_DECIMALS), weight: 4 },
  { arbitrary: fc.constantFrom<Json>(...EDGE_DECIMALS.map(Number)), weight: 1 },
);

/** A value of the schema at one of its bounds (mostly the upper one), never null. */
export function extremeValue(s: Schema, o: Options): fc.Arbitrary<Json> {
  if (s.enum?.length) return fc.constantFrom(...(s.enum as Json[]));
  if (s.anyOf?.length)
    return s.anyOf.some((x) => isDecimalText(x) || x.type === 'number')
      ? edgeDecimal
      : fc.oneof(...s.anyOf.map((x) => extremeValue(x, o)));
  switch (typeOf(s)) {
    case 'string':
      if (isDay(s)) return edgeDay(o.edge);
      if (s.format === 'date-time') return edgeInstant(o.edge);
      if (isDecimalText(s)) return edgeDecimal;
      if (s.format === 'uuid') return poolUuid(o.pool, o.key, true);
      return validString(s, o.pool, o.key);
    case 'integer': {
      const hi = s.maximum ?? 2_147_483_647;
      const lo = s.minimum ?? -2_147_483_648;
      return fc.oneof({ arbitrary: fc.constant(hi), weight: 4 }, { arbitrary: fc.constant(lo), weight: 1 });
    }
    case 'number':
      return edgeDecimal;
    case 'boolean':
      return fc.boolean();
    case 'array':
      if (o.depth <= 0) return fc.constant([]);
      return fc.array(extremeValue(s.items ?? {}, { ...o, depth: o.depth - 1 }), {
        minLength: Math.max(s.minItems ?? 0, 1),
        maxLength: Math.max(s.minItems ?? 0, 2),
      });
    case 'object':
      return extremeObjectFor(s, { ...o, depth: o.depth - 1 });
    default:
      return fc.oneof(edgeDay(o.edge), edgeDecimal, edgeInstant(o.edge), fc.constant<Json>(2_147_483_647));
  }
}

const isBound = (s: Schema): boolean =>
  isDay(s) ||
  s.format === 'date-time' ||
  isDecimalText(s) ||
  ['integer', 'number'].includes(typeOf(s) ?? '') ||
  Boolean(s.anyOf?.some(isBound));

/**
 * An object whose members are at their bounds together, its days and instants all at one end of the years: the
 * required members, every number, and one of its optional days or instants (two dates given at once often make each
 * other: a contract's end date wins over its duration); other optional members now and then, a reference only
 * when it can name a record of the workspace (an unknown one would be refused before anything is computed).
 */
export function extremeObjectFor(s: Schema, o: Options): fc.Arbitrary<Json> {
  if (o.depth < 0) return fc.constant(new Obj([]));
  const props = Object.entries(s.properties ?? {});
  const required = new Set(s.required ?? []);
  const dates = props.filter(([k, x]) => !required.has(k) && (isDay(x) || x.format === 'date-time')).map(([k]) => k);
  const named = (k: string, x: Schema) => x.format !== 'uuid' || Boolean(o.pool.uuids.get(k)?.length);
  return fc
    .tuple(o.edge ? fc.constant(o.edge) : edges, dates.length ? fc.constantFrom(...dates) : fc.constant(''))
    .chain(([edge, date]) =>
      fc
        .tuple(
          ...props.map(([k, x]) =>
            fc
              .tuple(fc.constant(k), extremeValue(x, { ...o, key: k, edge }), fc.nat(9))
              .map(([key, v, dice]) => ({ key, v, dice })),
          ),
        )
        .map((members) =>
          members.filter(({ key, dice }) => {
            const x = s.properties![key]!;
            if (required.has(key)) return true;
            if (dates.includes(key)) return key === date;
            if (!named(key, x)) return false;
            return isBound(x) ? dice < 9 : dice < 3;
          }),
        ),
    )
    .map((kept) => new Obj(kept.map(({ key, v }) => [key, v] as [string, Json])));
}

/** A sort value impossible for a field of this schema: a day that does not exist, a number past the column. */
export function impossibleSortValue(s: Schema): fc.Arbitrary<Json> {
  const days = ['2024-02-31', '2023-02-29', '0000-01-01', '2024-13-01', '10000-01-01'];
  const instants = ['2024-02-31T10:00:00.000Z', '0000-01-01T00:00:00.000Z', '2024-06-01T24:00:00.000Z', '2024-02-31'];
  const numbers: Json[] = [2_147_483_648, -2_147_483_649, 1e308, 4.5, '99999999999999999999999.99', '1e5'];
  if (isDay(s)) return fc.constantFrom<Json>(...days);
  if (s.format === 'date-time') return fc.constantFrom<Json>(...instants);
  if (typeOf(s) === 'integer' || typeOf(s) === 'number' || s.anyOf?.some((x) => isDecimalText(x)))
    return fc.constantFrom(...numbers);
  if (typeOf(s) === 'boolean') return fc.constantFrom<Json>('yes', 2);
  if (s.format === 'uuid') return fc.constantFrom<Json>('00000000-0000-0000-0000-00000000000z', 'x');
  if (typeOf(s) === 'string') return fc.constantFrom<Json>('a\u0000b', '\uD800');
  return fc.constantFrom<Json>(...days, ...instants, ...numbers);
}

/**
 * A list's query with a cursor whose sort value is impossible for the sort field it names (`sortFields`: the schema
 * of each field the list sorts by), in either direction, sometimes with other parameters of the route.
 */
export function extremeCursorQuery(sortFields: Record<string, Schema>): fc.Arbitrary<string> {
  return fc
    .constantFrom(...Object.entries(sortFields))
    .chain(([name, schema]) =>
      fc.tuple(fc.constant(name), impossibleSortValue(schema), fc.uuid(), fc.boolean(), fc.boolean()),
    )
    .map(([name, v, u, descending, withVersion]) => {
      const cursor = Buffer.from(JSON.stringify({ v, u })).toString(withVersion ? 'base64url' : 'base64');
      return [`sort_by=${encode(name)}`, `cursor=${encode(cursor)}`, ...(descending ? ['sort_descending=1'] : [])].join(
        '&',
      );
    });
}
