// Moving one task event to another date without dragging (the keyboard's way to reschedule): a date field and
// Move; a recurring task asks for the scope first, as a drag in the calendar does.
import { Button, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { reportActionError } from '../../src/components/notices';
import { useTranslation } from '../../src/i18n';
import type { ApiRecord } from '../../src/api/records';
import { rescheduleItem, type SeriesScope } from '../calendar/calendar-api';
import { SeriesScopeDialog } from '../calendar/series-scope-dialog';
import { offerUndo } from '../calendar/undo-step';
import { inverse } from '../calendar/use-calendar-moves';

interface Props {
  event: ApiRecord;
  /** The event's task repeats (a singular task has no series to ask about). */
  series: boolean;
  /** The event's date as shown (names the field). */
  label: string;
  /** The task's title (the scope question and the notice). */
  title: string;
  onMoved: () => void;
}

export function EventMove({ event, series, label, title, onMoved }: Props) {
  const { t } = useTranslation();
  const [date, setDate] = useState('');
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const move = (scope: SeriesScope) => {
    setAsking(false);
    setPending(true);
    const from = String(event.due_date);
    const item = { kind: 'task_event' as const, uuid: event.uuid, series };
    rescheduleItem(item, date, scope)
      .then((moved) => {
        const label = t(`calendar.moved.${scope}`, { title });
        offerUndo(inverse(item, from, date, scope, label, moved), onMoved);
        setDate('');
        onMoved();
      }, reportActionError)
      .finally(() => setPending(false));
  };
  return (
    <>
      <InputGroup
        size="small"
        type="date"
        aria-label={t('planning.event.newDate', { date: label })}
        value={date}
        onValueChange={setDate}
      />
      <Button
        size="small"
        disabled={!date || date === event.due_date}
        loading={pending}
        onClick={() => (series ? setAsking(true) : move('this'))}
      >
        {t('planning.event.move')}
      </Button>
      <SeriesScopeDialog isOpen={asking} title={title} onConfirm={move} onCancel={() => setAsking(false)} />
    </>
  );
}
