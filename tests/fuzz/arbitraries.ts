// fast-check arbitraries derived from the OpenAPI (JSON schema) of a route: each value is schema-valid,
// near-valid (boundaries, off by one, empty, whitespace) or hostile (NUL, lone surrogates, 100k characters, deep
// nesting, prototype keys, impossible dates, crafted cursors, SQL-looking text, wrong types).
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

function poolUuid(pool: Pool, model?: string): fc.Arbitrary<string> {
  const own = (model && pool.uuids.get(model)) || [];
  const all = [...pool.uuids.values()].flat();
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
