// The title cell's renderer: the text and a small "open" button. A plain DOM component (AG Grid's
// ICellRendererComp), not React: a React renderer costs a portal and a commit per cell, which made scrolling
// 100,000 rows drop frames. It looks like Blueprint's button through Blueprint's own classes and reads shared state
// (translations, openRecord) from the grid context. Other cells need no renderer: a referenced record's title is
// the column's formatted value (grids/ref-cells.ts), a status is classes on the plain cell (columns.ts).
import { Classes } from '@blueprintjs/core';
import type { ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import type { GridContext } from './grid-context';
import type { ApiRecord } from '../src/api/records';

type Params = ICellRendererParams<ApiRecord, unknown, GridContext>;

const textOf = (p: Params) => p.valueFormatted ?? (p.value === null || p.value === undefined ? '' : String(p.value));

/** The title column: the text, and a small button that opens the record (Space does the same from the keyboard). */
export class TitleCell implements ICellRendererComp<ApiRecord> {
  private gui = document.createElement('span');
  private text = document.createElement('span');
  private button = document.createElement('button');
  private params!: Params;

  init(params: Params): void {
    this.gui.className = 'hw-grid-title-cell';
    this.text.className = 'hw-grid-title-text';
    this.button.type = 'button';
    this.button.tabIndex = -1;
    // the icon is the button's background (data-grid.css): three elements fewer in every row a scroll inserts
    this.button.className = `${Classes.BUTTON} ${Classes.MINIMAL} ${Classes.SMALL} hw-grid-open-button`;
    this.button.addEventListener('click', this.onClick);
    this.gui.append(this.text, this.button);
    this.update(params);
  }

  private onClick = (event: MouseEvent) => {
    event.stopPropagation();
    if (this.params.data) this.params.context.openRecord(this.params.data);
  };

  private update(params: Params): void {
    this.params = params;
    const text = textOf(params);
    this.text.textContent = text;
    this.button.hidden = !params.data;
    const label = params.context.t('grid.openRecord', { title: text });
    this.button.setAttribute('aria-label', label);
    this.button.title = label;
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  refresh(params: Params): boolean {
    this.update(params);
    return true;
  }

  destroy(): void {
    this.button.removeEventListener('click', this.onClick);
  }
}
