// Cells as text in the user's locale (clipboard/sheet-cells.ts) for one grid: a column's header, the parser a paste
// or a fill reads text with (and its message for a value it cannot read), a value as the text a copy writes, a
// value carried into another column (fill right), and the columns a pasted header row may name.
import { useCallback, type RefObject } from 'react';
import { isAttributeModel } from '../src/domain/attributes';
import { isWritable } from '../src/entities/fields';
import { i18n, LANGUAGES, useTranslation } from '../src/i18n';
import { headerNames, isTemplateColumn, templateColumn } from './clipboard/paste-header';
import type { SheetColumn } from './clipboard/paste-plan';
import { cellParser, copyText } from './clipboard/sheet-cells';
import { allColumns, type GridDefinition } from './define-grid';
import { fieldRefOf, headerOf } from './field-refs';
import type { Convert } from './fill/fill';
import type { GridContext } from './grid-context';

export type CellText = ReturnType<typeof useCellText>;

export function useCellText(grid: GridDefinition, context: RefObject<GridContext>) {
  const { t } = useTranslation();
  const { entity } = grid;

  const header = useCallback(
    (name: string) => (isTemplateColumn({ name }) ? t('sheet.paste.template') : headerOf(t, entity.name, name)),
    [t, entity.name],
  );
  const parser = useCallback(() => {
    const parse = cellParser(context.current);
    const invalid = (column: SheetColumn, raw: string) =>
      isTemplateColumn(column)
        ? t('sheet.paste.templateUnknown', { name: raw.trim() })
        : t('sheet.paste.invalid', { field: header(column.name) });
    return { parse, invalid };
  }, [context, t, header]);

  /** The columns a pasted header row may name: every column of the grid, shown or not, by its header in each
   * language and its API name, and the template column of a model with record templates. */
  const pasteHeaders = useCallback(() => {
    const columns = allColumns(grid).flatMap((name) => {
      const ref = fieldRefOf(grid, name);
      if (!ref) return [];
      const column = { name, field: ref.field, writable: name in entity.fields && isWritable(ref.field) };
      const tr = (lng: string) => (key: string) => i18n.instance.t(key, { lng });
      return [{ column, names: [...LANGUAGES.map((lng) => headerOf(tr(lng), entity.name, name)), name] }];
    });
    if (isAttributeModel(entity.name))
      columns.push({
        column: templateColumn,
        names: LANGUAGES.map((lng) => i18n.instance.t('sheet.paste.template', { lng })),
      });
    return headerNames(columns);
  }, [grid, entity]);

  /** A value carried into another column (fill right): as is for the same field, else through its text. */
  const convert = useCallback<Convert>(
    (value, from, to) => {
      if (JSON.stringify(from.field) === JSON.stringify(to.field)) return { value };
      const parsed = parser().parse(copyText(context.current, from, { [from.name]: value }), to, null);
      return parsed.ok ? { value: parsed.value } : null;
    },
    [context, parser],
  );

  const display = useCallback(
    (column: SheetColumn, value: unknown) => copyText(context.current, column, { [column.name]: value }),
    [context],
  );

  return { header, parser, convert, display, pasteHeaders };
}
