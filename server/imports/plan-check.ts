// A quick check of a planned create: it accepts only values the model's create schema surely accepts and gives back
// unchanged (a trimmed, storable text within its length, a decimal string within scale, digits and bounds, a real date, a
// known enum value, a uuid…); anything else — and every kind it does not know — goes through zod for the exact
// errors. It spares zod's work on the many rows that are fine. tests/unit/plan-check.test.ts holds it to zod.
import { z } from 'zod';
import type { AnyEntity } from '../../src/entities/define';
import { NUMERIC_PRECISION, isDecimalKind, type Field } from '../../src/entities/fields';
import { DATE, DECIMAL, storableText, validDate } from '../../src/entities/schemas';
import { TEXT_FORMATS } from '../../src/entities/text-formats';

const UUID = z.regexes.uuid();
const INT32 = 2_147_483_647;

type Check = (v: unknown) => boolean;

/** The check of one field's value, or null when only zod decides (email, phone, datetime). */
function valueCheck(field: Field): Check | null {
  const bounds = (n: number) =>
    !('min' in field && field.min !== undefined && n < field.min) &&
    !('max' in field && field.max !== undefined && n > field.max);
  switch (field.kind) {
    case 'text': {
      const max = field.max ? field.max : 200;
      const min = field.required ? 1 : 0;
      // a text of a named format (src/entities/text-formats.ts) passes its check too
      const format = field.format ? TEXT_FORMATS[field.format].check : () => true;
      return (v) =>
        typeof v === 'string' && v.length <= max && v.length >= min && v.trim() === v && storableText(v) && format(v);
    }
    case 'long_text': {
      const max = field.max ? field.max : 20_000;
      const required = !!field.required;
      return (v) => typeof v === 'string' && v.length <= max && (!required || v.trim() !== '') && storableText(v);
    }
    case 'int':
      return (v) => typeof v === 'number' && Number.isInteger(v) && v >= -INT32 - 1 && v <= INT32 && bounds(v);
    case 'bool':
      return (v) => typeof v === 'boolean';
    case 'date':
      return (v) => typeof v === 'string' && DATE.test(v) && validDate(v);
    case 'enum':
      return (v) => typeof v === 'string' && field.values.includes(v);
    case 'ref':
      return (v) => typeof v === 'string' && UUID.test(v);
    default: {
      if (!isDecimalKind(field.kind)) return null;
      const [digits, scale] = NUMERIC_PRECISION[field.kind];
      return (v) => {
        if (typeof v !== 'string' || !DECIMAL.test(v)) return false;
        const unsigned = v[0] === '-' ? v.slice(1) : v;
        const point = unsigned.indexOf('.');
        const int = point < 0 ? unsigned : unsigned.slice(0, point);
        if (point >= 0 && unsigned.length - point - 1 > scale) return false;
        if (int.replace(/^0+/, '').length > digits - scale) return false;
        return bounds(Number(v));
      };
    }
  }
}

const hasDefault = (field: Field) => 'default' in field && field.default !== undefined;

/**
 * For the create schema narrowed to `keys`: a check of a row's values that is true only when the schema accepts
 * them as they are. Null when a key's kind is left to zod.
 */
export function quickCreateCheck(
  entity: AnyEntity,
  keys: string[],
): ((values: Record<string, unknown>) => boolean) | null {
  // per key: its check, whether it may be left out (undefined), whether it may be null
  const checks: [string, Check, boolean, boolean][] = [];
  for (const key of keys) {
    const field = entity.fields[key];
    const check = field ? valueCheck(field) : null;
    if (!field || !check) return null;
    checks.push([key, check, !field.required || hasDefault(field), !field.required]);
  }
  const known = new Set(keys);
  return (values) => {
    for (const key in values) if (!known.has(key)) return false;
    for (const [key, check, omissible, nullable] of checks) {
      const v = values[key];
      if (v === undefined) {
        if (!omissible) return false;
      } else if (v === null) {
        if (!nullable) return false;
      } else if (!check(v)) return false;
    }
    return true;
  };
}
