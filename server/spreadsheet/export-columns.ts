// The columns of an export (the grid's visible columns in order, or every column) and what each record value
// becomes in a typed xlsx cell or a CSV text in the user's locale. References show their record's title.
import type { Locale } from '../../src/entities/account';
import type { AnyEntity } from '../../src/entities/define';
import { isDecimalKind, type Field } from '../../src/entities/fields';
import { toCell, type CellValue } from '../../src/domain/cells';
import type { DateFormatToken, ParseLocale } from '../../src/domain/parse';
import { dateText, escapeFormula, excelDateFormat, numberText } from '../../src/domain/sheet-text';
import {
  attributeField,
  attributeKeyOf,
  attributeLabel,
  attributePath,
  byAttributeOrder,
  optionLabel,
  type AttributeDef,
} from '../../src/domain/attributes';
import { fieldError } from '../http-error';
import { translate } from '../i18n/messages';
import { enumLabel, fieldLabel } from './labels';

const SYSTEM: Record<string, Field> = {
  created_at: { kind: 'datetime' },
  updated_at: { kind: 'datetime' },
  created_by: { kind: 'text' },
  updated_by: { kind: 'text' },
};

export interface ExportColumn {
  name: string;
  field: Field;
  header: string;
  /** Width in characters (from the grid's pixels), when given. */
  width?: number;
  /** The settings group's attribute the column is (docs/domain/attributes.md): its label heads it, its options' labels
   * are its values' texts. */
  attribute?: AttributeDef;
}

export interface ExportFormat {
  locale: Locale;
  dateFormat: DateFormatToken;
}

/**
 * Columns by name in the given order; without names every field that is not hidden, then the live attributes
 * `attributes` of the settings groups exported (`attributes.<key>`). Unknown names are a 422.
 */
export function exportColumns(
  entity: AnyEntity,
  fmt: ExportFormat,
  names?: string[],
  widths?: number[],
  attributes: readonly AttributeDef[] = [],
) {
  const byKey = new Map<string, AttributeDef>();
  for (const d of [...attributes].sort(byAttributeOrder)) if (!byKey.has(d.key)) byKey.set(d.key, d);
  const chosen = names?.length
    ? names
    : [
        ...Object.entries(entity.fields)
          .filter(([, f]) => !f.hidden)
          .map(([n]) => n),
        ...[...byKey.keys()].map(attributePath),
      ];
  return chosen.map((name, i): ExportColumn => {
    const px = widths?.[i];
    const width = px ? { width: Math.max(4, Math.round(px / 7)) } : {};
    const key = attributeKeyOf(name);
    const attribute = key === null ? undefined : byKey.get(key);
    if (attribute)
      return {
        name,
        field: attributeField(attribute),
        header: attributeLabel(attribute, fmt.locale),
        attribute,
        ...width,
      };
    const field = Object.hasOwn(entity.fields, name)
      ? entity.fields[name]
      : Object.hasOwn(SYSTEM, name)
        ? SYSTEM[name]
        : undefined;
    if (!field) throw fieldError('columns', 'validation.in');
    return {
      name,
      field,
      header: Object.hasOwn(SYSTEM, name) ? systemLabel(name, fmt.locale) : fieldLabel(entity, name, fmt.locale),
      ...width,
    };
  });
}

const systemLabel = (name: string, locale: Locale) =>
  translate(locale, `export.${name}` as Parameters<typeof translate>[1]);

/** Looks up the title of a referenced record (per page, see export.service). */
export type RefTitle = (column: string, uuid: string) => string | undefined;

/** The typed cell of a record value for xlsx. */
export function xlsxValue(entity: AnyEntity, col: ExportColumn, value: unknown, fmt: ExportFormat, ref: RefTitle) {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value; // timestamps as read from the database
  // a multi-select's options, separated by `;` as a list of references is
  if (col.attribute && Array.isArray(value))
    return escapeFormula(value.map((v) => optionLabel(col.attribute!, String(v), fmt.locale)).join('; '));
  switch (col.field.kind) {
    case 'ref':
      return ref(col.name, String(value)) ?? String(value);
    case 'refs':
      return refsText(col, value, ref);
    case 'json':
      return escapeFormula(JSON.stringify(value));
    case 'enum':
      return col.attribute
        ? optionLabel(col.attribute, String(value), fmt.locale)
        : enumLabel(entity, col.name, String(value), fmt.locale);
    case 'text':
    case 'long_text':
    case 'email':
    case 'phone':
      return escapeFormula(String(value));
    default:
      return toCell(col.field, value) as CellValue;
  }
}

/** The titles of a list of references, separated by `;` (as paste and import take them). */
const refsText = (col: ExportColumn, value: unknown, ref: RefTitle) =>
  escapeFormula(
    (Array.isArray(value) ? (value as string[]) : []).map((u) => ref(col.name, String(u)) ?? String(u)).join('; '),
  ) || null;

/** The Excel number format of a column. */
export function numFmt(col: ExportColumn, fmt: ExportFormat): string | undefined {
  const kind = col.field.kind;
  if (kind === 'date') return excelDateFormat(fmt.dateFormat);
  if (kind === 'datetime') return `${excelDateFormat(fmt.dateFormat)} hh:mm`;
  if (kind === 'money' || kind === 'area') return '#,##0.00';
  if (kind === 'int') return '0';
  return undefined;
}

/** The CSV text of a record value: numbers and dates as the user types them. */
export function csvValue(entity: AnyEntity, col: ExportColumn, value: unknown, fmt: ExportFormat, ref: RefTitle) {
  if (value === null || value === undefined || value === '') return '';
  const kind = col.field.kind;
  if (kind === 'int' || isDecimalKind(kind)) return numberText(value as string, fmt.locale as ParseLocale);
  if (kind === 'date') return dateText(String(value), fmt.dateFormat);
  if (kind === 'datetime') {
    const d = value instanceof Date ? value : new Date(String(value));
    return `${dateText(d.toISOString(), fmt.dateFormat)} ${d.toISOString().slice(11, 16)}`;
  }
  if (kind === 'bool') return translate(fmt.locale, value ? 'export.yes' : 'export.no');
  return String(xlsxValue(entity, col, value, fmt, ref) ?? '');
}
