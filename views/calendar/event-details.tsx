// The details of a calendar entry, shown while the pointer rests on it or it has the keyboard focus (docs/decisions.md,
// "Planning screens and the deadline calendar (client)"): title, kind, date and state (overdue said in words), and
// why a computed date cannot move. One tooltip for the whole calendar, placed under the entry (above it near the
// bottom of the window, in a portal on the page's body), named by the entry's aria-describedby while shown; Escape, a
// scroll or a drag hides it.
import { useCallback, useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { useFormat } from '../../src/components/use-format';
import { DATE_KINDS, isDateKind } from '../../src/domain/calendar-kinds';
import { useTranslation } from '../../src/i18n';
import type { CalendarItem } from './calendar-api';
import { kindClass } from './kind-class';
import { useKindLabel } from './kinds';

interface Shown {
  item: CalendarItem;
  el: HTMLElement;
}

/** Room the tooltip needs under its entry before it goes above it instead. */
const ROOM_BELOW = 140;
const WIDTH = 280;

export function useEventDetails() {
  const id = useId();
  const [shown, setShown] = useState<Shown | null>(null);
  const show = useCallback(
    (item: CalendarItem, el: HTMLElement) => {
      el.setAttribute('aria-describedby', id);
      setShown((current) => (current?.el === el ? current : { item, el }));
    },
    [id],
  );
  const hide = useCallback((el?: HTMLElement) => {
    setShown((current) => {
      if (!current || (el && current.el !== el)) return current;
      current.el.removeAttribute('aria-describedby');
      return null;
    });
  }, []);
  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && hide();
    const onScroll = () => hide();
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll, true);
    };
  }, [shown, hide]);
  return { id, shown, show, hide };
}

/** The state in words: the status's label (`enums`), and "overdue". */
function useStateText() {
  const { t, i18n } = useTranslation();
  return (item: CalendarItem) => {
    const model = isDateKind(item.kind) ? DATE_KINDS[item.kind].model : (item.model ?? item.kind);
    const key = `enums.${model}.status.${item.status}`;
    const parts = item.status && i18n.instance.exists(key) ? [t(key)] : [];
    if (item.overdue) parts.push(t('calendar.details.overdue'));
    return parts.join(', ');
  };
}

export function EventDetails({ id, shown }: { id: string; shown: Shown | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const stateText = useStateText();
  const labelOf = useKindLabel();
  if (!shown?.el.isConnected) return null;
  const { item } = shown;
  const rect = shown.el.getBoundingClientRect();
  const left = Math.max(8, Math.min(rect.left, window.innerWidth - WIDTH - 8));
  const place =
    rect.bottom + ROOM_BELOW > window.innerHeight
      ? { bottom: window.innerHeight - rect.top + 6, left }
      : { top: rect.bottom + 6, left };
  const state = stateText(item);
  return createPortal(
    <div
      id={id}
      role="tooltip"
      className={`hw-cal-details ${kindClass(item.kind)}`}
      style={{ ...place, maxWidth: WIDTH }}
    >
      <strong className="hw-cal-details-title">{item.title}</strong>
      <dl>
        <dt>{t('calendar.details.kind')}</dt>
        <dd>
          <span className="hw-cal-swatch" aria-hidden="true" />
          {labelOf(item.kind)}
        </dd>
        <dt>{t('calendar.details.date')}</dt>
        <dd>{format.date(item.date)}</dd>
        {state && (
          <>
            <dt>{t('calendar.details.state')}</dt>
            <dd>{state}</dd>
          </>
        )}
      </dl>
      {item.locked_reason && <p>{t(`calendar.locked.${item.locked_reason}`)}</p>}
    </div>,
    document.body,
  );
}
