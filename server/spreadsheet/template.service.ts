// The import template of a model: translated headers of every writable field, list validation (dropdowns) for
// enum fields, and a hidden uuid column, so a filled template imports with the suggested mapping as it is.
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { Locale } from '../../src/entities/account';
import type { AnyEntity } from '../../src/entities/define';
import { isWritable } from '../../src/entities/fields';
import { sheetName } from '../../src/domain/sheet-text';
import { enumLabel, fieldLabel, modelLabel } from './labels';

/** Rows the dropdowns cover. */
const TEMPLATE_ROWS = 10_000;

export function importableFields(entity: AnyEntity): string[] {
  return Object.entries(entity.fields)
    .filter(([, f]) => isWritable(f))
    .map(([n]) => n);
}

const letter = (n: number) => {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
};

export async function writeTemplate(entity: AnyEntity, locale: Locale, out: Writable) {
  // loaded when a template is asked for, not at start (docs/decisions.md, "Start-up")
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName(modelLabel(entity, locale)), { views: [{ state: 'frozen', ySplit: 1 }] });
  const fields = importableFields(entity);
  ws.columns = [
    ...fields.map((name) => ({ header: fieldLabel(entity, name, locale), key: name, width: 22 })),
    { header: 'uuid', key: 'uuid', hidden: true, width: 38 },
  ];
  fields.forEach((name, i) => {
    const field = entity.fields[name]!;
    if (field.kind !== 'enum' && field.kind !== 'bool') return;
    const options =
      field.kind === 'enum' ? field.values.map((v) => enumLabel(entity, name, v, locale)) : ['true', 'false'];
    const column = letter(i + 1);
    (
      ws as unknown as { dataValidations: { add: (range: string, v: ExcelJS.DataValidation) => void } }
    ).dataValidations.add(`${column}2:${column}${TEMPLATE_ROWS + 1}`, {
      type: 'list',
      allowBlank: !field.required,
      formulae: [`"${options.map((o) => o.replace(/"/g, '""').replace(/,/g, ' ')).join(',')}"`],
      showErrorMessage: true,
    });
  });
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  ws.commit();
  await wb.commit();
}
