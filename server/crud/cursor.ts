// The keyset cursor of a list (docs/hostile-input.md, "Cursors"): opaque to clients, never trusted. A cursor is
// taken only when it decodes to a uuid and a real value of the sort column's type — a real day or instant within
// the years 1800 to 9999, a number within the column's digits, a uuid, text without NUL, a boolean — so nothing a
// client crafts reaches the SQL as a value the database refuses. Anything else is a 422 on `cursor`.
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AnyEntity } from '../../src/entities/define';
import { NUMERIC_PRECISION, isDecimalKind, type Field, type FieldKind } from '../../src/entities/fields';
import { DATE, DECIMAL, isoDateTime, storableText, validDate } from '../../src/entities/schemas';
import { fieldError } from '../http-error';
import { ATTRIBUTE_PATH, attributeCursorFits } from '../../src/domain/attributes';

export interface Cursor {
  v: unknown;
  u: string;
  /** The values of the default sort's next fields (src/entities/define.ts, `defaultSort.then`), when it has any. */
  t?: unknown[];
}

export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v: unknown) => typeof v === 'string' && UUID.test(v);

/** An instant with an offset, a real day and time in the allowed years (the shared schema, built once). */
const instant = isoDateTime();
const isInstant = (v: unknown) => typeof v === 'string' && v.length <= 40 && instant.safeParse(v).success;

const isText = (v: unknown) => typeof v === 'string' && v.length <= 20_000 && storableText(v);

/** A decimal within its column's digits and scale (e.g. money: 12 digits before the point, 2 after). */
const isDecimal = (v: unknown, field: Field) => {
  if (!isDecimalKind(field.kind) || typeof v !== 'string' || v.length > 40 || !DECIMAL.test(v)) return false;
  const [digits, scale] = NUMERIC_PRECISION[field.kind];
  const [int = '', frac = ''] = v.replace('-', '').split('.');
  return int.replace(/^0+/, '').length <= digits - scale && frac.length <= scale;
};

/** A cursor's sort value per field kind: a value the column holds (a new kind fails the typecheck until it is here). */
const fits = {
  text: isText,
  long_text: isText,
  email: isText,
  phone: isText,
  enum: isText,
  int: (v) => Number.isInteger(v) && (v as number) >= -2_147_483_648 && (v as number) <= 2_147_483_647,
  decimal: isDecimal,
  money: isDecimal,
  area: isDecimal,
  percent: isDecimal,
  geo: isDecimal,
  bool: (v) => typeof v === 'boolean',
  date: (v) => typeof v === 'string' && DATE.test(v) && validDate(v),
  datetime: isInstant,
  ref: isUuid,
  // never sorted by (src/entities/list-rules.ts): no cursor carries their values
  refs: () => false,
  enums: () => false,
  json: () => false,
} satisfies { [K in FieldKind]: (v: unknown, field: Field) => boolean };

/** Whether `v` is a sort value the list sorted by `sortName` could have put in a cursor. */
export function cursorValueFits(entity: AnyEntity, sortName: string, sortCol: AnyPgColumn, v: unknown): boolean {
  if (v === null) return !sortCol.notNull;
  const field: Field | undefined = Object.hasOwn(entity.fields, sortName) ? entity.fields[sortName] : undefined;
  // an attribute's value: a JSON scalar or a list of option values (crud/attributes.ts)
  if (!field) return ATTRIBUTE_PATH.test(sortName) ? attributeCursorFits(v) : isInstant(v); // created_at, updated_at
  return fits[field.kind](v, field);
}

/** The cursor of a list sorted by `sortName` (then by `then`): a 422 on `cursor` when it is not one this list could
 * have made. */
export function decodeCursor(
  entity: AnyEntity,
  sortName: string,
  sortCol: AnyPgColumn,
  s: string,
  then: readonly { name: string; col: AnyPgColumn }[] = [],
): Cursor {
  let c: unknown;
  try {
    c = JSON.parse(Buffer.from(s, 'base64url').toString());
  } catch {
    c = null;
  }
  const { v, u, t } = (c !== null && typeof c === 'object' && !Array.isArray(c) ? c : {}) as Partial<Cursor>;
  if (!isUuid(u) || !cursorValueFits(entity, sortName, sortCol, v)) throw fieldError('cursor', 'validation.cursor');
  if (!then.length) return { v, u: u! };
  const next = Array.isArray(t) && t.length === then.length ? t : null;
  if (!next || then.some((f, i) => next[i] === null || !cursorValueFits(entity, f.name, f.col, next[i])))
    throw fieldError('cursor', 'validation.cursor');
  return { v, u: u!, t: next };
}
