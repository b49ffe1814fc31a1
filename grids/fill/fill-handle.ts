// The fill handle (docs/domain/spreadsheet.md, "Grid editing"): a small square at the bottom-right corner of the selected range,
// drawn in a layer over the grid body (plain DOM, placed from the grid's geometry, so it does not depend on how cells
// are rendered). Dragging it down or to the right outlines the range it will fill; releasing hands source and target
// to the host, which fills like Ctrl+D / Ctrl+R. Near the body's edge the grid scrolls on. Escape cancels.
import type { Column, GridApi } from 'ag-grid-community';
import { RANGE_ROW_CAP, type Bounds } from '../range/range';
import type { ApiRecord } from '../../src/api/records';
import { dataColumns } from '../sheet-access';
import { columnAt, gridGeometry, type GridGeometry, type Span } from './grid-geometry';

export interface FillHandleHost {
  api: () => GridApi<ApiRecord> | null;
  /** The selected range (or the focused cell). */
  bounds: () => Bounds | null;
  fill: (source: Bounds, target: Bounds) => void;
}

const SIZE = 8;
/** Pixels from the body's edge where a drag scrolls the grid on. */
const EDGE = 16;
const SCROLL_EVERY_MS = 50;

interface Drag {
  pointer: number;
  source: Bounds;
  target: Bounds;
  x: number;
  y: number;
  timer: ReturnType<typeof setInterval>;
}

const sameBounds = (a: Bounds, b: Bounds) =>
  a.top === b.top && a.bottom === b.bottom && a.left === b.left && a.right === b.right;
const clamp = (v: number, min: number, max: number) => Math.max(min, Math.min(max, v));

/**
 * Hides an element unless it is hidden already: writing the attribute again would still make the browser
 * recalculate style, and the grid reads layout in its next scroll handler, so every scroll frame would pay for it.
 */
function hide(element: HTMLElement): void {
  if (!element.hidden) element.hidden = true;
}

export class FillHandle {
  readonly handle: HTMLElement;
  private readonly outline: HTMLElement;
  private drag: Drag | null = null;
  private frame = 0;

  constructor(
    private readonly layer: HTMLElement,
    private readonly host: FillHandleHost,
    title: string,
  ) {
    this.handle = document.createElement('div');
    this.handle.className = 'hw-fill-handle';
    this.handle.title = title;
    this.handle.hidden = true;
    this.outline = document.createElement('div');
    this.outline.className = 'hw-fill-outline';
    this.outline.hidden = true;
    layer.append(this.outline, this.handle);
    this.handle.addEventListener('pointerdown', this.onDown);
    this.handle.addEventListener('pointermove', this.onMove);
    this.handle.addEventListener('pointerup', this.onUp);
    this.handle.addEventListener('pointercancel', this.cancel);
    this.handle.addEventListener('lostpointercapture', this.cancel);
  }

  /** Places the handle again on the next frame (after a scroll, a resize, a new range). */
  update = () => {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.place();
    });
  };

  destroy() {
    cancelAnimationFrame(this.frame);
    this.cancel();
    this.handle.remove();
    this.outline.remove();
  }

  private scope(): { api: GridApi<ApiRecord>; columns: Column[]; geometry: GridGeometry } | null {
    const api = this.host.api();
    const scope = this.layer.parentElement;
    if (!api || api.isDestroyed() || !scope) return null;
    const columns = dataColumns(api);
    const geometry = gridGeometry(scope, columns);
    return geometry && { api, columns, geometry };
  }

  /** Client x and y → the layer's coordinates. */
  private put(element: HTMLElement, left: number, top: number, width?: number, height?: number) {
    const origin = this.layer.getBoundingClientRect();
    element.style.transform = `translate(${left - origin.left}px, ${top - origin.top}px)`;
    if (width !== undefined) element.style.width = `${width}px`;
    if (height !== undefined) element.style.height = `${height}px`;
    if (element.hidden) element.hidden = false;
  }

  private place() {
    const bounds = this.drag?.source ?? this.host.bounds();
    // no range, no handle: the grid's geometry (which makes the browser lay out) is read only when there is one
    const at = bounds && this.scope();
    const column = bounds && at?.columns[bounds.right];
    const x = column && at.geometry.col(column)?.end;
    if (!bounds || !at || !column || x === undefined || x === null || at.api.getEditingCells().length > 0) {
      hide(this.handle);
      hide(this.outline);
      return;
    }
    const { geometry } = at;
    const y = geometry.row(bounds.bottom).end;
    const clip = geometry.clipX(column);
    const visible =
      x >= clip.start - 1 && x <= clip.end + 1 && y >= geometry.body.top - 1 && y <= geometry.body.bottom + 1;
    if (visible) this.put(this.handle, x - SIZE / 2, y - SIZE / 2);
    else hide(this.handle);
    if (this.drag) this.drawOutline(at.columns, geometry, this.drag.target);
  }

  private onDown = (event: PointerEvent) => {
    const source = this.host.bounds();
    if (event.button !== 0 || !source) return;
    event.preventDefault();
    event.stopPropagation();
    this.handle.setPointerCapture(event.pointerId);
    this.drag = {
      pointer: event.pointerId,
      source,
      target: source,
      x: event.clientX,
      y: event.clientY,
      timer: setInterval(() => this.track(true), SCROLL_EVERY_MS),
    };
    window.addEventListener('keydown', this.onKey, true);
    this.handle.classList.add('hw-fill-dragging');
  };

  private onMove = (event: PointerEvent) => {
    if (!this.drag || event.pointerId !== this.drag.pointer) return;
    this.drag.x = event.clientX;
    this.drag.y = event.clientY;
    this.track(false);
  };

  private onUp = (event: PointerEvent) => {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointer) return;
    drag.x = event.clientX;
    drag.y = event.clientY;
    this.track(false);
    this.stop();
    if (!sameBounds(drag.source, drag.target)) this.host.fill(drag.source, drag.target);
  };

  private onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    this.cancel();
  };

  private cancel = () => {
    if (this.drag) this.stop();
  };

  private stop() {
    const drag = this.drag;
    if (!drag) return;
    this.drag = null;
    clearInterval(drag.timer);
    window.removeEventListener('keydown', this.onKey, true);
    if (this.handle.hasPointerCapture(drag.pointer)) this.handle.releasePointerCapture(drag.pointer);
    this.handle.classList.remove('hw-fill-dragging');
    this.outline.hidden = true;
    this.update();
  }

  /**
   * The target under the pointer: down when the pointer is further below the range's corner than right of it,
   * else right; never up or left. `scroll`: the grid scrolls on when the pointer is at the body's edge.
   */
  private track(scroll: boolean) {
    const drag = this.drag;
    const at = this.scope();
    if (!drag || !at) return;
    const { api, columns, geometry } = at;
    const { source, x, y } = drag;
    const corner = columns[source.right] && geometry.col(columns[source.right]!);
    if (!corner) return;
    const dx = x - corner.end;
    const dy = y - geometry.row(source.bottom).end;
    let target = source;
    if (dy > 0 && dy >= dx) {
      const last = Math.min(api.getDisplayedRowCount() - 1, source.top + RANGE_ROW_CAP - 1);
      const row = clamp(geometry.rowAt(Math.min(y, geometry.body.bottom - 1)), source.bottom, last);
      target = { ...source, bottom: row };
      if (scroll && y > geometry.body.bottom - EDGE && row < last) api.ensureIndexVisible(row + 1, 'bottom');
    } else if (dx > 0) {
      const col = Math.max(source.right, columnAt(geometry, columns, x));
      target = { ...source, right: col };
      const next = columns[col + 1];
      if (scroll && next && x > geometry.clipX(columns[col]!).end - EDGE) api.ensureColumnVisible(next);
    }
    drag.target = target;
    this.drawOutline(columns, geometry, target);
  }

  /** A dashed frame around the range the fill will cover (source and extension), cut to the body. */
  private drawOutline(columns: Column[], geometry: GridGeometry, target: Bounds) {
    if (!this.drag || sameBounds(this.drag.source, target)) {
      this.outline.hidden = true;
      return;
    }
    const { body } = geometry;
    const left: Span | null = columns[target.left] ? geometry.col(columns[target.left]!) : null;
    const right: Span | null = columns[target.right] ? geometry.col(columns[target.right]!) : null;
    const x1 = clamp(left?.start ?? body.left, body.left, body.right);
    const x2 = clamp(right?.end ?? body.right, body.left, body.right);
    const y1 = clamp(geometry.row(target.top).start, body.top, body.bottom);
    const y2 = clamp(geometry.row(target.bottom).end, body.top, body.bottom);
    this.put(this.outline, x1, y1, Math.max(0, x2 - x1), Math.max(0, y2 - y1));
  }
}
