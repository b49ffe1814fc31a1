// A chart's marks in a module's Chart view (docs/decisions.md, "Charts in the linked selection"): each bar, slice or
// point is a button (role, name, pressed when the selection's records belong to it); a click or Enter / Space picks
// it, Ctrl or Cmd adds. One mark is the chart's tab stop, the arrow keys move between the marks in drawing order.
// Marks of selected records are outlined in the theme's text colour, the others dimmed (charts.css).
import { createContext, useContext, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { ListQuery } from '../../src/api/records';

export interface ChartLinking {
  /** The marks of the selected records; null without a selection (nothing dimmed). */
  highlighted: ReadonlySet<string> | null;
  /** A mark picked: select the records behind it (`additive`: add them, or take them out when all are in). */
  pick: (mark: string, additive: boolean) => void;
  /** The mark that is the chart's tab stop; null: the first drawn. */
  focus: string | null;
  setFocus: (mark: string) => void;
}

/**
 * The linking reaches the marks through context, so that the charts' shape functions stay the same between renders:
 * recharts draws a bar or slice anew when its shape changes, and the keyboard's focus would be lost.
 */
export const ChartLinkContext = createContext<ChartLinking | null>(null);

/** In a Chart view, the grid's filters (`filter[...]` parameters) the chart is asked with, so it counts what the grid
 * lists. A context of its own: the linking's changes with every focus move and would redraw the chart's data. */
export const ChartFilterContext = createContext<ListQuery | undefined>(undefined);

const MOVES: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** The focusable marks of the chart around `from`, in drawing order. */
function marksAround(from: Element): HTMLElement[] {
  const root = from.closest('.hw-chart-body') ?? from.closest('svg');
  return root ? [...root.querySelectorAll<HTMLElement>('[data-mark]')] : [];
}

/** The props of a mark's `<g>`: `first` makes it the tab stop while none has been focused. */
export function markProps(linked: ChartLinking, mark: string, label: string, first: boolean) {
  const on = linked.highlighted?.has(mark) ?? false;
  const state = linked.highlighted ? (on ? ' hw-chart-mark-on' : ' hw-chart-mark-off') : '';
  return {
    'data-mark': mark,
    role: 'button',
    'aria-pressed': on,
    'aria-label': label,
    tabIndex: linked.focus === mark || (linked.focus === null && first) ? 0 : -1,
    className: `hw-chart-mark${state}`,
    onClick: (e: MouseEvent) => {
      e.stopPropagation();
      linked.setFocus(mark);
      linked.pick(mark, e.ctrlKey || e.metaKey);
    },
    onKeyDown: (e: KeyboardEvent<SVGGElement>) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        e.stopPropagation();
        linked.pick(mark, e.ctrlKey || e.metaKey);
        return;
      }
      const step = MOVES[e.key] ?? (e.key === 'Home' || e.key === 'End' ? 0 : undefined);
      if (step === undefined) return;
      // the chart's own keyboard (recharts moves its tooltip) would draw the bars anew
      e.preventDefault();
      e.stopPropagation();
      const marks = marksAround(e.currentTarget);
      const at = marks.indexOf(e.currentTarget as unknown as HTMLElement);
      const index = e.key === 'Home' ? 0 : e.key === 'End' ? marks.length - 1 : at + step;
      const next = marks[Math.max(0, Math.min(marks.length - 1, index))];
      if (!next) return;
      next.focus();
      linked.setFocus(next.dataset.mark ?? mark);
    },
  };
}

/** A mark drawn by recharts (`children`), wrapped as a button of the linked selection. */
export function LinkedMark(props: { mark: string; label: string; first: boolean; children: ReactNode }) {
  const { mark, label, first, children } = props;
  const linked = useContext(ChartLinkContext);
  if (!linked) return <>{children}</>;
  return <g {...markProps(linked, mark, label, first)}>{children}</g>;
}
