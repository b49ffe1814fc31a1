// Cell renderers: the title with an "open" button and the status tag. Plain DOM components (AG Grid's
// ICellRendererComp), not React: a React renderer costs a portal and a commit per cell, which made scrolling
// 100,000 rows drop frames. They look like Blueprint's Button and Tag through Blueprint's own classes, and read
// shared state (translations, openRecord) from the grid context. Referenced records need no renderer: their
// title is the column's formatted value (grids/ref-cells.ts).
import { Classes } from '@blueprintjs/core';
import type { ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import type { RendererName } from './define-grid';
import type { GridContext } from './grid-context';
import type { ApiRecord } from './records-api';

type Params = ICellRendererParams<ApiRecord, unknown, GridContext>;

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Blueprint's "maximize" glyph at 12 px (two arrows pointing out to the corners). */
const MAXIMIZE_PATH =
  'M11 0H7.5a1 1 0 0 0 0 2h1.09L6.29 4.29a1 1 0 0 0 1.42 1.42L10 3.41V4.5a1 1 0 0 0 2 0V1a1 1 0 0 0-1-1M4.29 6.29 2 8.59V7.5a1 1 0 0 0-2 0V11a1 1 0 0 0 1 1h3.5a1 1 0 0 0 0-2H3.41l2.3-2.29a1 1 0 0 0-1.42-1.42';

const textOf = (p: Params) => p.valueFormatted ?? (p.value === null || p.value === undefined ? '' : String(p.value));

let iconTemplate: HTMLElement | null = null;

/** The icon, built once and cloned for every title cell. */
function maximizeIcon(): Node {
  if (!iconTemplate) {
    const svg = document.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('width', '12');
    svg.setAttribute('height', '12');
    svg.setAttribute('viewBox', '0 0 12 12');
    svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('fill', 'currentColor');
    const path = document.createElementNS(SVG_NS, 'path');
    path.setAttribute('d', MAXIMIZE_PATH);
    path.setAttribute('fill-rule', 'evenodd');
    svg.append(path);
    iconTemplate = document.createElement('span');
    iconTemplate.className = Classes.ICON;
    iconTemplate.append(svg);
  }
  return iconTemplate.cloneNode(true);
}

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
    this.button.className = `${Classes.BUTTON} ${Classes.MINIMAL} ${Classes.SMALL}`;
    this.button.append(maximizeIcon());
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
