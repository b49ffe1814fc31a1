// Custom cell editors as AG Grid components (ICellEditorComp): numbers typed in the user's language (a plain
// input), and the lookup of referenced records (the React RefLookup in a root of its own inside the popup, with
// the app's query cache). Both hand the grid the API value (or an InvalidInput); `readOnlyEdit` turns it into a
// cellEditRequest (data-grid.tsx).
import { QueryClientProvider } from '@tanstack/react-query';
import type { ICellEditorComp, ICellEditorParams } from 'ag-grid-community';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { FieldKind } from '../src/entities/fields';
import { InvalidInput, editText, parseNumber } from './format-value';
import type { GridContext } from './grid-context';
import type { ApiRecord } from '../src/api/records';
import { RefLookup } from './ref-lookup';

type Params = ICellEditorParams<ApiRecord, unknown, GridContext>;
const printable = (key: string | null | undefined) => (key && key.length === 1 ? key : null);

/**
 * A plain input whose text becomes the cell's value: typing a character starts the text with it, Enter/F2 start
 * from the value's text (`text`), and the value is `parse` of the text, or the value as it was when the text was
 * not touched.
 */
export abstract class TextInputEditor<P extends Params = Params> implements ICellEditorComp<
  ApiRecord,
  unknown,
  GridContext
> {
  protected input = document.createElement('input');
  protected params!: P;
  private typed: string | null = null;
  private changed = false;
  protected abstract readonly className: string;
  /** Enter/F2 select the whole text (a number) rather than put the cursor at its end (a list). */
  protected readonly selectOnStart: boolean = false;
  /** The text of the value when editing starts. */
  protected abstract text(params: P): string;
  /** The value of the text (an InvalidInput when it is none). */
  protected abstract parse(text: string): unknown;

  init(params: P): void {
    this.params = params;
    this.typed = printable(params.eventKey);
    this.changed = this.typed !== null;
    this.input.className = this.className;
    this.input.value = this.typed ?? this.text(params);
    this.input.addEventListener('input', this.onInput);
  }

  private onInput = () => {
    this.changed = true;
  };

  getGui(): HTMLElement {
    return this.input;
  }

  afterGuiAttached(): void {
    this.input.focus();
    if (this.typed || !this.selectOnStart)
      this.input.setSelectionRange(this.input.value.length, this.input.value.length);
    else this.input.select();
  }

  getValue(): unknown {
    return this.changed ? this.parse(this.input.value) : this.params.value;
  }

  destroy(): void {
    this.input.removeEventListener('input', this.onInput);
  }
}

/** A number in the user's locale; typing a character starts with it, Enter/F2 select the current value. */
export class NumberTextEditor extends TextInputEditor<Params & { kind: FieldKind }> {
  protected readonly className = 'hw-grid-number-editor';
  protected override readonly selectOnStart = true;

  override init(params: Params & { kind: FieldKind }): void {
    super.init(params);
    this.input.inputMode = 'decimal';
  }

  protected text(params: Params) {
    return editText(params.value, params.context.format.locale);
  }

  protected parse(text: string) {
    const parsed = parseNumber(text, this.params.kind, this.params.context.format.locale);
    return parsed.ok ? parsed.value : new InvalidInput(text);
  }
}

interface RefLookupParams {
  model: string;
  allowClear: boolean;
  propertyScoped: boolean;
}

/** The search of referenced records in a popup: Enter or a click picks, Escape cancels. */
export class RefLookupEditor implements ICellEditorComp<ApiRecord, unknown, GridContext> {
  private gui = document.createElement('div');
  private root: Root | null = null;
  private value: unknown;

  init(params: Params & RefLookupParams): void {
    const { context, data, eventKey, model, allowClear, propertyScoped, stopEditing } = params;
    this.value = params.value;
    const scope: Record<string, string | string[]> = { ...context.lookupScope };
    if (propertyScoped && typeof data?.property_uuid === 'string') scope.property_uuids = [data.property_uuid];
    this.gui.className = 'hw-grid-popup-editor';
    this.root = createRoot(this.gui);
    const root = this.root;
    // rendered at once, so the popup is measured and placed with its content
    flushSync(() =>
      root.render(
        <QueryClientProvider client={context.queryClient}>
          <RefLookup
            model={model}
            scope={scope}
            initialSearch={printable(eventKey) ?? ''}
            allowClear={allowClear}
            onPick={(uuid) => {
              this.value = uuid;
              stopEditing();
            }}
            onCancel={() => stopEditing(true)}
          />
        </QueryClientProvider>,
      ),
    );
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  isPopup(): boolean {
    return true;
  }

  /** The search field's autoFocus ran while the popup was not in the document yet. */
  afterGuiAttached(): void {
    this.gui.querySelector('input')?.focus();
  }

  getValue(): unknown {
    return this.value;
  }

  destroy(): void {
    const root = this.root;
    this.root = null;
    // the editor closes from inside the lookup's own event handlers: unmount after they return
    if (root) setTimeout(() => root.unmount());
  }
}
