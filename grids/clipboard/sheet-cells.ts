// Cell text both ways for the clipboard: what a copied cell says (numbers with the locale's decimal sign and no
// grouping, dates in the user's format, enum labels, ref titles) and how a pasted text becomes an API value
// (src/domain/cells.ts with the user's locale; enum labels; a ref keeps its record when the text is its title; a
// record template by its name).
import { fromCell, type CellContext, type FromCell } from '../../src/domain/cells';
import { isNumericKind } from '../../src/entities/fields';
import { editText, formatValue } from '../format-value';
import type { GridContext } from '../grid-context';
import { isTemplateColumn } from './paste-header';
import type { SheetColumn } from './paste-plan';
import { parseRefsText, refsText } from '../refs-cells';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function refTitle(context: GridContext, model: string, uuid: unknown): string {
  if (typeof uuid !== 'string' || !uuid) return '';
  const state = context.refTitles.get(model, uuid);
  return typeof state === 'object' ? state.title : uuid;
}

export function copyText(context: GridContext, column: SheetColumn, row: Record<string, unknown>): string {
  const value = row[column.name];
  if (value === null || value === undefined) return '';
  if (isTemplateColumn(column)) return context.templates.find((t) => t.uuid === value)?.name ?? String(value);
  const { field } = column;
  if (isNumericKind(field.kind)) return editText(value, context.format.locale);
  if (field.kind === 'ref') return refTitle(context, field.model, value);
  if (field.kind === 'refs') return refsText(context, field.model, value);
  return formatValue(value, { model: context.entity.name, name: column.name, field }, context.format, row);
}

/** A pasted template's name (any case) or uuid as one of the model's live templates in the settings group. */
function templateOf(context: GridContext, raw: string): FromCell {
  const text = raw.trim().toLowerCase();
  if (text === '') return { ok: true, value: null };
  const found = context.templates.find((t) => t.name.toLowerCase() === text || t.uuid.toLowerCase() === text);
  return found ? { ok: true, value: found.uuid } : { ok: false };
}

/** The parser of pasted texts for one grid, with its enum labels in the user's language. */
export function cellParser(context: GridContext) {
  const model = context.entity.name;
  const labels = new Map<string, Map<string, string>>();
  const cellContext: CellContext = {
    locale: context.format.locale,
    dateFormat: context.format.dateFormat,
    enumByLabel: (name, label) => {
      let byLabel = labels.get(name);
      if (!byLabel) {
        const field = context.entity.fields[name];
        const values = field?.kind === 'enum' || field?.kind === 'enums' ? field.values : [];
        byLabel = new Map(values.map((v) => [context.t(`enums.${model}.${name}.${v}`).toLowerCase(), v]));
        labels.set(name, byLabel);
      }
      return byLabel.get(label);
    },
  };
  return (raw: string, column: SheetColumn, before: unknown): FromCell => {
    const { field } = column;
    if (isTemplateColumn(column)) return templateOf(context, raw);
    if (field.kind === 'ref') {
      const text = raw.trim();
      if (text === '') return { ok: true, value: null };
      if (UUID.test(text)) return { ok: true, value: text.toLowerCase() };
      if (typeof before === 'string' && refTitle(context, field.model, before) === text)
        return { ok: true, value: before };
      return { ok: false };
    }
    if (field.kind === 'refs') {
      const uuids = parseRefsText(field.model, raw);
      return uuids ? { ok: true, value: uuids } : { ok: false };
    }
    if (field.kind === 'bool') {
      const text = raw.trim().toLowerCase();
      if (text === context.t('grid.yes').toLowerCase()) return { ok: true, value: true };
      if (text === context.t('grid.no').toLowerCase()) return { ok: true, value: false };
    }
    return fromCell(field, column.name, raw, cellContext);
  };
}
