// Field labels, enum labels and model names in the user's language for workbook headers and dropdowns, read from
// the browser's locale files (src/locales/*/entities.json, enums.json, the namespaces entities and enums of the
// server's i18next instance) so headers match the grid's; de-ch falls back to de, then en-us.
import type { Locale } from '../../src/entities/account';
import type { AnyEntity } from '../../src/entities/define';
import { serverI18n } from '../i18n/messages';

export const LOCALES: Locale[] = ['en-us', 'de', 'de-ch'];

/** The text of a key when one of the languages has it (no missing-key report: callers fall back themselves). */
function lookup(locale: Locale, key: string): string | undefined {
  if (!serverI18n.exists(key, { lng: locale })) return undefined;
  const text: unknown = serverI18n.t(key, { lng: locale });
  return typeof text === 'string' ? text : undefined;
}

export function fieldLabel(entity: AnyEntity, field: string, locale: Locale): string {
  return lookup(locale, `entities.${entity.name}.fields.${field}`) ?? field;
}

export function modelLabel(entity: AnyEntity, locale: Locale): string {
  return lookup(locale, `entities.${entity.name}.plural`) ?? entity.plural;
}

export function enumLabel(entity: AnyEntity, field: string, value: string, locale: Locale): string {
  return lookup(locale, `enums.${entity.name}.${field}.${value}`) ?? value;
}

type EnumTexts = Record<string, Record<string, Record<string, string>> | undefined>;

/** An enum value by its label in any of the languages (lower-cased), for cells that carry labels. */
export function enumByLabel(entity: AnyEntity, field: string, label: string): string | undefined {
  for (const locale of LOCALES) {
    const values = (serverI18n.getResourceBundle(locale, 'enums') as EnumTexts)[entity.name]?.[field] ?? {};
    for (const [value, text] of Object.entries(values)) if (text.toLowerCase() === label) return value;
  }
  return undefined;
}
