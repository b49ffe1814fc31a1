// Tickets and orders without a due date, waiting to be dragged onto a day (FullCalendar's interaction Draggable).
// Each item carries its calendar item as JSON; the calendar's drop handler reschedules it.
import { Draggable } from '@fullcalendar/interaction';
import { Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../src/i18n';
import { fetchUndated, type CalendarContext } from './calendar-api';
import { eventClassNames } from './calendar-cap';
import { CALENDAR_QUERY_KEY } from './use-calendar-moves';

const SHOWN = 100;

export function UndatedTray({ context }: { context: CalendarContext }) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const query = useQuery({
    queryKey: [...CALENDAR_QUERY_KEY, 'undated', context],
    queryFn: ({ signal }) => fetchUndated(context, signal),
    enabled: context.kinds.some((k) => k === 'ticket' || k === 'order'),
  });
  useEffect(() => {
    if (!list.current) return;
    const draggable = new Draggable(list.current, {
      itemSelector: '.hw-tray-item',
      // create: false: the drop handler saves it and the refetch shows it, so no event is added twice
      eventData: (el) => ({ title: el.dataset.title, allDay: true, create: false }),
    });
    return () => draggable.destroy();
  }, []);
  const items = query.data ?? [];
  return (
    <aside className="hw-cal-tray" aria-labelledby="hw-cal-tray-title">
      <h3 id="hw-cal-tray-title">
        {t('calendar.tray.title')}{' '}
        <Tag minimal round>
          {items.length}
        </Tag>
      </h3>
      <p className="hw-cal-tray-hint">{t('calendar.tray.hint')}</p>
      <ul ref={list}>
        {items.slice(0, SHOWN).map((item) => (
          <li
            key={item.id}
            className={['hw-tray-item', ...eventClassNames(item)].join(' ')}
            data-item={JSON.stringify(item)}
            data-title={item.title}
          >
            <span className="hw-cal-kind">{t(`calendar.kinds.${item.kind}`)}</span> {item.title}
          </li>
        ))}
      </ul>
      {items.length > SHOWN && <p>{t('calendar.tray.more', { count: items.length - SHOWN })}</p>}
      {!items.length && !query.isLoading && <p className="hw-cal-tray-hint">{t('calendar.tray.empty')}</p>}
    </aside>
  );
}
