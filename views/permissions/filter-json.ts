// A list query's filter as the access rules dialog edits it (docs/domain/permissions.md, "Access rules"): per field
// kind the one shape the server's validation of `filter` takes (text contains, from/to, yes/no, a list), read from
// and written to the stored JSON.
import type { AnyEntity } from '../../src/entities/define';
import type { Field } from '../../src/entities/fields';

export type FilterJson = Record<string, unknown>;
type Kind = 'text' | 'range' | 'bool' | 'list';

export const kindOf = (field: Field): Kind => {
  if (['text', 'long_text', 'email', 'phone'].includes(field.kind)) return 'text';
  if (field.kind === 'bool') return 'bool';
  if (field.kind === 'enum' || field.kind === 'ref') return 'list';
  return 'range';
};

/** A new row's value: what the server takes for the field's kind. */
export function emptyValue(field: Field): unknown {
  const kind = kindOf(field);
  return kind === 'text' ? { contains: '' } : kind === 'bool' ? true : kind === 'list' ? [] : { from: '', to: '' };
}

/** The filter as sent: a range's empty ends left out, everything else as typed (the server's 422 names a bad value). */
export function filterToJson(entity: AnyEntity, filter: FilterJson): FilterJson {
  const out: FilterJson = {};
  for (const [name, value] of Object.entries(filter)) {
    const field = entity.fields[name];
    if (!field) continue;
    if (kindOf(field) === 'range' && value && typeof value === 'object' && !Array.isArray(value)) {
      const { from, to } = value as { from?: string; to?: string };
      const range: Record<string, string> = {};
      if (from) range.from = from;
      if (to) range.to = to;
      out[name] = range;
    } else out[name] = value;
  }
  return out;
}

/** A stored value as the builder edits it: text as contains, a single number or date as from = to. */
export function filterFromJson(entity: AnyEntity, filter: FilterJson | null): FilterJson {
  const out: FilterJson = {};
  for (const [name, value] of Object.entries(filter ?? {})) {
    const field = entity.fields[name];
    if (!field) continue;
    const kind = kindOf(field);
    if (kind === 'text') out[name] = { contains: typeof value === 'object' && value ? '' : String(value) };
    else if (kind === 'range')
      out[name] =
        value && typeof value === 'object'
          ? { from: String((value as { from?: unknown }).from ?? ''), to: String((value as { to?: unknown }).to ?? '') }
          : { from: String(value), to: String(value) };
    else if (kind === 'list') out[name] = Array.isArray(value) ? value.map(String) : [String(value)];
    else out[name] = value === true || value === 'true' || value === '1';
  }
  return out;
}
