// A cell of several options (a multi-select attribute, src/entities/fields.ts `enums`): edited as their labels
// separated by `;`, as it is copied, exported and pasted; each part is an option's value or its label in the
// user's language, ignoring case. Text that names no option stays in the cell, refused (use-cell-edit.ts).
import type { ICellEditorParams } from 'ag-grid-community';
import type { ApiRecord } from '../src/api/records';
import { InvalidInput } from './format-value';
import type { GridContext } from './grid-context';
import { TextInputEditor } from './cell-editors';

type Params = ICellEditorParams<ApiRecord, unknown, GridContext> & {
  model: string;
  name: string;
  values: readonly string[];
};

const labelOf = (p: Pick<Params, 'context' | 'model' | 'name'>, value: string) =>
  p.context.t(`enums.${p.model}.${p.name}.${value}`);

/** The options of text (`a; b`), in the field's order, or null when a part names none. */
export function parseEnumsText(p: Pick<Params, 'context' | 'model' | 'name' | 'values'>, text: string) {
  const parts = text
    .split(/[;\n]/)
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const found = parts.map((part) =>
    p.values.find((v) => v.toLowerCase() === part || labelOf(p, v).toLowerCase() === part),
  );
  if (found.some((v) => v === undefined)) return null;
  return p.values.filter((v) => found.includes(v));
}

export class EnumsTextEditor extends TextInputEditor<Params> {
  protected readonly className = 'hw-grid-refs-editor';

  protected text(params: Params) {
    return Array.isArray(params.value) ? params.value.map((v) => labelOf(params, String(v))).join('; ') : '';
  }

  protected parse(text: string) {
    const parsed = parseEnumsText(this.params, text);
    return parsed === null ? new InvalidInput(text) : parsed.length ? parsed : null;
  }
}
