// Cell renderers: the title with an "open" button and the status tag. Plain DOM components (AG Grid's
// ICellRendererComp), not React: a React renderer costs a portal and a commit per cell, which made scrolling
// 100,000 rows drop frames. They look like Blueprint's Button and Tag through Blueprint's own classes, and read
// shared state (translations, openRecord) from the grid context. Referenced records need no renderer: their
// title is the column's formatted value (grids/ref-cells.ts).
import { Classes } from '@blueprintjs/core';
import type { ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import type { RendererName } from './define-grid';
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

/** A status as a round tag, green while the status counts as active. */
export class StatusTagCell implements ICellRendererComp<ApiRecord> {
  private gui = document.createElement('span');

  init(params: Params): void {
    this.update(params);
  }

  private update(params: Params): void {
    const { value, context } = params;
    const empty = value === null || value === undefined || value === '';
    this.gui.hidden = empty;
    if (empty) return;
    const active = context.entity.status?.active.includes(String(value));
    this.gui.className = [Classes.TAG, Classes.MINIMAL, Classes.ROUND, active ? Classes.INTENT_SUCCESS : ''].join(' ');
    this.gui.textContent = textOf(params);
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  refresh(params: Params): boolean {
    this.update(params);
    return true;
  }
}

/** The renderers a grid definition may name. */
export const NAMED_RENDERERS = { statusTag: StatusTagCell } satisfies Record<
  RendererName,
  new () => ICellRendererComp<ApiRecord>
>;
