// Lists of references (`refs` fields) in grid cells: chips with the records' titles (the titles loaded through the
// batched title loader, ref-cells.ts), typed and pasted as titles (or uuids) separated by `;` — the same text an
// export writes and an import reads (src/domain/cells.ts). A title is turned into its uuid among the titles known
// here; the grid loads every title of the referenced model when it opens (`preloadTitles`: the admin tables refs
// point to are small), so a name typed or pasted is found at once. A text that names an unknown record stays in its
// cell as an error (InvalidInput), never sent.
import type { ICellEditorParams, ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import { InvalidInput } from './format-value';
import type { GridContext } from './grid-context';
import { TextInputEditor } from './cell-editors';
import { uuidOfTitle } from './ref-titles';
import type { ApiRecord } from '../src/api/records';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const uuidsOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** One title a cell shows for a uuid: the title, `…` while it loads, the unknown mark when it is gone or hidden. */
function titleOf(context: GridContext, model: string, uuid: string): string {
  const state = context.refTitles.get(model, uuid);
  if (typeof state === 'object') return state.title;
  return state === 'pending' ? '…' : context.t('grid.unknownRecord');
}

/** The titles separated by `; ` (copy, the editor's text, a read-only view). */
export const refsText = (context: GridContext, model: string, value: unknown) =>
  uuidsOf(value)
    .map((u) => titleOf(context, model, u))
    .join('; ');

/** A typed or pasted text as uuids: every part a uuid or a known title; null when a part names nothing known. */
export function parseRefsText(model: string, text: string): string[] | null {
  const out: string[] = [];
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const uuid = UUID.test(part) ? part.toLowerCase() : uuidOfTitle(model, part);
    if (!uuid) return null;
    if (!out.includes(uuid)) out.push(uuid);
  }
  return out;
}

type ChipParams = ICellRendererParams<ApiRecord, unknown, GridContext> & { model: string };

/**
 * The cell: one chip per referenced record. A plain DOM renderer (AG Grid's ICellRendererComp), as the title cell
 * (cell-renderers.ts): a function would be taken for a React component by ag-grid-react.
 */
export class RefsChipsCell implements ICellRendererComp<ApiRecord> {
  private box = document.createElement('span');

  init(params: ChipParams): void {
    this.box.className = 'hw-refs-chips';
    this.update(params);
  }

  private update(p: ChipParams): void {
    this.box.replaceChildren(
      ...uuidsOf(p.value).map((uuid) => {
        const chip = document.createElement('span');
        chip.className = 'hw-refs-chip';
        chip.textContent = titleOf(p.context, p.model, uuid);
        return chip;
      }),
    );
  }

  getGui(): HTMLElement {
    return this.box;
  }

  refresh(params: ChipParams): boolean {
    this.update(params);
    return true;
  }
}

type Params = ICellEditorParams<ApiRecord, unknown, GridContext> & { model: string };

/** The titles as text, separated by `;`; the value as it was when the text was not touched. */
export class RefsTextEditor extends TextInputEditor<Params> {
  protected readonly className = 'hw-grid-refs-editor';

  protected text(params: Params) {
    return refsText(params.context, params.model, params.value);
  }

  protected parse(text: string) {
    return parseRefsText(this.params.model, text) ?? new InvalidInput(text);
  }
}
