// A cell of several options (a multi-select attribute, src/entities/fields.ts `enums`): edited as their labels
// separated by `;`, as it is copied, exported and pasted; each part is an option's value or its label in the
// user's language, ignoring case. Text that names no option stays in the cell, refused (use-cell-edit.ts).
import type { ICellEditorParams } from 'ag-grid-community';
import type { ApiRecord } from '../src/api/records';
import { InvalidInput } from './format-value';
import type { GridContext } from './grid-context';
import { TextInputEditor } from './cell-editors';
import { cellParser } from './clipboard/sheet-cells';

type Params = ICellEditorParams<ApiRecord, unknown, GridContext> & {
  model: string;
  name: string;
  values: readonly string[];
};

const labelOf = (p: Pick<Params, 'context' | 'model' | 'name'>, value: string) =>
  p.context.t(`enums.${p.model}.${p.name}.${value}`);

export class EnumsTextEditor extends TextInputEditor<Params> {
  protected readonly className = 'hw-grid-refs-editor';

  protected text(params: Params) {
    return Array.isArray(params.value) ? params.value.map((v) => labelOf(params, String(v))).join('; ') : '';
  }

  protected parse(text: string) {
    const { name, values, context } = this.params;
    // read as a pasted cell is (clipboard/sheet-cells.ts): options by value or label, in the field's order
    const parsed = cellParser(context)(text, { name, field: { kind: 'enums', values }, writable: true }, null);
    return parsed.ok ? parsed.value : new InvalidInput(text);
  }
}
