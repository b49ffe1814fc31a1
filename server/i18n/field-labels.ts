// The name a message gives a field (docs/decisions.md, "Field names in messages"): the label the user sees on the
// form and the grid, in the request's language, never the API's key. A model's field reads
// `entities.<model>.fields.<field>` (src/locales/*/entities.json); a reference without a label of its own takes the
// referenced model's name (`property_uuid` → "Property" / "Liegenschaft"); a field of no model (sign-in, profile,
// network rules) reads `fields.<field>` of the server's catalogue. Only a field none of these know is shown as its
// key, with spaces for underscores.
import type { Locale } from '../../src/entities/account';
import type { AnyEntity } from '../../src/entities/define';
import { entityByName, entityByPlural, entityList } from '../../src/entities/registry';
import { serverI18n } from './messages';

/** The text of a key in `locale` (falling back as i18next does), or undefined when no language has it. */
function lookup(locale: Locale, key: string): string | undefined {
  if (!serverI18n.exists(key, { lng: locale })) return undefined;
  const text: unknown = serverI18n.t(key, { lng: locale });
  return typeof text === 'string' ? text : undefined;
}

/** A model's name for one record ("Property"), in `locale`. */
export const modelOneLabel = (entity: AnyEntity, locale: Locale) =>
  lookup(locale, `entities.${entity.name}.one`) ?? entity.name.replace(/_/g, ' ');

/** The label of `field` on `entity`, or undefined when the model has no such field or label. */
function ownLabel(entity: AnyEntity, field: string, locale: Locale): string | undefined {
  if (!Object.hasOwn(entity.fields, field)) return undefined;
  const label = lookup(locale, `entities.${entity.name}.fields.${field}`);
  if (label) return label;
  const def = entity.fields[field]!;
  const target = def.kind === 'ref' ? entityByName(def.model) : undefined;
  return target ? modelOneLabel(target, locale) : undefined;
}

/**
 * The label of the field an error path names (`rows.3.property_uuid`, `address.city`: its last part that is not a
 * row number), as a message says it in `locale`; `entity` is the model the request writes, when it writes one.
 */
export function fieldLabel(locale: Locale, path: string, entity?: AnyEntity): string {
  const parts = path.split('.').filter((p) => p !== '' && !/^\d+$/.test(p));
  const field = parts[parts.length - 1] ?? path;
  const own = entity ? ownLabel(entity, field, locale) : undefined;
  if (own) return own;
  const referenced = field.endsWith('_uuid') ? entityByName(field.slice(0, -'_uuid'.length)) : undefined;
  if (referenced) return modelOneLabel(referenced, locale);
  const general = lookup(locale, `messages.fields.${field}`);
  if (general) return general;
  // a field of another model of the same name (a bulk or an action body naming a model's field)
  for (const other of entityList) {
    const label = ownLabel(other, field, locale);
    if (label) return label;
  }
  return field.replace(/_/g, ' ');
}

/** The model a request writes, from its route (`/api/v1/tasks/:uuid/…` → task), if any. */
export function entityOfRoute(url: string | undefined): AnyEntity | undefined {
  const segment = url?.replace(/^\/api\/v1\//, '').split('/')[0];
  return segment ? entityByPlural(segment) : undefined;
}
