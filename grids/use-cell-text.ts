// Cells as text in the user's locale (clipboard/sheet-cells.ts) for one grid: a column's header, the parser a paste
// or a fill reads text with (and its message for a value it cannot read), a value as the text a copy writes, and a
// value carried into another column (fill right).
import { useCallback, type RefObject } from 'react';
import { useTranslation } from '../src/i18n';
import type { SheetColumn } from './clipboard/paste-plan';
import { cellParser, copyText } from './clipboard/sheet-cells';
import type { GridDefinition } from './define-grid';
import { headerOf } from './field-refs';
import type { Convert } from './fill/fill';
import type { GridContext } from './grid-context';

export type CellText = ReturnType<typeof useCellText>;

export function useCellText(grid: GridDefinition, context: RefObject<GridContext>) {
  const { t } = useTranslation();
  const { entity } = grid;

  const header = useCallback((name: string) => headerOf(t, entity.name, name), [t, entity.name]);
  const parser = useCallback(() => {
    const parse = cellParser(context.current);
    const invalid = (column: SheetColumn) => t('sheet.paste.invalid', { field: header(column.name) });
    return { parse, invalid };
  }, [context, t, header]);

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

  return { header, parser, convert, display };
}
