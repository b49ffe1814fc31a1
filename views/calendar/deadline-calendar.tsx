// The deadline calendar (docs/domain/planning.md, "Deadline calendar"): task events, ticket and order due dates and
// record dates (contracts, guarantees, counters, tenancies, documents, facilities, bills) of the selected context,
// month / week / day / list / multi-month, drawn in their kind's colour with a marking for overdue and closed ones
// (the legend beside it), details on hover and focus, drag and resize to reschedule (Ctrl+Z undoes), drops from the
// undated tray. FullCalendar standard plugins only; its own toolbar is ours.
import type {
  DatesSetArg,
  EventClickArg,
  EventDropArg,
  EventHoveringArg,
  EventInput,
  EventMountArg,
} from '@fullcalendar/core';
import deLocale from '@fullcalendar/core/locales/de';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DropArg, type EventResizeDoneArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import multiMonthPlugin from '@fullcalendar/multimonth';
import FullCalendar from '@fullcalendar/react';
import { Callout, Intent } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useUndoKeys } from '../../grids';
import { notify } from '../../src/components/notices';
import { useTranslation } from '../../src/i18n';
import { fetchCalendarEvents, type CalendarContext, type CalendarItem } from './calendar-api';
import { capEvents } from './calendar-cap';
import { isoDate, shortcutTarget, type Shortcut } from './calendar-shortcuts';
import { CalendarToolbar } from './calendar-toolbar';
import { SeriesScopeDialog } from './series-scope-dialog';
import { EventDetails, useEventDetails } from './event-details';
import { CALENDAR_QUERY_KEY, useCalendarMoves } from './use-calendar-moves';
import './calendar.css';

const PLUGINS = [dayGridPlugin, listPlugin, multiMonthPlugin, interactionPlugin];
const VIEWS = { multiMonthRolling: { type: 'multiMonth', duration: { months: 12 } } };
const LOCALES = [deLocale];
const canEdit = (item: CalendarItem) => Boolean(item.links.reschedule);
const dayBefore = (date: Date) => isoDate(new Date(date.getFullYear(), date.getMonth(), date.getDate() - 1));

interface Props {
  context: CalendarContext;
  /** The list view on phones, the month elsewhere. */
  phone: boolean;
  onOpenItem?: (item: CalendarItem) => void;
  /**
   * The screen's linked selection (docs/decisions.md, "Linked selection"): the events of these records are drawn
   * selected, and a click selects the item's record (Ctrl/Cmd-click adds it or takes it out, without opening it).
   */
  selection?: LinkedEvents;
}

export interface LinkedEvents {
  isSelected: (item: CalendarItem) => boolean;
  onSelect: (item: CalendarItem, additive: boolean) => void;
}

/** The capped events with those of selected records marked (`hw-cal-selected`, calendar.css). */
function markSelected(events: EventInput[], selection: LinkedEvents | undefined): EventInput[] {
  if (!selection) return events;
  return events.map((event) => {
    const item = event.extendedProps?.item as CalendarItem | undefined;
    if (!item || !selection.isSelected(item)) return event;
    return { ...event, classNames: [...((event.classNames as string[] | undefined) ?? []), 'hw-cal-selected'] };
  });
}

export function DeadlineCalendar({ context, phone, onOpenItem, selection }: Props) {
  const { t, i18n } = useTranslation();
  const ref = useRef<FullCalendar>(null);
  const [range, setRange] = useState<{ from: string; to: string; viewType: string; title: string } | null>(null);
  const { move, pending, confirmScope, cancelScope, lastMoved } = useCalendarMoves();
  const details = useEventDetails();
  useUndoKeys();
  const query = useQuery({
    queryKey: [...CALENDAR_QUERY_KEY, 'events', context, range?.from, range?.to],
    queryFn: ({ signal }) => fetchCalendarEvents(context, range!.from, range!.to, signal),
    enabled: Boolean(range),
    placeholderData: (previous) => previous,
  });
  const viewType = range?.viewType ?? (phone ? 'listMonth' : 'dayGridMonth');
  const capped = useMemo(
    () => capEvents(query.data?.data ?? [], viewType, canEdit, (count) => t('calendar.more', { count }), lastMoved),
    [query.data, viewType, t, lastMoved],
  );
  const events = useMemo(() => markSelected(capped.events, selection), [capped.events, selection]);
  const byId = useMemo(() => new Map((query.data?.data ?? []).map((item) => [item.id, item])), [query.data]);
  const latest = useRef(byId);
  useEffect(() => {
    latest.current = byId;
  }, [byId]);
  const api = () => ref.current?.getApi();

  // FullCalendar calls this after every render that sets options: keep the state when nothing moved
  const onDatesSet = (arg: DatesSetArg) => {
    const next = { from: isoDate(arg.start), to: dayBefore(arg.end), viewType: arg.view.type, title: arg.view.title };
    setRange((current) =>
      current &&
      current.from === next.from &&
      current.to === next.to &&
      current.viewType === next.viewType &&
      current.title === next.title
        ? current
        : next,
    );
  };
  const onClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    const more = arg.event.extendedProps.more as string | undefined;
    if (more) return api()?.changeView('listDay', more);
    const item = arg.event.extendedProps.item as CalendarItem;
    const additive = arg.jsEvent.ctrlKey || arg.jsEvent.metaKey;
    selection?.onSelect(item, additive);
    if (!(selection && additive)) onOpenItem?.(item);
  };
  // a computed date dropped on another day goes back, and a notice says why (its kind's reason key)
  const refuseLocked = (item: CalendarItem, revert: () => void) => {
    if (!item.locked_reason) return false;
    revert();
    notify.warning(
      t('calendar.locked.notice', { title: item.title, reason: t(`calendar.locked.${item.locked_reason}`) }),
      {
        key: `locked:${item.id}`,
      },
    );
    return true;
  };
  const onDrop = (arg: EventDropArg) => {
    const item = arg.event.extendedProps.item as CalendarItem;
    if (refuseLocked(item, arg.revert)) return;
    move({ item, from: item.date, to: isoDate(arg.event.start!), revert: arg.revert });
  };
  const onResize = (arg: EventResizeDoneArg) => {
    // a deadline is one day: stretching or shrinking it moves the due date to its new last day
    const item = arg.event.extendedProps.item as CalendarItem;
    if (refuseLocked(item, arg.revert)) return;
    const last = arg.event.end ? dayBefore(arg.event.end) : isoDate(arg.event.start!);
    move({ item, from: item.date, to: last, revert: arg.revert });
  };
  // the details tooltip follows the pointer (eventMouseEnter / eventMouseLeave) and the keyboard focus
  const itemOf = (arg: { event: EventMountArg['event'] }) => arg.event.extendedProps.item as CalendarItem | undefined;
  const { show, hide } = details;
  const onMount = (arg: EventMountArg) => {
    const id = itemOf(arg)?.id;
    if (!id) return;
    // FullCalendar keeps an entry's element when its data changes: the item is looked up when focused
    arg.el.addEventListener('focusin', () => {
      const item = latest.current.get(id);
      if (item) show(item, arg.el);
    });
    arg.el.addEventListener('focusout', () => hide(arg.el));
  };
  const onUnmount = (arg: EventMountArg) => hide(arg.el);
  const onEnter = (arg: EventHoveringArg) => {
    const item = itemOf(arg);
    if (item) show(item, arg.el);
  };
  const onLeave = (arg: EventHoveringArg) => {
    if (!arg.el.contains(document.activeElement)) hide(arg.el); // the focus keeps it
  };
  const onExternalDrop = (arg: DropArg) => {
    const raw = arg.draggedEl.dataset.item;
    if (raw)
      move({ item: JSON.parse(raw) as CalendarItem, from: null, to: arg.dateStr.slice(0, 10), revert: () => {} });
  };
  const goTo = (shortcut: Shortcut) => {
    const target = shortcutTarget(shortcut, new Date(), phone);
    api()?.changeView(target.view, target.date);
  };

  return (
    <section className="hw-calendar" aria-label={t('calendar.title')} aria-busy={query.isFetching}>
      <CalendarToolbar
        title={range?.title ?? ''}
        viewType={viewType}
        onPrev={() => api()?.prev()}
        onNext={() => api()?.next()}
        onToday={() => api()?.today()}
        onView={(view) => api()?.changeView(phone && view === 'dayGridMonth' ? 'listMonth' : view)}
        onShortcut={goTo}
      />
      {(capped.hidden > 0 || query.data?.meta.truncated) && (
        <Callout intent={Intent.PRIMARY} compact className="hw-cal-cap" role="status">
          {query.data?.meta.truncated
            ? t('calendar.truncated', { limit: query.data.meta.limit })
            : t('calendar.capped', { count: capped.hidden })}
        </Callout>
      )}
      <FullCalendar
        ref={ref}
        plugins={PLUGINS}
        views={VIEWS}
        initialView={phone ? 'listMonth' : 'dayGridMonth'}
        headerToolbar={false}
        locales={LOCALES}
        locale={i18n.language === 'en-us' ? 'en' : 'de'}
        firstDay={1}
        height="auto"
        events={events}
        eventOrder="sortKey,title"
        dayMaxEvents={false}
        eventInteractive
        editable
        eventDurationEditable
        droppable
        datesSet={onDatesSet}
        eventClick={onClick}
        eventDrop={onDrop}
        eventResize={onResize}
        eventDidMount={onMount}
        eventWillUnmount={onUnmount}
        eventMouseEnter={onEnter}
        eventMouseLeave={onLeave}
        eventDragStart={() => hide()}
        drop={onExternalDrop}
        noEventsContent={t('calendar.empty')}
      />
      <EventDetails id={details.id} shown={details.shown} />
      <SeriesScopeDialog
        key={pending?.item.id ?? 'none'}
        isOpen={pending !== null}
        title={pending?.item.title ?? ''}
        onConfirm={confirmScope}
        onCancel={cancelScope}
      />
    </section>
  );
}
