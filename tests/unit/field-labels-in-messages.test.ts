// A 422 names a field by the label the user sees, in the user's language, never by its API key
// (docs/decisions.md, "Field names in messages"): for every model of the registry and every field the server can
// name in a 422 — each field's own schema errors, a missing required field, a field not allowed, and the errors a
// service or a derived value puts on a field — in each language.
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../src/entities/account';
import { SYSTEM_FIELDS, type AnyEntity } from '../../src/entities/define';
import { isWritable } from '../../src/entities/fields';
import { entityByName, entityList } from '../../src/entities/registry';
import { createSchema, updateSchema } from '../../src/entities/schemas';
import { failedToErrors, summaryOf } from '../../server/plugins/errors';
import { zodRowErrors } from '../../server/crud/row-errors';
import { ValidationFailed } from '../../server/http-error';
import { LANGUAGES } from '../../src/i18n/languages';
import en from '../../src/locales/en-us/entities.json';
import de from '../../src/locales/de/entities.json';
import deCh from '../../src/locales/de-ch/entities.json';

type Texts = Record<string, { one: string; fields: Record<string, string> }>;
const ENTITIES: Record<Locale, Texts> = { 'en-us': en as Texts, de: de as Texts, 'de-ch': deCh as Texts };

/** The label the field has on forms and grids (a reference without its own label: the referenced model's name). */
function expectedLabel(locale: Locale, entity: AnyEntity, field: string): string {
  const own = ENTITIES[locale][entity.name]?.fields[field] ?? ENTITIES.de[entity.name]?.fields[field];
  if (own) return own;
  const def = entity.fields[field]!;
  if (def.kind !== 'ref') throw new Error(`${entity.name}.${field} has no label in ${locale}`);
  return ENTITIES[locale][entityByName(def.model)!.name]!.one;
}

/** What a raw key looks like inside a message: snake_case, the key with spaces, or "uuid". */
function rawKeyIn(message: string, field: string, label: string): string | undefined {
  const snake = /\b[a-z0-9]+(?:_[a-z0-9]+)+\b/.exec(message)?.[0];
  if (snake) return snake;
  if (/uuid/i.test(message)) return 'uuid';
  const spaced = field.replace(/_/g, ' ');
  if (field.includes('_') && message.includes(spaced) && !label.includes(spaced)) return spaced;
  return undefined;
}

/** A value of the wrong type for every kind: each field's own schema error. */
const WRONG = { nested: { not: 'a value' } };

function messagesOf(entity: AnyEntity, locale: Locale): [string, string][] {
  const out: [string, string][] = [];
  const collect = (errors: Record<string, string[]>) => {
    for (const [path, list] of Object.entries(errors)) for (const m of list) out.push([path, m]);
  };
  const fields = Object.keys(entity.fields);
  // every writable field with a wrong value, every read-only field sent anyway (not allowed)
  const body = Object.fromEntries(fields.map((name) => [name, isWritable(entity.fields[name]!) ? WRONG : 'x']));
  for (const schema of [createSchema(entity), updateSchema(entity)]) {
    const res = schema.safeParse(body);
    if (!res.success) collect(zodRowErrors(res.error.issues, locale, '', entity));
  }
  // required fields left out, as a bulk row
  const empty = createSchema(entity).safeParse({});
  if (!empty.success) collect(zodRowErrors(empty.error.issues, locale, 'rows.0', entity));
  // what a service says of a field (a reference not found, a value taken, a derived value out of range)
  for (const name of fields)
    collect(
      failedToErrors(
        new ValidationFailed({
          [name]: [
            { key: 'validation.ref_not_found' },
            { key: 'validation.unique' },
            { key: 'validation.derived_invalid', params: { derived: name } },
          ],
        }),
        locale,
        '',
        entity,
      ),
    );
  return out;
}

describe('422 messages name fields by their labels', () => {
  for (const locale of LANGUAGES)
    for (const entity of entityList)
      it(`${entity.name} in ${locale}`, () => {
        const bad: string[] = [];
        for (const [path, message] of messagesOf(entity, locale)) {
          const field = path.split('.').pop()!;
          const label = Object.hasOwn(entity.fields, field) ? expectedLabel(locale, entity, field) : field;
          const raw = rawKeyIn(message, field, label);
          if (raw) bad.push(`${path}: "${message}" names ${raw}`);
          else if (Object.hasOwn(entity.fields, field) && !message.includes(label))
            bad.push(`${path}: "${message}" lacks the label ${label}`);
        }
        expect(bad).toEqual([]);
      });

  it('names the system fields a request may send by their labels', () => {
    for (const locale of LANGUAGES)
      for (const name of SYSTEM_FIELDS) {
        const errors = failedToErrors(
          new ValidationFailed({ [name]: [{ key: 'validation.required' }] }),
          locale,
          'rows.2',
          entityList[0],
        );
        const message = errors[`rows.2.${name}`]![0]!;
        expect(rawKeyIn(message, name, ''), message).toBeUndefined();
      }
  });

  it('reads "Property is required" / "Liegenschaft ist erforderlich" for a task without its property', () => {
    const task = entityByName('task')!;
    const summary = (locale: Locale) => {
      const res = createSchema(task).safeParse({ title: 'Filter' });
      if (res.success) throw new Error('expected a failure');
      return summaryOf(locale, zodRowErrors(res.error.issues, locale, '', task));
    };
    expect(summary('en-us')).toBe('Property is required. (and one more error)');
    expect(summary('de-ch')).toBe('Liegenschaft ist erforderlich. (und ein weiterer Fehler)');
    expect(summary('de')).toBe('Liegenschaft ist erforderlich. (und ein weiterer Fehler)');
  });
});
