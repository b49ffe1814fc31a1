// A column filter listing the values of an enum (or yes/no) as checkboxes: the server's "in" filter
// (Community has no set filter). The model is `{ filterType: 'values', values }`. A plain AG Grid filter
// component (IFilterComp) with Blueprint's checkbox and button markup, so opening it renders no React.
import { Classes } from '@blueprintjs/core';
import type { IFilterComp, IFilterParams } from 'ag-grid-community';
import type { GridContext } from './grid-context';
import type { ValuesFilterModel } from './list-query';

export interface ValuesFilterParams {
  /** value → i18n key of its label */
  labels: Record<string, string>;
}

type Params = IFilterParams & ValuesFilterParams & { context: GridContext };

export class ValuesFilter implements IFilterComp {
  private gui = document.createElement('div');
  private clear = document.createElement('button');
  private boxes = new Map<string, HTMLInputElement>();
  private selected: string[] = [];
  private params!: Params;

  init(params: Params): void {
    this.params = params;
    const { t } = params.context;
    this.gui.className = 'hw-values-filter';
    this.gui.setAttribute('role', 'group');
    this.gui.setAttribute('aria-label', t('grid.filter.values'));
    for (const [value, key] of Object.entries(params.labels)) {
      const label = document.createElement('label');
      label.className = `${Classes.CONTROL} ${Classes.CHECKBOX}`;
      const input = document.createElement('input');
      input.type = 'checkbox';
      input.className = Classes.CONTROL_INPUT;
      input.addEventListener('change', () => this.toggle(value, input.checked));
      const indicator = document.createElement('span');
      indicator.className = Classes.CONTROL_INDICATOR;
      label.append(input, indicator, t(key));
      this.boxes.set(value, input);
      this.gui.append(label);
    }
    this.clear.type = 'button';
    const text = document.createElement('span');
    text.className = Classes.BUTTON_TEXT;
    text.textContent = t('grid.filter.clear');
    this.clear.append(text);
    this.clear.addEventListener('click', () => this.apply([]));
    this.gui.append(this.clear);
    this.show();
  }

  private toggle(value: string, on: boolean): void {
    this.apply(on ? [...this.selected, value] : this.selected.filter((v) => v !== value));
  }

  private apply(values: string[]): void {
    this.selected = values;
    this.show();
    this.params.filterChangedCallback();
  }

  /** Checkboxes and the Clear button as the selection is. */
  private show(): void {
    for (const [value, input] of this.boxes) input.checked = this.selected.includes(value);
    const none = this.selected.length === 0;
    this.clear.disabled = none;
    this.clear.tabIndex = none ? -1 : 0;
    this.clear.className = [Classes.BUTTON, none ? Classes.DISABLED : '', Classes.SMALL, Classes.MINIMAL].join(' ');
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  isFilterActive(): boolean {
    return this.selected.length > 0;
  }

  /** Every row passes: the server filters (infinite row model). */
  doesFilterPass(): boolean {
    return true;
  }

  getModel(): ValuesFilterModel | null {
    return this.selected.length > 0 ? { filterType: 'values', values: [...this.selected] } : null;
  }

  setModel(model: ValuesFilterModel | null): void {
    this.selected = model?.values ? [...model.values] : [];
    this.show();
  }
}
