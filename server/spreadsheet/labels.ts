// Field labels, enum labels and model names in the user's language for workbook headers and dropdowns, read from
// the browser's locale files (src/locales/*/entities.json, enums.json) so headers match the grid's.
import type { Locale } from '../../src/entities/account';
import type { AnyEntity } from '../../src/entities/define';
import enEntities from '../../src/locales/en-us/entities.json';
import deEntities from '../../src/locales/de/entities.json';
import deChEntities from '../../src/locales/de-ch/entities.json';
import enEnums from '../../src/locales/en-us/enums.json';
import deEnums from '../../src/locales/de/enums.json';
import deChEnums from '../../src/locales/de-ch/enums.json';

type EntityTexts = Record<string, { one?: string; plural?: string; fields?: Record<string, string> }>;
type EnumTexts = Record<string, Record<string, Record<string, string>>>;

const entityTexts: Record<Locale, EntityTexts> = {
  'en-us': enEntities as EntityTexts,
  de: deEntities as EntityTexts,
  'de-ch': { ...(deEntities as EntityTexts), ...(deChEntities as EntityTexts) },
};
const enumTexts: Record<Locale, EnumTexts> = {
  'en-us': enEnums as EnumTexts,
  de: deEnums as EnumTexts,
  'de-ch': { ...(deEnums as EnumTexts), ...(deChEnums as EnumTexts) },
};

export const LOCALES: Locale[] = ['en-us', 'de', 'de-ch'];

export function fieldLabel(entity: AnyEntity, field: string, locale: Locale): string {
  return (
    entityTexts[locale][entity.name]?.fields?.[field] ?? entityTexts['en-us'][entity.name]?.fields?.[field] ?? field
  );
}

export function modelLabel(entity: AnyEntity, locale: Locale): string {
  return entityTexts[locale][entity.name]?.plural ?? entity.plural;
}

export function enumLabel(entity: AnyEntity, field: string, value: string, locale: Locale): string {
  return enumTexts[locale][entity.name]?.[field]?.[value] ?? value;
}

/** An enum value by its label in any of the languages (lower-cased), for cells that carry labels. */
export function enumByLabel(entity: AnyEntity, field: string, label: string): string | undefined {
  for (const locale of LOCALES) {
    const values = enumTexts[locale][entity.name]?.[field] ?? {};
    for (const [value, text] of Object.entries(values)) if (text.toLowerCase() === label) return value;
  }
  return undefined;
}
